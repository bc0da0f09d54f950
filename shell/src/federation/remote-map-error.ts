/**
 * The remote map could not be read at all, or the server had none it could use: no page can load.
 * The browser's map reader throws it, the server's render fails the site's loader with it, and the
 * route error screen shows the site-level message for it. `composed`: the server composed the page
 * without a map, so its security headers allow no slice origin yet: trying again takes a new page.
 */
export class RemoteMapError extends Error {
  override name = 'RemoteMapError';
  readonly composed: boolean;

  constructor(message: string, { composed = false } = {}) {
    super(message);
    this.composed = composed;
  }
}
