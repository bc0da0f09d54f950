// @ts-check
// The composer under load (issue 20): wrk against nginx serving a composed page as a static
// file (the limit), Node's HTTP server sending the same bytes from memory (Node's own ceiling), the composer (one process, then one per core; cached pages and new unknown addresses), the nginx edge;
// then a stalled slice origin, a release under load and memory over 100,000 requests, and the CPU
// one miss costs, measured in this process. Prints the table and writes its section of
// docs/performance.md. Run with `pnpm bench:load` (builds and publishes first). LOAD_SECONDS sets
// how long each run lasts (3), LOAD_ROUNDS how many rounds of runs give each figure, their median (5).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { routes as pages } from '@nova/contracts/routes';
import { localComposerSettings } from '../scripts/local-composer.mjs';
import { shellBuild } from '../scripts/local-origins.mjs';
import { serverConfig } from '../shell/server/config.mjs';
import { startComposerWithWorkers } from './load/composer.mjs';
import { edgeAfterChange, medianWindows } from './load/edge-after-change.mjs';
import { discoveryReads } from './load/discovery-reads.mjs';
import { deploySlices } from './load/slice-deployments.mjs';
import { missCosts } from './load/miss-cost.mjs';
import { writePageFiles } from './load/page-files.mjs';
import { startPlainNode } from './load/plain-node.mjs';
import { residentMiB } from './load/processes.mjs';
import { releaseUnderLoad } from './load/release.mjs';
import { loadReport } from './load/report.mjs';
import { startStaticNginx } from './load/static-nginx.mjs';
import { toolVersions } from './load/tools.mjs';
import { medianOf, middle, wrk } from './load/wrk.mjs';
import { updatePerformanceDoc, withLoadSection } from './performance-doc.mjs';
import { untilQuietMachine } from './quiet-machine.mjs';
import { routes } from './sites.mjs';
import { repoRoot } from '@nova/tooling/repo-root';
import { systemProgram } from '@nova/tooling/system-tools';

/** @typedef {import('./load/wrk.mjs').WrkResult} WrkResult */

const seconds = Number(process.env.LOAD_SECONDS ?? 3);
const rounds = Number(process.env.LOAD_ROUNDS ?? 5);
const connections = 64;
const cores = availableParallelism();
/** Ports of the benchmark's own (the e2e suite and `npm start` use 4173–4178). */
const ports = {
  composer: 4290,
  staticFile: 4291,
  edge: 4292,
  slices: { marketing: 4293, games: 4294, legal: 4295, contact: 4296 },
  freshComposer: 4297,
  stalledSlices: { marketing: 4298, games: 4299, legal: 4300, contact: 4301 },
  oneProcessComposer: 4302,
  plainNode: 4303,
  freshEdge: 4304,
  discovery: 4305,
};
const memoryRequests = 100_000;
/** The windows after a start and a release, through the edge (issue 34: the tail, then). */
const changeWindowSeconds = 10;
const edgeModule = join(repoRoot, 'edge/edge.mjs');
const log = (/** @type {string} */ line) => console.error(`[bench:load] ${line}`);

const machineLoad = await untilQuietMachine({ benchmark: 'bench:load' });
const git = (/** @type {string[]} */ args) =>
  execFileSync(systemProgram('git'), args, { cwd: repoRoot, encoding: 'utf8' }).trim();
const setup = {
  date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  // Changes to what is measured; docs/performance.md is what the benchmarks write.
  commit:
    git(['rev-parse', '--short', 'HEAD']) +
    (git(['status', '--porcelain', '--', '.', ':!docs/performance.md']) ? ' (with uncommitted changes)' : ''),
  machine: `${cpus()[0]?.model.trim()}, ${cores} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`,
  loadBefore: machineLoad.loadBefore,
  busy: machineLoad.busy,
  node: process.versions.node,
  ...toolVersions(),
  seconds,
  rounds,
  connections,
  cores,
};

/** What to stop at the end, last started first. */
/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
/**
 * @template {{ stop: () => Promise<unknown> }} T
 * @param {Promise<T>} started
 */
const stopLater = async (started) => {
  const running = await started;
  cleanups.push(running.stop);
  return running;
};
/** Stops one thing now (and not again at the end). */
const stopNow = async (/** @type {{ stop: () => Promise<unknown> }} */ running) => {
  cleanups.splice(cleanups.indexOf(running.stop), 1);
  await running.stop();
};

/**
 * The nginx edge of edge/ in front of the composer at `composer`, pages only.
 * @param {string} composer
 * @param {number} [port]
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
async function startEdgeOn(composer, port = ports.edge) {
  const { startEdge } = await import(pathToFileURL(edgeModule).href);
  return startEdge({ port, composer, shellBuild, slices: {} });
}

/** Every route asked for a second, so that each process has composed and compressed every page. */
async function warm(/** @type {string} */ origin) {
  await wrk(origin, { seconds: 1, connections, paths: routes });
  await sleep(500);
}

/** A run of unknown addresses: every request a new game id, answered 404 Game Not Found. */
const missPath = (/** @type {string} */ run) => `/games/load-${Date.now().toString(36)}-${run}-`;

try {
  const healthy = await stopLater(deploySlices({ ports: ports.slices }));
  const stalled = await stopLater(deploySlices({ ports: ports.stalledSlices, stalled: ['legal'] }));

  log('a miss, in CPU, in this process');
  const costs = await missCosts({ deployments: healthy.root, routes });

  log('the servers: the composer (1 process, and one per core), the limit, the edge');
  const single = await stopLater(
    startComposerWithWorkers({ deployments: healthy.root, port: ports.oneProcessComposer, workers: 1 }),
  );
  const composer = await stopLater(
    startComposerWithWorkers({ deployments: healthy.root, port: ports.composer, workers: cores }),
  );
  await warm(single.origin);
  await warm(composer.origin);
  // The limit: the pages the composer sends, as static files.
  const pageFolder = mkdtempSync(join(tmpdir(), 'nova-load-pages-'));
  // nginx's workers read it (as root, nginx runs them as nobody).
  chmodSync(pageFolder, 0o755);
  cleanups.push(async () => rmSync(pageFolder, { recursive: true, force: true }));
  const headers = await writePageFiles(composer.origin, routes, join(pageFolder, 'pages'));
  const staticFile = await stopLater(
    startStaticNginx({
      port: ports.staticFile,
      root: join(pageFolder, 'pages'),
      folder: join(pageFolder, 'nginx'),
      workers: cores,
      headers,
    }),
  );
  const plainNode = await stopLater(
    startPlainNode({ port: ports.plainNode, root: join(pageFolder, 'pages'), routes, workers: cores }),
  );
  // Every server warm before the first round (its code compiled, its files read): none is measured cold.
  for (const server of [staticFile, plainNode]) await warm(server.origin);

  /** @type {Map<string, WrkResult[]>} */
  const runs = new Map();
  /** Each route on the servers of each round in turn, round after round. */
  const measureRounds = async (/** @type {(round: number) => string[][]} */ serversInRound) => {
    for (let round = 1; round <= rounds; round += 1) {
      for (const route of routes) {
        for (const [server = '', origin = ''] of serversInRound(round)) {
          const result = await wrk(origin + route, { seconds, connections });
          runs.set(`${route} ${server}`, [...(runs.get(`${route} ${server}`) ?? []), result]);
          log(`round ${round}, ${route} ${server}: ${Math.round(result.perSecond)}/s, p99 ${result.p99} ms`);
        }
      }
    }
  };
  // The figures compared are measured close together, and each is the median of its rounds. Plain
  // Node and the composer on every core run one after the other, so that each round compares them
  // on the machine as it is then; which of the two goes first alternates from round to round, so
  // that neither always meets what the run before it left (sockets closing, a busy moment passing).
  const pair = [
    ['plainNode', plainNode.origin],
    ['allCores', composer.origin],
  ];
  await measureRounds((round) => [
    ['limit', staticFile.origin],
    ...(round % 2 ? pair : [...pair].reverse()),
    ['oneProcess', single.origin],
  ]);
  await stopNow(plainNode);
  // The edge, afterwards: an nginx edge idle beside them slowed every Node server here by 5–10 %
  // (the composers most), which is no part of what the comparison above measures. Each of its runs
  // is paired with one of the static file, as plain Node's with the composer's.
  const edgeServer = existsSync(edgeModule) ? await stopLater(startEdgeOn(composer.origin)) : undefined;
  if (edgeServer) {
    await warm(edgeServer.origin);
    const besideEdge = [
      ['limitBesideEdge', staticFile.origin],
      ['edge', edgeServer.origin],
    ];
    await measureRounds((round) => (round % 2 ? besideEdge : [...besideEdge].reverse()));
  }
  await stopNow(staticFile);
  const runsAt = (/** @type {string} */ route, /** @type {string} */ server) => runs.get(`${route} ${server}`) ?? [];
  const medianAt = (/** @type {string} */ route, /** @type {string} */ server) => medianOf(runsAt(route, server));
  /** A server's share of another's requests/s: each round's, paired, and their median. */
  const pairedShare = (/** @type {string} */ route, /** @type {string} */ server, /** @type {string} */ of) => {
    const other = runsAt(route, of);
    return middle(runsAt(route, server).map((run, round) => run.perSecond / (other[round]?.perSecond ?? NaN)));
  };
  const byRoute = routes.map((route) => ({
    route,
    limit: medianAt(route, 'limit'),
    plainNode: medianAt(route, 'plainNode'),
    oneProcess: medianAt(route, 'oneProcess'),
    allCores: medianAt(route, 'allCores'),
    shareOfPlainNode: pairedShare(route, 'allCores', 'plainNode'),
    edge: edgeServer ? medianAt(route, 'edge') : undefined,
    edgeShareOfLimit: edgeServer ? pairedShare(route, 'edge', 'limitBesideEdge') : undefined,
  }));
  if (edgeServer) await stopNow(edgeServer);
  const oneProcessMisses = await wrk(single.origin, {
    seconds,
    connections,
    uniquePrefix: missPath('one'),
    expectStatus: 404,
  });
  await stopNow(single);

  log(`memory over ${memoryRequests} requests`);
  const everyRoute = (/** @type {number} */ duration) =>
    wrk(composer.origin, { seconds: duration, connections, paths: routes });
  // The warm-up: the same requests for two seconds (and the rate they run at).
  let rate = (await everyRoute(2)).perSecond;
  const beforeMiB = residentMiB(composer.serving());
  let requested = 0;
  while (requested < memoryRequests) {
    const result = await everyRoute(Math.min(30, Math.ceil((memoryRequests - requested) / rate)));
    requested += result.requests;
    rate = result.perSecond;
  }
  const afterMiB = residentMiB(composer.serving());

  log('a stalled slice origin');
  const stallSeconds = 2 * seconds;
  const stalledRoute = pages.terms.path;
  const otherRoute = pages.games.path;
  /** Both routes at once, half the connections each. */
  const bothRoutes = async (/** @type {string} */ origin) => {
    const options = { seconds: stallSeconds, connections: connections / 2 };
    const [onStalled, onOther] = await Promise.all([
      wrk(origin + stalledRoute, options),
      wrk(origin + otherRoute, options),
    ]);
    return { stalledRoute: onStalled, otherRoute: onOther };
  };
  /**
   * Both routes on a new composer for `deployments`, warmed on the other route only: the stalled
   * route is first composed under load.
   */
  const underStall = async (/** @type {string} */ deployments) => {
    const fresh = await stopLater(startComposerWithWorkers({ deployments, port: ports.freshComposer, workers: cores }));
    await wrk(fresh.origin + otherRoute, { seconds: 1, connections });
    const results = await bothRoutes(fresh.origin);
    await stopNow(fresh);
    return results;
  };
  /** Without the stall, then with it, round after round; the median of each. */
  /** @typedef {Awaited<ReturnType<typeof underStall>>} StallRun */
  const stallRuns = { withoutStall: /** @type {StallRun[]} */ ([]), withStall: /** @type {StallRun[]} */ ([]) };
  for (let round = 1; round <= rounds; round += 1) {
    stallRuns.withoutStall.push(await underStall(healthy.root));
    stallRuns.withStall.push(await underStall(stalled.root));
  }
  const medianOfRoutes = (/** @type {StallRun[]} */ each) => ({
    stalledRoute: medianOf(each.map((run) => run.stalledRoute)),
    otherRoute: medianOf(each.map((run) => run.otherRoute)),
  });
  const withoutStall = medianOfRoutes(stallRuns.withoutStall);
  const withStall = medianOfRoutes(stallRuns.withStall);

  log('a release under load');
  const releaseSeconds = Math.max(8, seconds);
  const released = await releaseUnderLoad({
    url: composer.origin + pages.terms.path,
    slice: healthy.slice,
    seconds: releaseSeconds,
  });

  log('the edge in the seconds after a start and a release');
  /** @type {import('./load/edge-after-change.mjs').EdgeAfterChange[]} */
  const changeRounds = [];
  for (let round = 1; existsSync(edgeModule) && round <= rounds; round += 1) {
    changeRounds.push(
      await edgeAfterChange({
        startComposer: () =>
          startComposerWithWorkers({ deployments: healthy.root, port: ports.freshComposer, workers: cores }),
        startEdge: (origin) => startEdgeOn(origin, ports.freshEdge),
        slice: healthy.slice,
        routes,
        releasedRoute: pages.terms.path,
        seconds: changeWindowSeconds,
        windows: 2,
        connections,
      }),
    );
    log(
      `round ${round}, the edge after a change: p99 ${changeRounds
        .at(-1)
        ?.afterStart.map((run) => run.p99)
        .join(', ')}, release ${changeRounds.at(-1)?.afterRelease.wrk.p99} ms`,
    );
  }
  const afterChange = changeRounds.length ? medianWindows(changeRounds) : undefined;

  // Last: new unknown addresses, each one a lookup of its fragment and the one page they all show.
  const allCoresMisses = await wrk(composer.origin, {
    seconds,
    connections,
    uniquePrefix: missPath('all'),
    expectStatus: 404,
  });

  log('the discovery service: reads of a map');
  const reads = await discoveryReads({
    port: ports.discovery,
    mapFile: join(healthy.root, 'remotes.json'),
    seconds,
    connections,
    rounds,
  });

  const report = loadReport({
    setup,
    routes: byRoute,
    edgeMissing: edgeServer ? undefined : 'edge/ missing',
    misses: { path: '/games/load-‹run›-‹n›', oneProcess: oneProcessMisses, allCores: allCoresMisses },
    missCosts: costs,
    stall: {
      // The composer's own, as main.mjs reads it.
      timeoutMs: serverConfig(localComposerSettings(stalled.root)).fragmentTimeoutMs,
      seconds: stallSeconds,
      stalledRoute,
      otherRoute,
      healthy: withoutStall,
      stalled: withStall,
    },
    release: { route: pages.terms.path, seconds: releaseSeconds, ...released },
    afterChange: afterChange && { seconds: changeWindowSeconds, ...afterChange },
    memory: { processes: composer.serving().length, requests: requested, beforeMiB, afterMiB },
    discovery: { mapBytes: reads.mapBytes, notModified: medianOf(reads.notModified), whole: medianOf(reads.whole) },
  });
  console.log(report);
  updatePerformanceDoc((document) => withLoadSection(document, report));
} finally {
  for (const stop of cleanups.reverse()) await stop();
}
