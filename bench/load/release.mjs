// @ts-check
// A release under load: while wrk loads a legal page, the legal team publishes and releases a new
// version (its current build with one file added that nothing loads, so the version hash changes
// and the fragments still match their JavaScript), and a poller asks for the page every 10 ms
// until it is composed from the new version.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { slices } from '@nova/contracts/slices';
import { dataBlockIn } from '../../shell/document/data-block.js';
import { rawGet } from './page-files.mjs';
import { wrk } from './wrk.mjs';
import { repoRoot } from '@nova/tooling/repo-root';

/**
 * The entry (manifest URL) of `slice` a composed page names in its data block, if any.
 * @param {string} html
 * @param {string} slice
 * @returns {string | undefined}
 */
export function composedEntry(html, slice) {
  return dataBlockIn(html)?.remotes?.[slice];
}

/** The legal slice's current build, with one file added that nothing loads: a new version of the same code. */
export function changedLegalBuild() {
  const copy = mkdtempSync(join(tmpdir(), 'nova-load-legal-'));
  cpSync(join(repoRoot, slices.legal.folder, 'dist'), copy, { recursive: true });
  writeFileSync(join(copy, 'load-benchmark.txt'), `A release under load, ${new Date().toISOString()}.\n`);
  return copy;
}

/**
 * Publishes the legal build in `build` with the environment's slice CLI; its version.
 * @param {(...args: string[]) => Promise<string>} slice
 * @param {string} build
 */
export async function publishLegal(slice, build) {
  const published = await slice('publish', 'legal', '--dist', build);
  const version = /^legal (\S+) is published\.$/m.exec(published)?.[1];
  if (!version) throw new Error(`Publishing printed no version:\n${published}`);
  return version;
}

/**
 * Asks for `url` every 10 ms until stopped; counts failures and notes when the page first names `wanted`.
 * @param {string} url
 */
function pollPage(url) {
  let stopped = false;
  let failures = 0;
  let requests = 0;
  /** @type {{ text: string, since: number } | undefined} */
  let watching;
  /** @type {number | undefined} */
  let firstSeenAt;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        const { status, body } = await rawGet(url, 'identity');
        requests += 1;
        if (status !== 200) failures += 1;
        else if (
          watching &&
          firstSeenAt === undefined &&
          composedEntry(body.toString(), 'legal')?.includes(watching.text)
        )
          firstSeenAt = performance.now();
      } catch {
        failures += 1;
      }
      await sleep(Math.max(0, 10 - (performance.now() - started)));
    }
  })();
  return {
    /** From now on, note the first page whose legal entry contains `text`. */
    watchFor: (/** @type {string} */ text) => (watching = { text, since: performance.now() }),
    seen: () => firstSeenAt !== undefined,
    stop: async () => {
      stopped = true;
      await done;
      const since = watching?.since;
      return { requests, failures, newVersionAfterMs: firstSeenAt && since ? firstSeenAt - since : undefined };
    },
  };
}

/**
 * @param {{ url: string, slice: (...args: string[]) => Promise<string>, seconds: number }} options
 *   url: the page under load; slice: the environment's slice CLI
 */
export async function releaseUnderLoad({ url, slice, seconds }) {
  const build = changedLegalBuild();
  try {
    const poller = pollPage(url);
    const load = wrk(url, { seconds });
    await sleep(1000);
    const version = await publishLegal(slice, build);
    await slice('release', 'legal', version);
    poller.watchFor(`/${version}/`);
    const result = await load;
    for (const deadline = performance.now() + 5000; !poller.seen() && performance.now() < deadline;) await sleep(10);
    return { version, wrk: result, poller: await poller.stop() };
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
}
