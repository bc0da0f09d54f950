// @ts-check
// The composer: the shell origin's one request handler. A request goes through one pipeline, each
// step a module of its own: what it asks (request.mjs: its address, its visitor), which slice
// serves the address (the map's environment) and which version of it the request is shown, where
// that version's fragment comes from (version-choice.mjs: released, a canary's bucket, a
// development override) and which of its pages the address is, the page kept or composed
// (pages.mjs, page-html.mjs), and the answer (answers.mjs). What is not a page answers beside it: field signals
// (field-signals-endpoint.mjs), the browser's remote map (remotes-endpoint.mjs), the shell's build
// files (sent by the adapter), canonical addresses and override links. Request parts in, a plain
// answer out, no Node types: node-adapter.mjs is the host; composer-from-config.mjs wires it.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { canonicalPath } from '@nova/contracts/routes';
import { shell as shellApp } from '@nova/contracts/slices';
import { answerMemo } from './answer-memo.mjs';
import { answers as answersWith } from './answers.mjs';
import { pageAt } from '@nova/contracts/pages';
import { cachePolicy, fileCaching, securityHeaders } from './page-policy.mjs';
import { createPages } from './pages.mjs';
import { remotesEndpoint } from './remotes-endpoint.mjs';
import { addressOf, namesFile, queryNames } from './request.mjs';
import { readShellDocument } from './shell-document.mjs';
import { chooseVersion } from './version-choice.mjs';

/** @typedef {import('./page-html.mjs').ShellServerEntry} ShellServerEntry */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./request.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').Answer} Answer */
/** @typedef {import('./answers.mjs').PlainResponse} PlainResponse */
/** @typedef {import('./overrides.mjs').ActiveOverride} ActiveOverride */
/** @typedef {import('./pages.mjs').PageHad} PageHad */
/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
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
 * @param {import('./fragment-source.mjs').FragmentSource} options.fragments
 * @param {readonly string[]} [options.sockets] WebSocket origins pages may connect to (`pnpm dev`'s HMR)
 * @param {string} options.gameProvider the game provider's origin
 * @param {number} options.pageCacheBytes
 * @param {number} [options.bucketChoiceSeconds] how long an edge that gives buckets keeps the answer
 *   that a page depends on the bucket (a minute)
 * @param {() => number} [options.now]
 * @param {(line: string) => void} [options.log]
 * @param {FieldSignalsEndpoint} [options.fieldSignals] field signals in (field-signals-endpoint.mjs)
 * @param {import('@nova/signing/signing').Signer} [options.signer] the environment's key, which preview links are signed with (none: no preview)
 * @param {import('./overrides.mjs').Overrides} [options.overrides] development overrides, where the
 *   environment allows them (overrides.mjs; none: override links and cookies are ignored)
 */
export function createComposer({
  shell,
  document,
  remoteMap,
  fragments,
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
  /**
   * What the site's answers carry while a state of the map serves: the security headers, which
   * allow every slice origin of its environment, and the answers made with them (once per state).
   */
  const siteOf = memoizedBy((/** @type {RemoteMapState} */ map) => {
    const allowed = {
      sliceOrigins: map.revision === undefined ? [] : map.view.origins,
      inlineScripts: document.inlineScripts,
      gameProvider,
      sockets,
    };
    const security = securityHeaders(allowed);
    return {
      security,
      answer: answersWith(security, { bucketChoiceSeconds, now }),
      /** An override's answers allow its dev server too (made once per dev server). */
      overrideSecurity: memoizedBy(
        (/** @type {string} */ origin) => securityHeaders({ ...allowed, devServer: origin }),
        (origin) => origin,
      ),
    };
  });
  const remotes = remotesEndpoint({ remoteMap, signer, siteOf, now });
  const pages = createPages({ shell, document, fragments, pageCacheBytes, now, log });
  const memo = answerMemo({ now });
  /** What a page answer is made from, besides the request: the map's state, the page cache's generation. */
  const state = () => ({ map: remoteMap.current(), pages: pages.generation() });

  /** When a page cannot be composed: the document as built, which the browser renders. */
  const staticDocument = (
    /** @type {import('./answers.mjs').Answers} */ answer,
    /** @type {string} */ path,
    /** @type {unknown} */ error,
  ) => {
    log(`Composing ${path} failed; the browser renders it. ${error instanceof Error ? error.stack : error}`);
    return answer.plain(200, document.static, { type: 'text/html; charset=utf-8', cache: cachePolicy.private });
  };

  /** The revision whose versions' fragments were last fetched ahead. */
  let prefetched = '';
  /** Fetches every fragment of the released versions and canaries once per revision of the map, ahead of the pages. */
  const prefetchFragments = async () => {
    const map = remoteMap.current();
    if (map.revision === undefined || map.revision === prefetched) return;
    prefetched = map.revision;
    const versions = [...Object.values(map.view.released), ...Object.values(map.view.canaries)];
    await Promise.all(versions.flatMap((version) => (version ? [fragments.prefetch(version)] : [])));
  };

  /**
   * A page, from the request to the answer: the slice that serves the address, the version of it
   * chosen, the page of that version the address is, the page kept or composed, the answer. A page
   * kept answers at once, without a promise.
   * @param {RequestParts} request
   * @param {string} path canonical
   * @param {{ preview: boolean, override?: ActiveOverride }} asked whether the tab previews (its
   *   page is its own); the override its browser holds
   * @returns {PlainResponse | Promise<PlainResponse>}
   */
  const page = (request, path, { preview, override }) => {
    const map = remoteMap.current();
    if (map.revision !== prefetched)
      prefetchFragments().catch((error) => log(`Fetching fragments ahead failed: ${error}`));
    const { answer, overrideSecurity } = siteOf(map);
    const slice = map.revision === undefined ? undefined : map.view.ownerOf(path);
    const choice = chooseVersion({ map, slice, request, override });
    if (choice.edgeChooses) return answer.bucketChoice();
    // A slice with no version it may load still has its pages: the visitor is told it cannot load.
    const pagesHere =
      choice.version?.pages ?? (slice && map.revision !== undefined ? map.view.unservedPages[slice] : undefined);
    const found = pagesHere && pageAt(pagesHere, path);
    /** @type {import('./pages.mjs').PageShown} */
    const shown = { slice, page: found?.page };
    const security = choice.override && overrideSecurity(choice.override.origin);
    const made = { map, pages: pages.generation() };
    const had = pages.page({ path, shown, map, choice, security });
    const answered = (/** @type {PageHad} */ { page: kept, cache }) => {
      const sent = answer.page(request, kept, { cache, personal: preview, visitor: choice.visitor });
      // A kept page everyone gets is the same answer for the rest of the second.
      if (cache === 'hit' && kept.shared && !preview && !choice.visitor && !choice.override)
        memo.set(request, made, sent);
      return sent;
    };
    return had instanceof Promise ? had.then(answered, (error) => staticDocument(answer, path, error)) : answered(had);
  };

  /**
   * `answer` for the override the request's browser holds (none: at once), with the pages its dev
   * server declares now.
   * @template T
   * @param {RequestParts} request
   * @param {(override: ActiveOverride | undefined) => T | Promise<T>} answer
   * @returns {T | Promise<T>}
   */
  const withOverride = (request, answer) => {
    const override = overrides?.of(request);
    return override && overrides ? overrides.withDevPages(override).then(answer) : answer(undefined);
  };

  return {
    /**
     * @param {RequestParts} request
     * @returns {Answer | Promise<Answer>}
     */
    respond(request) {
      const given = memo.get(request, state);
      if (given) return given;
      const { security, answer } = siteOf(remoteMap.current());
      const address = addressOf(request.url);
      if (!address)
        return answer.plain(400, 'Bad request: the address cannot be read.', { cache: cachePolicy.private });
      const { pathname, search } = address;
      // Its own methods (POST for field signals) and answers, with the site's security headers.
      if (fieldSignals?.answers(pathname))
        return fieldSignals
          .respond(request, pathname)
          .then((sent) => ({ ...sent, headers: [...security, ...sent.headers] }));
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return answer.plain(405, 'Method not allowed: this site answers GET and HEAD.', {
          headers: ['Allow', 'GET, HEAD'],
        });
      if (pathname === '/remotes.json') return withOverride(request, (override) => remotes(request, search, override));
      if (namesFile(pathname))
        return { file: pathname, headers: [...security, 'Cache-Control', fileCaching(pathname)] };
      // A page has one address: any other spelling of it is sent there for good.
      const canonical = canonicalPath(pathname);
      if (canonical !== pathname) return answer.redirect(308, canonical + search);
      // An override link sets (or ends) the override in its browser, then shows the page without it.
      const link = overrides?.link(request, pathname, search);
      if (link)
        return answer.redirect(303, link.location, [
          'Set-Cookie',
          link.setCookie,
          'Cache-Control',
          cachePolicy.private,
          'Vary',
          'Cookie',
        ]);
      // A tab that previews renders in the browser: its page is its own (the same query parser as
      // /remotes.json and the shell, so `?%70review=` is one too).
      const preview = queryNames(search, 'preview');
      return withOverride(request, (override) => page(request, pathname, { preview, override }));
    },
    /** Whether it can serve the site's pages: it has a usable remote map. */
    ready: () => remoteMap.current().revision !== undefined,
    prefetchFragments,
    /**
     * Composes every page the released versions have a fragment for, and compresses each at its
     * best, as if each had been asked for once: a process that warms before it listens answers its
     * first visitors from kept pages, like every visitor after. Resolves to the pages composed.
     */
    async warm() {
      const map = remoteMap.current();
      if (map.revision === undefined) return 0;
      const versions = Object.values(map.view.released).flatMap((version) => (version ? [version] : []));
      const listed = new Set((await Promise.all(versions.map((version) => fragments.prefetch(version)))).flat());
      const asked = (/** @type {string} */ path) => ({ method: 'GET', url: path, headers: { get: () => null } });
      await Promise.all([...listed].map((path) => page(asked(path), path, { preview: false })));
      await pages.settled();
      return listed.size;
    },
    /** What the page cache holds. */
    cacheSize: pages.cacheSize,
  };
}

/**
 * `make` of a value, made once per key: the last few keys' (a map's states, a handful of dev servers).
 * @template K, V
 * @param {(key: K) => V} make
 * @param {(key: K) => unknown} [keyOf]
 */
function memoizedBy(make, keyOf = (key) => key) {
  /** @type {Map<unknown, V>} */
  const made = new Map();
  return (/** @type {K} */ key) => {
    const which = keyOf(key);
    let result = made.get(which);
    if (result === undefined) {
      if (made.size >= 8) made.delete(made.keys().next().value);
      made.set(which, (result = make(key)));
    }
    return result;
  };
}
