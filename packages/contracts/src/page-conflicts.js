// @ts-check
// What the pages of an environment's live versions may not do: a page outside its slice's paths,
// or one that another slice's live version serves too. The slice CLI refuses a release, a canary or
// a promotion that would bring either, and the discovery service a write of a map that would; both
// say it in the same words, from here.
import { ruleCovers } from './environment.js';
import { pagesProblems, patternsOverlap } from './pages.js';
import { releasedVersion } from './remote-map.js';
import { legacyPages } from './routes.js';
import { canaryVersion } from './traffic.js';

/** @typedef {import('./pages.js').PageDeclaration} PageDeclaration */
/** @typedef {import('./environment.js').Environment} Environment */
/**
 * A map's parts these checks read: each slice's versions, each with its version name, its pages
 * (`metadata.pages`, none for a version published before slices declared them) and its
 * deployment; and the environment the map carries, if any.
 * @typedef {{ metadata: { version: string, pages?: readonly PageDeclaration[] }, deployment: { traffic: number, default: boolean } }} ListedVersion
 * @typedef {{ microFrontends: Record<string, readonly ListedVersion[]>, environment?: Environment }} MapWithPages
 */

/**
 * The pages a listed version serves: the ones it declares (`metadata.pages`), or for a version
 * published before slices declared their own, the portal's pages of its slice then (`legacyPages`).
 * @param {string} slice
 * @param {{ metadata: { pages?: readonly PageDeclaration[] } }} listed a checked entry (see `remoteMapProblems`)
 * @returns {readonly PageDeclaration[]}
 */
export const servedPages = (slice, listed) => listed.metadata.pages ?? legacyPages(slice);

/**
 * The pages an unchecked listed version of `slice` (JSON from a map) serves, as `servedPages`
 * says, or why they cannot be read: the composer and the browser read a version's pages alike.
 * @param {string} slice
 * @param {unknown} listed
 * @returns {{ pages: readonly PageDeclaration[] } | { refused: string }}
 */
export function listedPages(slice, listed) {
  const metadata = /** @type {{ metadata?: unknown }} */ (listed ?? {}).metadata;
  const declared =
    typeof metadata === 'object' && metadata !== null ? /** @type {{ pages?: unknown }} */ (metadata).pages : undefined;
  if (declared === undefined) return { pages: legacyPages(slice) };
  const [problem] = pagesProblems('its pages', declared);
  return problem ? { refused: problem.replace(/\.$/, '') } : { pages: /** @type {PageDeclaration[]} */ (declared) };
}

/**
 * The versions visitors get in a map, each slice's released version and canary, with their pages,
 * and whether their slice is one of the map's environment (a slice not in it is not served).
 * @param {MapWithPages} map
 */
function liveVersions(map) {
  const { environment } = map;
  return Object.entries(map.microFrontends).flatMap(([slice, versions]) =>
    [releasedVersion(versions), canaryVersion(versions)].flatMap((listed) =>
      listed
        ? [
            {
              slice,
              name: `${slice} ${listed.metadata.version}`,
              pages: servedPages(slice, listed),
              served: !environment || Object.hasOwn(environment.slices, slice),
            },
          ]
        : [],
    ),
  );
}

/**
 * One conflict of a map's live pages: a page outside its slice's paths, or two that overlap.
 * @typedef {{ kind: 'outside', slice: string, name: string, path: string }
 *   | { kind: 'overlap', name: string, path: string, other: string, otherPath: string }} Conflict
 */

/**
 * Every conflict of a map's live pages, under a key that names it (to compare two maps). An
 * overlap is found both ways.
 * @param {MapWithPages} map
 * @returns {Map<string, Conflict>}
 */
function conflictsOf(map) {
  const { environment } = map;
  const live = liveVersions(map);
  /** @type {Map<string, Conflict>} */
  const conflicts = new Map();
  for (const { slice, name, pages, served } of live) {
    const rules = served ? (environment?.slices[slice]?.paths ?? []) : [];
    for (const { path } of pages) {
      if (environment && !rules.some((rule) => ruleCovers(rule, path)))
        conflicts.set(JSON.stringify([name, path]), { kind: 'outside', slice, name, path });
      for (const other of live) {
        if (other.slice === slice || !served || !other.served) continue;
        for (const page of other.pages)
          if (patternsOverlap(path, page.path))
            conflicts.set(JSON.stringify([name, path, other.name, page.path]), {
              kind: 'overlap',
              name,
              path,
              other: other.name,
              otherPath: page.path,
            });
      }
    }
  }
  return conflicts;
}

/**
 * Where the pages of a map's released versions and canaries conflict, one sentence each (none:
 * `[]`). A page whose path no rule of its slice's paths covers (`ruleCovers`):
 * `games 1.2.0-ab12cd34 declares /shop, outside games's paths (/games/*).` A page that overlaps
 * one of another slice's released version or canary (`patternsOverlap`):
 * `games 1.2.0-ab12cd34 declares /contact, which contact 1.0.0-3fa9c21b serves.` The paths are
 * the map's environment's (a map that carries none: the overlaps only); a slice the environment
 * lacks serves nothing, so its live pages are all outside and overlap nothing.
 *
 * With `before`, the map before a change: only what the change brings. A conflict `before` has
 * too, under the same environment, is left out (an administrator's new paths do not stop every
 * team's next write); of two versions that overlap, the sentence names first the one that was not
 * live before.
 * @param {MapWithPages} map a checked map (see `remoteMapProblems`)
 * @param {MapWithPages} [before] the map before the change, checked
 * @returns {string[]}
 */
export function pageConflicts(map, before) {
  const { environment } = map;
  const known = before ? conflictsOf({ ...before, environment }) : new Map();
  const liveBefore = new Set(before ? liveVersions({ ...before, environment }).map(({ name }) => name) : []);
  /** @type {string[]} */
  const sentences = [];
  const said = new Set();
  for (const [key, conflict] of conflictsOf(map)) {
    if (known.has(key)) continue;
    if (conflict.kind === 'outside') {
      const { slice, name, path } = conflict;
      const rules = environment?.slices[slice]?.paths;
      const paths = rules ? rules.join(', ') : `none: the environment has no slice ${slice}`;
      sentences.push(`${name} declares ${path}, outside ${slice}'s paths (${paths}).`);
      continue;
    }
    const { name, path, other, otherPath } = conflict;
    // Found both ways: said once, naming first the version that was not live before.
    if (said.has(JSON.stringify([other, otherPath, name, path]))) continue;
    if (liveBefore.has(name) && !liveBefore.has(other)) continue;
    said.add(key);
    sentences.push(`${name} declares ${path}, which ${other} serves.`);
  }
  return sentences;
}
