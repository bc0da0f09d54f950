// @ts-check
// `slice status <slice>`: each version's share of the traffic and its field signals, summed over
// every --metrics server, and what the canary guard judges from (--min-views, --min-clients).
import { sumReadings } from '../slice-signals.js';
import { statusRows, table } from '../slice-status.js';
import { guardRule, readEveryServer, environmentSliceNamed } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function statusCommand({ args, options }, context) {
  const slice = environmentSliceNamed(args[0]);
  const rule = guardRule(options);
  const readings = await readEveryServer(options, slice);
  const versions = (await context.store.read()).map.microFrontends[slice] ?? [];
  const servers = `${readings.size} server${readings.size === 1 ? '' : 's'}`;
  console.log(`${slice}: field signals counted by ${servers} (${[...readings.keys()].join(', ')})`);
  for (const line of table(statusRows(versions, sumReadings(readings.values())))) console.log(`  ${line}`);
  console.log(
    `The guard judges a canary from ${rule.minViews} page views and ${rule.minClients} distinct clients ` +
      '(--min-views, --min-clients).',
  );
}
