// @ts-check
// What one miss costs the composer in CPU, per route: shell/server's composer, in
// this process, wired as main.mjs wires it (composer-from-config.mjs), composes each page again
// and again, each time in a new year (a page depends on it, so every request is a miss). process.cpuUsage() counts
// every thread of the process: the event loop and libuv's pool, where pages are compressed.
import { setTimeout as sleep } from 'node:timers/promises';
import { localComposerSettings } from '../../scripts/local-composer.mjs';
import { serverConfig } from '../../shell/server/config.mjs';
import { composerFromConfig } from '../../shell/server/composer-from-config.mjs';
import { serverTimings } from './server-timing.mjs';

/**
 * @typedef {object} MissCost
 * @property {string} route
 * @property {number} answerCpuMs CPU until the answer: fragment lookup, rendering, quick compression
 * @property {number} backgroundCpuMs CPU after it: the best compression that replaces the quick one (if the page gets one)
 * @property {Record<string, number>} timing the mean of each Server-Timing duration (wall time, ms)
 */

const cpuMs = (/** @type {NodeJS.CpuUsage} */ usage) => (usage.user + usage.system) / 1000;

/**
 * @param {{ deployments: string, routes: string[], warmup?: number, runs?: number }} options
 * @returns {Promise<MissCost[]>}
 */
export async function missCosts({ deployments, routes, warmup = 10, runs = 30 }) {
  const config = serverConfig(localComposerSettings(deployments));
  let year = 2001;
  const { composer: handler, remoteMap } = await composerFromConfig(config, {
    log: () => undefined,
    now: () => Date.UTC(year, 5, 1),
  });

  /** A request for `route`, as a browser asks (brotli). */
  const get = (/** @type {string} */ route) =>
    handler.respond({
      method: 'GET',
      url: route,
      headers: { get: (name) => (name === 'accept-encoding' ? 'br' : null) },
    });

  /** One miss: its CPU until the answer and after it, and its Server-Timing. */
  const miss = async (/** @type {string} */ route) => {
    year += 1;
    const started = process.cpuUsage();
    const answer = await get(route);
    const answered = process.cpuUsage(started);
    if (!('status' in answer) || answer.status !== 200) throw new Error(`${route} was not composed.`);
    // Done when the page, asked again (a hit), comes in other bytes (its best compression replaced
    // the quick one), or when the process has used no CPU for 20 ms (the page gets none).
    for (let idle = 0, last = process.cpuUsage(); idle < 4;) {
      await sleep(5);
      const hit = await get(route);
      if ('body' in hit && hit.body !== answer.body) break;
      idle = cpuMs(process.cpuUsage(last)) < 0.5 ? idle + 1 : 0;
      last = process.cpuUsage();
    }
    const timing = serverTimings(answer.headers[answer.headers.indexOf('Server-Timing') + 1]);
    return { answered: cpuMs(answered), total: cpuMs(process.cpuUsage(started)), timing };
  };

  /** @type {MissCost[]} */
  const costs = [];
  for (const route of routes) {
    for (let i = 0; i < warmup; i += 1) await miss(route);
    /** @type {Awaited<ReturnType<typeof miss>>[]} */
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await miss(route));
    const mean = (/** @type {(sample: (typeof samples)[number]) => number} */ of) =>
      samples.reduce((sum, sample) => sum + of(sample), 0) / samples.length;
    const names = Object.keys(samples[0]?.timing ?? {});
    costs.push({
      route,
      answerCpuMs: mean((sample) => sample.answered),
      backgroundCpuMs: mean((sample) => sample.total - sample.answered),
      timing: Object.fromEntries(names.map((name) => [name, mean((sample) => sample.timing[name] ?? 0)])),
    });
  }
  remoteMap.close();
  return costs;
}
