// @ts-check
// For metrics.test.ts: a primary and two workers as main.mjs runs them; each worker counts a page
// view, then one worker reads /metrics' text, which the primary prints.
import cluster from 'node:cluster';
import { answerWorkers, fieldMetrics, metricsText } from './metrics.mjs';

if (cluster.isPrimary) {
  answerWorkers();
  const workers = [cluster.fork(), cluster.fork()];
  let ready = 0;
  for (const worker of workers)
    worker.on('message', (/** @type {{ type: string, text?: string }} */ message) => {
      if (message.type === 'ready' && (ready += 1) === workers.length) workers[0]?.send({ type: 'scrape' });
      if (message.type !== 'scraped') return;
      process.stdout.write(message.text ?? '');
      for (const each of workers) each.kill();
    });
} else {
  const metrics = fieldMetrics();
  metrics.pageView('games', '1.2.0-bbbb');
  const read = metricsText(metrics.registry, { worker: process });
  process.on('message', (/** @type {{ type: string }} */ message) => {
    if (message.type === 'scrape') read().then((text) => process.send?.({ type: 'scraped', text }));
  });
  process.send?.({ type: 'ready' });
}
