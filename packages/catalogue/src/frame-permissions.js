// @ts-check
// Plain JavaScript: the local server (Node) reads it as it is, to delegate the same features.

/**
 * Exactly what the provider's demo may use: the game frame's `allow` list, and what the server's
 * Permissions-Policy delegates to the provider's origin.
 */
export const framePermissions = /** @type {const} */ ([
  'autoplay',
  'fullscreen',
  'accelerometer',
  'gyroscope',
  'encrypted-media',
  'clipboard-write',
  'picture-in-picture',
]);
