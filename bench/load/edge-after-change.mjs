// @ts-check
// The edge's tail in the seconds after a change (issue 34): a new composer and a new edge, both
// empty, loaded through the edge from the moment they answer, window after window; then a release
// of legal under the same load (published before the window, as a team uploads from its own
// machine; released a second into it).
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { changedLegalBuild, publishLegal } from './release.mjs';
import { medianOf, wrk } from './wrk.mjs';

/** @typedef {import('./wrk.mjs').WrkResult} WrkResult */

/**
 * @typedef {object} EdgeAfterChange
 * @property {WrkResult[]} afterStart each window from the start on, every route in turn
 * @property {{ route: string, wrk: WrkResult }} afterRelease the window a release of legal falls in
 */

/**
 * The windows of several rounds, each a new start and a release: each window's figures are the
 * median of its rounds', and `highestP99` the highest p99 any round read in it.
 * @param {EdgeAfterChange[]} rounds
 * @returns {{ afterStart: (WrkResult & { highestP99: number })[], afterRelease: { route: string, wrk: WrkResult & { highestP99: number } } }}
 */
export function medianWindows(rounds) {
  const window = (/** @type {WrkResult[]} */ runs) => ({
    ...medianOf(runs),
    highestP99: Math.max(...runs.map((run) => run.p99)),
  });
  const [first] = rounds;
  if (!first) throw new Error('No round of the edge after a change to take the median of.');
  return {
    afterStart: first.afterStart.map((_, index) => window(rounds.flatMap((round) => round.afterStart[index] ?? []))),
    afterRelease: { route: first.afterRelease.route, wrk: window(rounds.map((round) => round.afterRelease.wrk)) },
  };
}

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
      // Published before the window (a team uploads from its own machine), released a second into it.
      const build = changedLegalBuild();
      try {
        const version = await publishLegal(slice, build);
        const load = wrk(edge.origin + releasedRoute, { seconds, connections });
        await sleep(1000);
        await slice('release', 'legal', version);
        return { afterStart, afterRelease: { route: releasedRoute, wrk: await load } };
      } finally {
        rmSync(build, { recursive: true, force: true });
      }
    } finally {
      await edge.stop();
    }
  } finally {
    await composer.stop();
  }
}
