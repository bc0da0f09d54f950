// @ts-check
// The load benchmark's section of docs/performance.md, as Markdown: the figures, the targets of
// issue 20 and whether each holds.
import { busyNote } from '../quiet-machine.mjs';

/** @typedef {import('./wrk.mjs').WrkResult} WrkResult */
/** @typedef {import('./miss-cost.mjs').MissCost} MissCost */

/**
 * @typedef {object} LoadFigures
 * @property {{ date: string, commit: string, machine: string, loadBefore: string, busy: boolean, node: string, nginx: string, wrk: string,
 *   seconds: number, rounds: number, connections: number, cores: number }} setup
 * @property {{ route: string, limit: WrkResult, plainNode: WrkResult, oneProcess: WrkResult, allCores: WrkResult, shareOfPlainNode: number, edge?: WrkResult, edgeShareOfLimit?: number }[]} routes
 *   shareOfPlainNode: the composer on every core against plain Node, run one after the other: the median of each round's share;
 *   edgeShareOfLimit: the same of the edge against the static file, in the edge's own rounds
 * @property {string | undefined} edgeMissing why the edge was not measured, if it was not
 * @property {{ path: string, oneProcess: WrkResult, allCores: WrkResult }} misses
 * @property {MissCost[]} missCosts
 * @property {{ timeoutMs: number, seconds: number, stalledRoute: string, otherRoute: string,
 *   healthy: { stalledRoute: WrkResult, otherRoute: WrkResult }, stalled: { stalledRoute: WrkResult, otherRoute: WrkResult } }} stall
 * @property {{ route: string, seconds: number, version: string, wrk: WrkResult,
 *   poller: { requests: number, failures: number, newVersionAfterMs: number | undefined } }} release
 * @property {{ processes: number, requests: number, beforeMiB: number, afterMiB: number }} memory
 * @property {ReturnType<typeof import('./edge-after-change.mjs').medianWindows> & { seconds: number }} [afterChange]
 *   through a new edge and composer, from their start, then around a release, each window the median of the
 *   rounds (not measured without edge/)
 * @property {{ mapBytes: number, notModified: WrkResult, whole: WrkResult }} [discovery] one instance of the
 *   discovery service: conditional reads of a map (304), and whole ones
 */

/** Issue 20's targets, and issue 34's share of plain Node. */
const targets = {
  cachedShareOfLimit: 0.6,
  /** The composer's own work per cached page, against Node sending the same bytes in the same run. */
  cachedShareOfPlainNode: 0.85,
  cachedP99Ms: 15,
  missCpuMs: 10,
  edgeShareOfLimit: 0.8,
  stalledP99OverTimeoutMs: 50,
  otherRoutesP99Growth: 0.2,
  releaseErrors: 0,
  releaseServedWithinMs: 1000,
  memoryChange: 0.1,
  /** Issue 34: through the edge, at every moment, the seconds after a start or a release included. */
  edgeP99AfterChangeMs: 5,
  /** Issue 44: the edge's p99 after a start or a release, over the warm edge's under the same load. */
  edgeP99OverWarmMs: 1,
};

const whole = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');
/** Milliseconds: one decimal below 100. */
const ms = (/** @type {number} */ n) => (n < 100 ? n.toFixed(1) : whole(n));
const percent = (/** @type {number} */ share) => `${Math.round(share * 100)} %`;
const signedPercent = (/** @type {number} */ change) =>
  `${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)} %`;
const mark = (/** @type {boolean} */ ok) => (ok ? '✓' : '✗');

/** A table row. */
const row = (/** @type {(string | number)[]} */ cells) => `| ${cells.join(' | ')} |`;

/**
 * The worst of some values by `key` (the smallest when `lowest`), with what it belongs to.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => number} key
 * @param {{ lowest: boolean }} options
 */
function worst(items, key, { lowest }) {
  return items.reduce((a, b) => ((lowest ? key(b) < key(a) : key(b) > key(a)) ? b : a));
}

/** The windows after a change, each with what it is. */
const changeWindows = (/** @type {NonNullable<LoadFigures['afterChange']>} */ change) => [
  ...change.afterStart.map((result, index) => ({
    window: `${index * change.seconds}–${(index + 1) * change.seconds} s after the start, every route`,
    result,
  })),
  {
    window: `${change.seconds} s around a release of legal, ${change.afterRelease.route}`,
    result: change.afterRelease.wrk,
  },
];

/** The target row of the edge's tail after a change. */
function afterChangeTarget(/** @type {LoadFigures['afterChange']} */ change) {
  const target = `through the nginx edge: p99 ≤ ${targets.edgeP99AfterChangeMs} ms in every window after a start and a release`;
  if (!change) return [target, 'not measured: no edge', undefined];
  const slowest = worst(changeWindows(change), ({ result }) => result.p99, { lowest: false });
  return [
    target,
    `${ms(slowest.result.p99)} ms (${slowest.window}, the highest)`,
    slowest.result.p99 <= targets.edgeP99AfterChangeMs,
  ];
}

/**
 * The target row of the edge's tail after a change against the warm edge's: each window after the
 * start against the last one (the same load, warm), the release's against the warm edge's own run
 * of that route.
 * @param {LoadFigures['afterChange']} change
 * @param {LoadFigures['routes']} routes
 */
function overWarmTarget(change, routes) {
  const target = `through the nginx edge: p99 after a start or a release within ${targets.edgeP99OverWarmMs} ms of the warm edge's`;
  if (!change) return [target, 'not measured: no edge', undefined];
  const warmStart = /** @type {WrkResult} */ (change.afterStart.at(-1));
  const warmRoute = routes.find((r) => r.route === change.afterRelease.route)?.edge;
  const gaps = [
    ...change.afterStart.slice(0, -1).map((result, index) => ({
      window: `${index * change.seconds}–${(index + 1) * change.seconds} s after the start`,
      gap: result.p99 - warmStart.p99,
      warm: warmStart.p99,
      p99: result.p99,
    })),
    ...(warmRoute
      ? [
          {
            window: 'around a release',
            gap: change.afterRelease.wrk.p99 - warmRoute.p99,
            warm: warmRoute.p99,
            p99: change.afterRelease.wrk.p99,
          },
        ]
      : []),
  ];
  const widest = worst(gaps, ({ gap }) => gap, { lowest: false });
  return [
    target,
    `${ms(widest.p99)} ms against ${ms(widest.warm)} ms, ${widest.gap >= 0 ? '+' : '−'}${ms(Math.abs(widest.gap))} ms (${widest.window}, the widest)`,
    widest.gap <= targets.edgeP99OverWarmMs,
  ];
}

/** The discovery service's reads: its table (none where not measured). */
function discoverySection(
  /** @type {LoadFigures['discovery']} */ discovery,
  /** @type {LoadFigures['setup']} */ setup,
) {
  if (!discovery) return [];
  return [
    '### The discovery service: reads of a map (one instance, its own PostgreSQL)',
    '',
    'What composers ask of it: each of their processes reads each map it serves twice a second with the ETag it',
    `holds, answered 304 until a release; a new process reads it whole. The map is the benchmark environment's`,
    `(${whole(discovery.mapBytes)} bytes). Each read is one query to PostgreSQL; the median of ${setup.rounds} runs.`,
    '',
    '| read | requests/s | p50 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...[
      ['conditional (If-None-Match, 304)', discovery.notModified],
      ['whole (200)', discovery.whole],
    ].map(([read, result]) => {
      const run = /** @type {WrkResult} */ (result);
      return row([String(read), whole(run.perSecond), ms(run.p50), ms(run.p99), whole(run.errors)]);
    }),
    '',
  ];
}

/** The edge's tail after a change: its table (none without the edge). */
function afterChangeSection(
  /** @type {LoadFigures['afterChange']} */ change,
  /** @type {string} */ allCores,
  /** @type {LoadFigures['setup']} */ setup,
) {
  if (!change) return [];
  return [
    `### The edge in the seconds after a change (nginx edge → ${allCores})`,
    '',
    'A new composer and a new edge, both empty; wrk through the edge from the moment both answer, window after',
    'window (each process composed every page before it listened; the edge keeps each from its first request), then while',
    'the legal team releases a new version, published before the window. Each window is one wrk run a round,',
    `a new composer and edge each round; its figures are the median of the ${setup.rounds} rounds', and the last column the`,
    'highest p99 of any round.',
    '',
    '| window | requests/s | p50 ms | p99 ms | max ms | errors | highest p99 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...changeWindows(change).map(({ window, result }) =>
      row([
        window,
        whole(result.perSecond),
        ms(result.p50),
        ms(result.p99),
        ms(result.max),
        whole(result.errors),
        ms(result.highestP99),
      ]),
    ),
    '',
  ];
}

/**
 * The section, Markdown.
 * @param {LoadFigures} figures
 */
export function loadReport(figures) {
  const { setup, routes, misses, missCosts, stall, release, memory, afterChange, discovery } = figures;
  const share = (/** @type {WrkResult} */ result, /** @type {WrkResult} */ limit) => result.perSecond / limit.perSecond;
  const wrkCells = (/** @type {WrkResult} */ r) => [whole(r.perSecond), ms(r.p50), ms(r.p99), whole(r.errors)];
  const allCores = `composer, ${setup.cores} processes`;

  const throughput = routes.flatMap(
    ({ route, limit, plainNode, oneProcess, allCores: all, edge, edgeShareOfLimit }) => [
      row([route, 'static file (nginx)', ...wrkCells(limit), '100 %']),
      row([route, `plain Node, ${setup.cores} processes`, ...wrkCells(plainNode), percent(share(plainNode, limit))]),
      row([route, 'composer, 1 process', ...wrkCells(oneProcess), percent(share(oneProcess, limit))]),
      row([route, allCores, ...wrkCells(all), percent(share(all, limit))]),
      edge
        ? row([route, 'nginx edge → composer', ...wrkCells(edge), percent(edgeShareOfLimit ?? share(edge, limit))])
        : row([route, 'nginx edge → composer', `not measured: ${figures.edgeMissing ?? 'no edge'}`, '', '', '', '']),
    ],
  );
  const missRows = [
    row([misses.path, 'composer, 1 process: every request a new unknown address', ...wrkCells(misses.oneProcess), '']),
    row([misses.path, `${allCores}: every request a new unknown address`, ...wrkCells(misses.allCores), '']),
  ];

  // Targets.
  const slowestShare = worst(routes, (r) => share(r.allCores, r.limit), { lowest: true });
  const furthestFromNode = worst(routes, (r) => r.shareOfPlainNode, { lowest: true });
  const slowestP99 = worst(routes, (r) => r.allCores.p99, { lowest: false });
  const dearestMiss = worst(missCosts, (c) => c.answerCpuMs, { lowest: false });
  const edgeShare = (/** @type {LoadFigures['routes'][number]} */ r) =>
    r.edgeShareOfLimit ?? (r.edge ? share(r.edge, r.limit) : 0);
  const edgeRoutes = routes.filter((r) => r.edge);
  const slowestEdge = edgeRoutes.length ? worst(edgeRoutes, edgeShare, { lowest: true }) : undefined;
  const stalledBound = stall.timeoutMs + targets.stalledP99OverTimeoutMs;
  const otherGrowth = stall.stalled.otherRoute.p99 / stall.healthy.otherRoute.p99 - 1;
  const releaseErrors = release.wrk.errors + release.poller.failures;
  const servedAfter = release.poller.newVersionAfterMs;
  const memoryChange = memory.afterMiB / memory.beforeMiB - 1;
  const targetRows = [
    [
      `cached pages, ${allCores}: ≥ ${percent(targets.cachedShareOfLimit)} of the static file's requests/s`,
      `${percent(share(slowestShare.allCores, slowestShare.limit))} (${slowestShare.route}, the lowest; plain Node there: ${percent(share(slowestShare.plainNode, slowestShare.limit))})`,
      share(slowestShare.allCores, slowestShare.limit) >= targets.cachedShareOfLimit,
    ],
    [
      `cached pages, ${allCores}: ≥ ${percent(targets.cachedShareOfPlainNode)} of plain Node's requests/s in the same run`,
      `${percent(furthestFromNode.shareOfPlainNode)} (${furthestFromNode.route}, the lowest; of the medians: ${percent(share(furthestFromNode.allCores, furthestFromNode.plainNode))})`,
      furthestFromNode.shareOfPlainNode >= targets.cachedShareOfPlainNode,
    ],
    [
      `cached pages, ${allCores}: p99 ≤ ${targets.cachedP99Ms} ms`,
      `${ms(slowestP99.allCores.p99)} ms (${slowestP99.route}, the highest)`,
      slowestP99.allCores.p99 <= targets.cachedP99Ms,
    ],
    [
      `a miss composes in ≤ ${targets.missCpuMs} ms of CPU`,
      `${ms(dearestMiss.answerCpuMs)} ms (${dearestMiss.route}, the highest)`,
      dearestMiss.answerCpuMs <= targets.missCpuMs,
    ],
    slowestEdge?.edge
      ? [
          `through the nginx edge: ≥ ${percent(targets.edgeShareOfLimit)} of the static file's requests/s`,
          `${percent(edgeShare(slowestEdge))} (${slowestEdge.route}, the lowest)`,
          edgeShare(slowestEdge) >= targets.edgeShareOfLimit,
        ]
      : [
          `through the nginx edge: ≥ ${percent(targets.edgeShareOfLimit)} of the static file's requests/s`,
          `not measured: ${figures.edgeMissing ?? 'no edge'}`,
          undefined,
        ],
    [
      `stalled origin: its page's p99 ≤ the fragment timeout + ${targets.stalledP99OverTimeoutMs} ms (${stalledBound} ms)`,
      `${ms(stall.stalled.stalledRoute.p99)} ms (${stall.stalledRoute})`,
      stall.stalled.stalledRoute.p99 <= stalledBound,
    ],
    [
      `stalled origin: other routes' p99 within ${percent(targets.otherRoutesP99Growth)} of their figure without it`,
      `${ms(stall.healthy.otherRoute.p99)} → ${ms(stall.stalled.otherRoute.p99)} ms, ${signedPercent(otherGrowth)} (${stall.otherRoute})`,
      otherGrowth <= targets.otherRoutesP99Growth,
    ],
    [
      'a release under load: no errors',
      `${whole(releaseErrors)} of ${whole(release.wrk.requests + release.poller.requests)} requests`,
      releaseErrors <= targets.releaseErrors,
    ],
    [
      `a release under load: the new version served within ${targets.releaseServedWithinMs / 1000} s`,
      servedAfter === undefined ? 'never seen' : `${whole(servedAfter)} ms after the release command returned`,
      servedAfter !== undefined && servedAfter <= targets.releaseServedWithinMs,
    ],
    afterChangeTarget(afterChange),
    overWarmTarget(afterChange, routes),
    [
      `resident memory flat (± ${percent(targets.memoryChange)}) over ${whole(memory.requests)} requests`,
      `${memory.beforeMiB.toFixed(1)} → ${memory.afterMiB.toFixed(1)} MiB, ${signedPercent(memoryChange)}`,
      Math.abs(memoryChange) <= targets.memoryChange,
    ],
  ].map(([target, figure, ok]) => row([String(target), String(figure), ok === undefined ? '–' : mark(Boolean(ok))]));

  const timingNames = [...new Set(missCosts.flatMap((cost) => Object.keys(cost.timing)))];
  return [
    '## Load: the composer under wrk',
    '',
    `Measured ${setup.date} by \`pnpm bench:load\` (bench/load-benchmark.mjs) on ${setup.commit}: ${setup.machine}, Node ${setup.node},`,
    `nginx ${setup.nginx}, wrk ${setup.wrk} (load average before the run: ${setup.loadBefore}). wrk runs 1 thread with`,
    `${setup.connections} connections for ${setup.seconds} s a run and sends \`Accept-Encoding: br\`, as browsers do; each figure is the`,
    `median of ${setup.rounds} rounds (each route on every server in turn, round after round; errors: all the rounds').${busyNote(setup)}`,
    "Every server runs on this machine beside wrk, each with ports and an environment of the benchmark's",
    "own: every slice's current build published and released by the slice CLI in a temporary deployment root.",
    '',
    '- **static file (nginx)** — the limit: nginx serving the composed page, its exact bytes taken from the composer',
    `  (identity, brotli, gzip), as a precompressed static file (\`brotli_static\`, \`gzip_static\`), ${setup.cores} workers, with the composer's headers.`,
    `- **plain Node** — Node's HTTP server and nothing else, sending the same bytes from memory, ${setup.cores} processes: no Node`,
    "  server serves more on this machine; the composer's distance to it is what its own work costs. In each round the composer",
    "  on every core runs right after it: its share of plain Node (the targets) is the median of the rounds' shares.",
    '- **composer** — shell/server/main.mjs as production runs it (`WEB_CONCURRENCY` 1, then one process per core), warm: every answer a cache hit.',
    '- **nginx edge → composer** — the edge of `edge/` (pages only) in front of the composer with one process per core,',
    '  measured in rounds of its own once the Node servers are stopped (an edge idle beside them slowed every Node server by',
    "  5–10 %), each run paired with one of the static file: its share of the limit is the median of the rounds' shares.",
    `- **every request a new unknown address** — each request asks for a new game, \`${misses.path}\`, an id no slice`,
    '  knows (as made-up links or a crawler ask), never asked before: every one shows the one Game Not Found page (404),',
    "  composed once. What composing one of the site's pages costs is in the next table.",
    '- **errors** — socket errors, timeouts (2 s) and responses with a status of 400 or more (for an unknown address: other than 404).',
    '',
    '| route | server | requests/s | p50 ms | p99 ms | errors | of the limit |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...throughput,
    ...missRows,
    '',
    `### A miss, in CPU (in-process: shell/server's handler, each composition in a new year, mean of the runs)`,
    '',
    "The composer's handler in this process, set up as main.mjs sets it up; each request a miss: the page is",
    'composed again (the year it depends on changed). CPU is `process.cpuUsage()` (the event loop and the',
    'thread pool): until the answer (fragment lookup, rendering, the quick compression), and after it (the best',
    'compression, in the background, until the page is sent in its new bytes). The breakdown is the',
    "answer's Server-Timing (wall time).",
    '',
    row(['route', 'CPU to answer ms', ...timingNames.map((name) => `${name} ms`), 'CPU after the answer ms']),
    row(['---', '---:', ...timingNames.map(() => '---:'), '---:']),
    ...missCosts.map((cost) =>
      row([
        cost.route,
        ms(cost.answerCpuMs),
        ...timingNames.map((name) => ms(cost.timing[name] ?? 0)),
        ms(cost.backgroundCpuMs),
      ]),
    ),
    '',
    `### A stalled slice origin (${allCores})`,
    '',
    `The legal slice's origin accepts connections and never answers; the fragment timeout is ${stall.timeoutMs} ms.`,
    `Two wrk at once for ${stall.seconds} s, ${setup.connections / 2} connections each, one on ${stall.stalledRoute} and one on ${stall.otherRoute}, ${setup.rounds} rounds (medians);`,
    'first in the environment where every origin answers, then in one where legal stalls; each time a new composer,',
    `warmed for a second on ${stall.otherRoute} only, so that it meets the other route under load.`,
    '',
    '| route | origins | requests/s | p50 ms | p99 ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    row([stall.stalledRoute, 'all answer', ...wrkCells(stall.healthy.stalledRoute)]),
    row([stall.otherRoute, 'all answer', ...wrkCells(stall.healthy.otherRoute)]),
    row([stall.stalledRoute, 'legal stalls', ...wrkCells(stall.stalled.stalledRoute)]),
    row([stall.otherRoute, 'legal stalls', ...wrkCells(stall.stalled.otherRoute)]),
    '',
    `### A release under load (${allCores})`,
    '',
    `wrk on ${release.route} for ${release.seconds} s; meanwhile the legal team publishes and releases a new version`,
    '(its build with one file added that nothing loads) with the slice CLI, and a poller asks for the page every',
    "10 ms until its data block names the new version's entry.",
    '',
    '| wrk requests/s | p99 ms | wrk errors | poller requests | poller errors | new version served after |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    row([
      whole(release.wrk.perSecond),
      ms(release.wrk.p99),
      whole(release.wrk.errors),
      whole(release.poller.requests),
      whole(release.poller.failures),
      servedAfter === undefined ? 'never' : `${whole(servedAfter)} ms`,
    ]),
    '',
    ...afterChangeSection(afterChange, allCores, setup),
    `### Memory (${allCores})`,
    '',
    `The resident set size (VmRSS) of the ${memory.processes} processes serving requests, together: after the rows above`,
    `and two seconds of requests spread over every route (the warm-up), then after ${whole(memory.requests)} more of them.`,
    '',
    '| after warm-up MiB | after the requests MiB | change |',
    '| ---: | ---: | ---: |',
    row([memory.beforeMiB.toFixed(1), memory.afterMiB.toFixed(1), signedPercent(memoryChange)]),
    '',
    ...discoverySection(discovery, setup),
    '### Targets (issues 20, 34 and 44)',
    '',
    '| target | this run | met |',
    '| --- | --- | :---: |',
    ...targetRows,
    '',
  ].join('\n');
}
