// @ts-check
// /remotes.json: the browser's remote map, what it may load (never the map file itself), for the
// visitor's bucket and the tab's preview links; shared and revalidated by its ETag otherwise.
import { createHash } from 'node:crypto';
import { seesCanary } from '@nova/contracts/traffic';
import { matchesEtag } from './negotiation.mjs';
import { cachePolicy, edgeExpiry } from './page-policy.mjs';
import { previewsAllowed } from './previews.mjs';
import { browserRemoteMap } from './remote-map-view.mjs';
import { visitorHeaders, visitorOf } from './visitor.mjs';

/** @typedef {import('./answers.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').PlainResponse} PlainResponse */

/**
 * @param {object} options
 * @param {import('./remote-map-source.mjs').RemoteMapSource} options.remoteMap
 * @param {import('@nova/signing/signing').Signer} [options.signer] what preview links are signed with (none: no preview)
 * @param {import('./answers.mjs').PlainAnswers} options.answers
 * @param {() => number} options.now
 * @returns {(request: RequestParts, query: URLSearchParams) => PlainResponse}
 */
export function remotesEndpoint({ remoteMap, signer, answers: { plain, bucketChoice }, now }) {
  /**
   * The browser's remote map of the current revision for each set of canaries a bucket sees,
   * serialised once; its tag changes only with it.
   */
  let browserMaps = { revision: '', bySeen: new Map() };

  return (request, query) => {
    const state = remoteMap.current();
    const json = 'application/json';
    if (state.revision === undefined)
      return plain(503, JSON.stringify({ error: state.unusable }), { type: json, cache: cachePolicy.private });
    const canaries = Object.entries(state.view.canaries);
    const visitor = canaries.length > 0 ? visitorOf(request) : undefined;
    if (visitor?.edgeChooses) return bucketChoice();
    const bucket = visitor?.bucket;
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
      served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
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
    if (shared && matchesEtag(request.headers.get('if-none-match'), served.etag))
      return { status: 304, headers: [...headers, 'Cache-Control', cache] };
    return plain(200, served.body, { type: json, cache, headers });
  };
}
