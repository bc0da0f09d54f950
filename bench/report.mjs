// @ts-check
// The benchmark's table, as Markdown for docs/performance.md.
import { busyNote } from './quiet-machine.mjs';

/** What the composed portal must cost, at most, next to the same pages as one app (issues 8, 13 and 21). */
export const targets = {
  gzipRatio: 1.3,
  requests: 18,
  waves: 5,
  slowLcpRatio: 1.3,
  lighthouse: 100,
  fcp: 1200,
  lcp: 1800,
  cls: 0,
  respondsAfterPaint: 1100,
  idleControls: 0,
};

const kib = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
const seconds = (/** @type {number} */ ms) => (ms / 1000).toFixed(2);
const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (a / b).toFixed(2);
const mark = (/** @type {boolean} */ ok) => (ok ? '✓' : '✗');
/** Idle controls of all shown, naming the idle ones. */
const idleControls = (/** @type {BuildResult} */ build) =>
  `${build.controls.idle.length} of ${build.controls.shown}${build.controls.idle.length ? ` (${build.controls.idle.join(', ')})` : ''}`;

/**
 * @typedef {{ gzip: number, requests: number, controls: { shown: number, idle: string[] }, waves: number, headingAt: number,
 *   lcp: number, respondsAfterPaint: number, lighthouse: number, lighthouseFcp: number, lighthouseLcp: number,
 *   lighthouseCls: number }} BuildResult
 */

/**
 * @param {{ route: string, composed: BuildResult, oneApp: BuildResult }[]} rows
 * @param {{ slowRuns: number, lighthouseRuns: number, chromium: string, machineLoad: import('./quiet-machine.mjs').MachineLoad }} setup
 */
export function performanceReport(rows, { slowRuns, lighthouseRuns, chromium, machineLoad }) {
  const lines = [
    '# Performance: the composed portal next to the same pages as one app',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`pnpm bench\` (bench/bench.mjs), Chromium ${chromium}, load average before the run ${machineLoad.loadBefore}.${busyNote(machineLoad)}`,
    'Each cell reads composed / one app (composed ÷ one app). "One app" is the shell and every',
    "slice's exposed pages built as one plain Vite app, routes lazy-split, no federation",
    '(bench/one-app). Both are served by the local environment (scripts/serve.mjs, scripts/local-origins.mjs).',
    '',
    '- **JS** — gzip (level 9) of every script a cold visit downloads, lazy ones included, and their number.',
    `- **Waves** — request waves before the page heading shows: the longest chain of requests each started after the previous one finished, on the slow network (median of ${slowRuns}).`,
    `- **Heading, LCP** — when the main heading is painted, and the largest contentful paint, on an emulated slow network (150 ms round trip, 1.6 Mbps; Chrome DevTools protocol), median of ${slowRuns}.`,
    `- **Responds** — how long after its first contentful paint the page responds (React owns the heading: rendered in the browser, or the server's HTML hydrated), on the slow network, median of ${slowRuns}.`,
    "- **Idle controls** — with scripts blocked, the page's server HTML on a phone and a desktop screen: the buttons that do nothing when pressed (no dialog, popover, address or scroll change) and do not say they wait (aria-disabled), of all the links and buttons shown. One app renders nothing without its script.",
    `- **Lighthouse** — mobile performance score (simulated slow 4G, 4× CPU), median of ${lighthouseRuns}; its simulated FCP, LCP and CLS for the composed build.`,
    '',
    '| route | JS KiB gzip | JS requests | idle controls | waves | heading s | LCP s | responds s | Lighthouse | Lighthouse FCP / LCP s, CLS |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { route, composed: c, oneApp: o } of rows) {
    lines.push(
      `| ${route} | ${kib(c.gzip)} / ${kib(o.gzip)} (${ratio(c.gzip, o.gzip)}×) | ${c.requests} / ${o.requests} ` +
        `| ${idleControls(c)} / ${idleControls(o)} | ${c.waves} / ${o.waves} ` +
        `| ${seconds(c.headingAt)} / ${seconds(o.headingAt)} (${ratio(c.headingAt, o.headingAt)}×) | ${seconds(c.lcp)} / ${seconds(o.lcp)} (${ratio(c.lcp, o.lcp)}×) ` +
        `| ${seconds(c.respondsAfterPaint)} / ${seconds(o.respondsAfterPaint)} | ${c.lighthouse} / ${o.lighthouse} | ${seconds(c.lighthouseFcp)} / ${seconds(c.lighthouseLcp)}, ${c.lighthouseCls.toFixed(3)} |`,
    );
  }
  lines.push(
    '',
    `## Targets (composed build): JS ≤ ${targets.gzipRatio}× one app in ≤ ${targets.requests} files, ${targets.idleControls} idle controls, ≤ ${targets.waves} waves, slow-network LCP ≤ ${targets.slowLcpRatio}× one app, ` +
      `Lighthouse ${targets.lighthouse} with FCP ≤ ${seconds(targets.fcp)} s, LCP ≤ ${seconds(targets.lcp)} s, CLS ${targets.cls}, responds ≤ ${seconds(targets.respondsAfterPaint)} s after first paint`,
    '',
    '| route | JS | JS requests | idle controls | waves | LCP | Lighthouse | FCP | Lighthouse LCP | CLS | responds |',
    '| --- | :---: | :---: | :---: | :---: | :---: | :---: | :---: | :---: | :---: | :---: |',
  );
  for (const { route, composed: c, oneApp: o } of rows) {
    lines.push(
      `| ${route} | ${mark(c.gzip <= targets.gzipRatio * o.gzip)} | ${mark(c.requests <= targets.requests)} ` +
        `| ${mark(c.controls.idle.length <= targets.idleControls)} | ${mark(c.waves <= targets.waves)} ` +
        `| ${mark(c.lcp <= targets.slowLcpRatio * o.lcp)} | ${mark(c.lighthouse >= targets.lighthouse)} | ${mark(c.lighthouseFcp <= targets.fcp)} ` +
        `| ${mark(c.lighthouseLcp <= targets.lcp)} | ${mark(c.lighthouseCls <= targets.cls)} | ${mark(c.respondsAfterPaint <= targets.respondsAfterPaint)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
