// @ts-check
// The local environment with the edge in front (edge/), instead of `npm start`'s servers: nginx
// is the shell origin, http://localhost:4180, before the composer on 4181 (localhost
// only), and serves each slice's versions on its usual origin (4174–4177); the demo provider is
// where .env's launcher says, as `npm start` serves it. Ctrl-C (or SIGTERM) stops them all.
import { join } from 'node:path';
import { startEdge } from '../edge/edge.mjs';
import { localDeployments, sliceOrigins } from '../packages/deploy/src/deployment-root.js';
import { stopOnSignal } from '../packages/tooling/src/stop-on-signal.js';
import { composerSettings, startComposer } from './local-composer.mjs';
import { serveDemoProvider, shellBuild } from './local-origins.mjs';

const edgePort = 4180;
const composerPort = 4181;
const deployments = localDeployments;

/** @type {(() => Promise<unknown>)[]} */
const stops = [];
const stopAll = async () => {
  for (const stop of stops.reverse()) await stop();
};

try {
  const provider = await serveDemoProvider(console.log);
  if (provider) stops.push(() => new Promise((resolve) => provider.close(resolve)));

  // The composer believes the X-Forwarded-For of the edge in front of it, and no one else's.
  const composer = await startComposer(
    composerSettings({ deployments, port: composerPort, trustedProxies: ['loopback'] }),
  );
  stops.push(composer.stop);

  const origins = Object.entries(sliceOrigins(deployments));
  const slices = Object.fromEntries(
    origins.map(([name, origin]) => [name, { port: Number(new URL(origin).port), root: join(deployments, name) }]),
  );
  const edge = await startEdge({ port: edgePort, composer: `http://localhost:${composerPort}`, shellBuild, slices });
  stops.push(edge.stop);
  for (const [name, origin] of origins) console.log(`${name.padEnd(10)} ${origin} (nginx)`);
  console.log(`composer   http://localhost:${composerPort} (behind the edge)`);
  console.log(`shell      ${edge.origin} (nginx, pid ${edge.pid})`);
} catch (error) {
  await stopAll();
  console.error(error instanceof Error ? error.message : error);
  console.error(
    'The edge runs instead of `npm start` (pnpm serve), on the same slice and provider ports: stop that first.',
  );
  process.exit(1);
}

console.log(
  `Serving the composed site through the edge at http://localhost:${edgePort}, instead of pnpm serve ` +
    '(the same slice and provider ports). Ctrl-C stops it.',
);
stopOnSignal(stopAll);
