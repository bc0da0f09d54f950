// @ts-check
// The composer: the shell origin's request handler. A short dispatcher over modules with one job
// each: the request's address and method (negotiation.mjs), field signals (field-signals-endpoint.mjs),
// the browser's remote map (remotes-endpoint.mjs), the shell's build files, canonical addresses,
// and pages (pages.mjs). Web-standard request parts in, a plain answer out, which a runtime
// adapter sends (node-server.mjs); composer-from-config.mjs wires it for every environment.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { canonicalPath } from '@nova/contracts/routes';
import { shell as shellApp } from '@nova/contracts/slices';
import { flatHeaders, plainAnswers } from './answers.mjs';
import { addressOf, namesFile } from './negotiation.mjs';
import { createOverrides } from './overrides.mjs';
import { createPages } from './pages.mjs';
import { cachePolicy, fileCaching, securityHeaders } from './page-policy.mjs';
import { remotesEndpoint } from './remotes-endpoint.mjs';
import { everySliceOrigin } from './remote-map-view.mjs';
import { readShellDocument } from './shell-document.mjs';

/** @typedef {import('./compose.mjs').ShellServerEntry} ShellServerEntry */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./answers.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').Answer} Answer */
/** @typedef {ReturnType<typeof import('./field-signals-endpoint.mjs').createFieldSignalsEndpoint>} FieldSignalsEndpoint */

/**
 * The shell's build as the composer composes pages with it: its server entry, built beside it
 * into the slice list's `shell.serverBuild` (packages/build-preset/src/shell-server-build.js), and
 * its document.
 * @param {string} shellBuild
 * @returns {Promise<{ shell: ShellServerEntry, document: ShellDocument }>}
 */
export async function loadShell(shellBuild) {
  const entry = pathToFileURL(join(shellBuild, '..', shellApp.serverBuild)).href;
  return { shell: await import(entry), document: readShellDocument(shellBuild) };
}

/**
 * @param {object} options
 * @param {ShellServerEntry} options.shell what renders the layout (loadShell)
 * @param {ShellDocument} options.document the shell's document (loadShell)
 * @param {import('./remote-map-source.mjs').RemoteMapSource} options.remoteMap
 * @param {import('./fragment-source.mjs').FragmentSource} options.fragmentOf
 * @param {import('./remote-map-view.mjs').SliceOrigins} options.sliceOrigins which origins serve which slice (the CSP allows them all)
 * @param {readonly string[]} [options.sockets] WebSocket origins pages may connect to (`pnpm dev`'s HMR)
 * @param {string} options.gameProvider the game provider's origin
 * @param {number} options.pageCacheBytes
 * @param {number} [options.bucketChoiceSeconds] how long an edge that gives buckets keeps the answer
 *   that a page depends on the bucket (a minute)
 * @param {() => number} [options.now]
 * @param {(line: string) => void} [options.log]
 * @param {FieldSignalsEndpoint} [options.fieldSignals] field signals in (field-signals-endpoint.mjs)
 * @param {import('@nova/signing/signing').Signer} [options.signer] the environment's key, which preview links are signed with (none: no preview)
 * @param {{ origins: readonly string[], timeoutMs: number }} [options.overrides] where the environment
 *   allows development overrides (`slice dev`, overrides.mjs): the dev servers allowed, and how long
 *   a fragment from one may take (none: override links and cookies are ignored)
 */
export function createComposer({
  shell,
  document,
  remoteMap,
  fragmentOf,
  sliceOrigins,
  sockets,
  gameProvider,
  pageCacheBytes,
  bucketChoiceSeconds = 60,
  now = Date.now,
  log = console.error,
  fieldSignals,
  signer,
  overrides,
}) {
  const securityInputs = {
    sliceOrigins: everySliceOrigin(sliceOrigins),
    inlineScripts: document.inlineScripts,
    gameProvider,
    sockets,
  };
  const security = flatHeaders(securityHeaders(securityInputs));
  const answers = plainAnswers(security, { bucketChoiceSeconds });
  const { plain } = answers;
  const remotes = remotesEndpoint({ remoteMap, signer, answers, now });
  const pages = createPages({ shell, document, remoteMap, fragmentOf, pageCacheBytes, security, answers, now, log });
  const overridden =
    overrides && signer ? createOverrides({ ...overrides, signer, security: securityInputs, now }) : undefined;

  return {
    /**
     * @param {RequestParts} request
     * @returns {Answer | Promise<Answer>}
     */
    respond(request) {
      const address = addressOf(request.url);
      if (!address) return plain(400, 'Bad request: the address cannot be read.', { cache: cachePolicy.private });
      const { pathname, search } = address;
      // Its own methods (POST for field signals) and answers, with the site's security headers.
      if (fieldSignals?.answers(pathname))
        return fieldSignals
          .respond(request, pathname)
          .then((answer) => ({ ...answer, headers: [...security, ...answer.headers] }));
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return plain(405, 'Method not allowed: this site answers GET and HEAD.', { headers: ['Allow', 'GET, HEAD'] });
      if (pathname === '/remotes.json')
        return overridden?.remoteMap(request, remoteMap.current()) ?? remotes(request, new URLSearchParams(search));
      if (namesFile(pathname))
        return {
          file: pathname,
          headers: [...security, 'Cache-Control', fileCaching(pathname)],
        };
      // A page has one address: any other spelling of it is sent there for good.
      const canonical = canonicalPath(pathname);
      if (canonical !== pathname)
        return {
          status: 308,
          headers: [...security, 'Location', canonical + search, 'Cache-Control', cachePolicy.revalidate],
        };
      // A development override's browser gets pages of its own. A tab that previews renders in the
      // browser: its page is its own (the same query parser as /remotes.json and the shell, so
      // `?%70review=` is one too).
      return (
        overridden?.page(request, pathname, search, pages.site) ??
        pages.respond(request, pathname, search !== '' && new URLSearchParams(search).has('preview'))
      );
    },
    /** Whether it can serve the site's pages: it has a usable remote map. */
    ready: () => remoteMap.current().revision !== undefined,
    /** Fetches the fragments of the map's released versions, if it has not for this revision: before the first request. */
    prefetchFragments: pages.prefetchFragments,
    /** Composes and keeps every page of the released versions (a process that is about to listen). */
    warm: pages.warm,
    /** What the page cache holds. */
    cacheSize: pages.cacheSize,
    /** What is remembered of the paths asked for: how many, and their bytes as counted against the bound. */
    pathMemory: pages.pathMemory,
  };
}
