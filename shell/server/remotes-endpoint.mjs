// @ts-check
// /remotes.json: the browser's remote map, what it may load (never the map file itself), for the
// visitor's bucket, the tab's preview links and the browser's development override; shared and
// revalidated by its ETag otherwise.
import { etagMatches, etagOf } from '@nova/kit/etag';
import { seesCanary } from '@nova/contracts/traffic';
import { previewOf } from '@nova/signing/preview-token';
import { cachePolicy, edgeExpiry } from './page-policy.mjs';
import { browserRemoteMap } from './remote-map-view.mjs';
import { overriddenVersion } from './version-choice.mjs';
import { visitorHeaders, visitorOf } from './request.mjs';

/** @typedef {import('./request.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').PlainResponse} PlainResponse */
/** @typedef {import('./remote-map-view.mjs').RemoteMapView} RemoteMapView */
/** @typedef {import('./overrides.mjs').ActiveOverride} ActiveOverride */
/** @typedef {import('@nova/signing/signing').Signer} Signer */

/**
 * The versions a tab's preview links let it load: each link's token signed with the
 * environment's key, not expired, for a version the map lists and never rolled back. Anything
 * else is ignored, and nothing says why: the tab gets the released versions.
 * @param {Signer | undefined} signer the environment's key (none: no preview)
 * @param {string} tokens comma-separated
 * @param {RemoteMapView} view
 * @param {number} now
 * @returns {Record<string, string>}
 */
function previewsAllowed(signer, tokens, view, now) {
  if (!signer) return {};
  const slices = Object.keys(view.environment.slices);
  const previews = tokens.split(',', slices.length).map((token) => previewOf(signer, token, now));
  return Object.fromEntries(
    previews.flatMap((preview) => {
      const slice = slices.find((name) => name === preview?.slice);
      if (!preview || !slice || view.rolledBack(slice, preview.version) || !view.listed(slice, preview.version))
        return [];
      return [[slice, preview.version]];
    }),
  );
}

/**
 * @param {object} options
 * @param {import('./remote-map-source.mjs').RemoteMapSource} options.remoteMap
 * @param {Signer} [options.signer] what preview links are signed with (none: no preview)
 * @param {(map: import('./remote-map-source.mjs').RemoteMapState) => { answer: import('./answers.mjs').Answers, overrideSecurity: (origin: string) => readonly string[] }} options.siteOf
 *   the answers while a state of the map serves, and the security headers of an override's
 * @param {() => number} options.now
 * @returns {(request: RequestParts, search: string, override?: ActiveOverride) => PlainResponse}
 */
export function remotesEndpoint({ remoteMap, signer, siteOf, now }) {
  /**
   * The browser's remote map of the current revision for each set of canaries a bucket sees,
   * serialised once; its tag changes only with it.
   */
  let browserMaps = { revision: '', bySeen: new Map() };
  const json = 'application/json';

  return (request, search, override) => {
    const state = remoteMap.current();
    const { answer, overrideSecurity } = siteOf(state);
    const { plain, bucketChoice } = answer;
    if (state.revision === undefined)
      return plain(503, JSON.stringify({ error: state.unusable }), { type: json, cache: cachePolicy.private });
    if (override) {
      // The override's browser alone: its bucket's versions, and the dev server's entry of its slice.
      const { bucket } = visitorOf(request, { assign: false });
      const version = overriddenVersion(state.view, override, bucket);
      const body = JSON.stringify(
        browserRemoteMap(state.view, { bucket, override: { slice: override.slice, version } }),
      );
      return {
        status: 200,
        headers: [
          ...overrideSecurity(override.origin),
          'Content-Type',
          json,
          'Cache-Control',
          cachePolicy.private,
          'Vary',
          'Cookie',
        ],
        body: request.method === 'HEAD' ? undefined : body,
      };
    }
    const canaries = Object.entries(state.view.canaries);
    const visitor = canaries.length > 0 ? visitorOf(request) : undefined;
    if (visitor?.edgeChooses) return bucketChoice();
    const bucket = visitor?.bucket;
    const query = new URLSearchParams(search);
    if (query.has('preview')) {
      const previews = previewsAllowed(signer, query.get('preview') ?? '', state.view, now());
      return plain(200, JSON.stringify(browserRemoteMap(state.view, { previews, bucket })), {
        type: json,
        cache: cachePolicy.private,
        headers: visitorHeaders(visitor),
      });
    }
    if (browserMaps.revision !== state.revision) browserMaps = { revision: state.revision, bySeen: new Map() };
    const seen = canaries.flatMap(([slice, { share }]) => (seesCanary(bucket ?? -1, share) ? [slice] : [])).join();
    let served = browserMaps.bySeen.get(seen);
    if (!served) {
      const body = JSON.stringify(browserRemoteMap(state.view, { bucket }));
      served = { body, etag: etagOf(body) };
      browserMaps.bySeen.set(seen, served);
    }
    const shared = !visitor?.personal;
    const cache = shared ? cachePolicy.page : cachePolicy.private;
    const headers = [
      'ETag',
      served.etag,
      ...(shared ? ['X-Accel-Expires', edgeExpiry(now())] : []),
      ...visitorHeaders(visitor),
    ];
    if (shared && etagMatches(request.headers.get('if-none-match'), served.etag))
      return { status: 304, headers: [...headers, 'Cache-Control', cache] };
    return plain(200, served.body, { type: json, cache, headers });
  };
}
