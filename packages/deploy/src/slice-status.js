// @ts-check
// `slice status`: how a slice's versions are doing with visitors, one row per version (the
// released one, the canary, and any other the metrics count), as a table.
import { releasedVersion } from '@nova/contracts/remote-map';
import { canaryVersion } from '@nova/contracts/traffic';
import { figuresOf, percent, seconds } from './signal-figures.js';
import { emptySignals } from './slice-signals.js';

/** @typedef {import('@nova/contracts/remote-map').SliceVersion} SliceVersion */
/** @typedef {import('./slice-signals.js').Reading} Reading */

const columns = [
  'version',
  'role',
  'traffic',
  'views',
  'clients',
  'failures',
  'render err',
  'load fail',
  'hydration',
  'LCP p75',
  'INP p75',
];

/**
 * The rows of the status table: a header, then each version that is released, the canary, or
 * counted in the metrics (a version the map no longer lists says so).
 * @param {readonly SliceVersion[]} versions the slice's versions in the map
 * @param {Reading} reading the slice's signals, summed over the servers
 * @returns {string[][]}
 */
export function statusRows(versions, reading) {
  const released = releasedVersion(versions)?.metadata.version;
  const canary = canaryVersion(versions)?.metadata.version;
  const listed = versions.map((entry) => entry.metadata.version);
  const shown = [
    ...listed.filter((version) => version === released || version === canary || reading.has(version)),
    ...[...reading.keys()].filter((version) => !listed.includes(version)),
  ];
  const rows = shown.map((version) => {
    const entry = versions.find((candidate) => candidate.metadata.version === version);
    const role = version === released ? 'released' : version === canary ? 'canary' : entry ? '' : 'not in the map';
    const figures = figuresOf(reading.get(version) ?? emptySignals());
    return [
      version,
      role,
      entry ? `${entry.deployment.traffic} %` : '–',
      String(figures.pageViews),
      String(figures.clients),
      percent(figures.failureRate),
      percent(figures.renderErrorRate),
      percent(figures.loadFailureRate),
      String(figures.hydrationFailures),
      seconds(figures.lcpP75),
      seconds(figures.inpP75),
    ];
  });
  return [columns, ...rows];
}

/** Rows as text, each column as wide as its widest cell. */
export function table(/** @type {string[][]} */ rows) {
  const widths = columns.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}
