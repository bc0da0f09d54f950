// @ts-check
// The edge's tail in the seconds after a change (issue 34): a new composer and a new edge, both
// empty, loaded through the edge from the moment they answer, window after window; then a release
// of legal under the same load. Every request a cached page would answer in a millisecond or two,
// but for the first of each page (composed, then kept) and the page a release changes.
import { wrk } from './wrk.mjs';
import { releaseUnderLoad } from './release.mjs';

/** @typedef {import('./wrk.mjs').WrkResult} WrkResult */

/**
 * @typedef {object} EdgeAfterChange
 * @property {WrkResult[]} afterStart each window from the start on, every route in turn
 * @property {{ route: string, wrk: WrkResult }} afterRelease the window a release of legal falls in
 */

/**
 * @param {object} options
 * @param {() => Promise<{ origin: string, stop: () => Promise<unknown> }>} options.startComposer a new composer
 * @param {(composer: string) => Promise<{ origin: string, stop: () => Promise<unknown> }>} options.startEdge a new
 *   edge, with an empty cache, in front of it
 * @param {(...args: string[]) => Promise<string>} options.slice the environment's slice CLI
 * @param {string[]} options.routes
 * @param {string} options.releasedRoute a page of legal
 * @param {number} options.seconds each window
 * @param {number} options.windows how many after the start
 * @param {number} options.connections
 * @returns {Promise<EdgeAfterChange>}
 */
export async function edgeAfterChange({
  startComposer,
  startEdge,
  slice,
  routes,
  releasedRoute,
  seconds,
  windows,
  connections,
}) {
  const composer = await startComposer();
  try {
    const edge = await startEdge(composer.origin);
    try {
      /** @type {WrkResult[]} */
      const afterStart = [];
      for (let window = 0; window < windows; window += 1)
        afterStart.push(await wrk(edge.origin, { seconds, connections, paths: routes }));
      const released = await releaseUnderLoad({ url: edge.origin + releasedRoute, slice, seconds });
      return { afterStart, afterRelease: { route: releasedRoute, wrk: released.wrk } };
    } finally {
      await edge.stop();
    }
  } finally {
    await composer.stop();
  }
}
