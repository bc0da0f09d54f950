// @ts-check
// The contract between the shell and a remote, checked on the builds as deployed: every page the
// remote declares (its manifest's `pages`, which its build wrote from its src/exposes/pages.json)
// is a page and shows a module the remote exposes; every singleton it shares is one the shell
// provides in a version it accepts; its HTML fragments were rendered with the shell's theme; and
// it was built against the major of @nova/contracts the shell provides (a major is a breaking
// change to what they agree on). Which pages the portal has is no longer the shell's: a version
// that declares none was built before slices declared them, and serves the pages of then
// (`legacyPages`), which it must expose.
import { pagesProblems } from '@nova/contracts/pages';
import { legacyPages } from '@nova/contracts/routes';
import semver from 'semver';

/**
 * The parts of a federation manifest (mf-manifest.json) the check reads.
 * @typedef {{
 *   exposes: { name: string }[],
 *   shared: { name: string, version?: string, requiredVersion?: string, singleton?: boolean }[],
 *   pages?: unknown,
 *   themeHash?: string,
 *   contractsVersion?: string,
 * }} FederationManifest
 */

/**
 * What is wrong with the pages a remote's build declares, one sentence each: declarations that
 * are not pages, or pages that show a module the build does not expose.
 * @param {string} remote
 * @param {string} version
 * @param {FederationManifest} manifest
 * @returns {string[]}
 */
function pageProblems(remote, version, { exposes, pages }) {
  const exposed = new Set(exposes.map((expose) => expose.name));
  const built = `${remote} ${version}`;
  if (pages === undefined)
    return legacyPages(remote)
      .filter(({ module }) => !exposed.has(module))
      .map(
        ({ path, module }) =>
          `${built} declares no pages, so it serves the pages ${remote} had before slices declared theirs, but it does not expose ${module}, which ${path} shows.`,
      );
  const malformed = pagesProblems(`${built}'s pages`, pages);
  if (malformed.length > 0) return malformed;
  return /** @type {import('@nova/contracts/pages').PageDeclaration[]} */ (pages)
    .filter(({ module }) => !exposed.has(module))
    .map(({ path, module }) => `${built} declares ${path} with ${module}, which it does not expose.`);
}

/**
 * What is wrong between the shell's build and one remote's build, one sentence each (none: they fit).
 * @param {{ remote: string, version: string, remoteManifest: FederationManifest, shellManifest: FederationManifest }} builds
 * @returns {string[]}
 */
export function contractProblems({ remote, version, remoteManifest, shellManifest }) {
  const problems = pageProblems(remote, version, remoteManifest);
  const provided = new Map(shellManifest.shared.map((shared) => [shared.name, shared.version]));
  for (const { name, requiredVersion, singleton } of remoteManifest.shared) {
    if (!singleton) continue;
    const shellVersion = provided.get(name);
    if (!shellVersion) {
      problems.push(
        `${remote} ${version} needs the singleton ${name}${requiredVersion ? ` ${requiredVersion}` : ''}, which the shell does not provide.`,
      );
    } else if (requiredVersion && !semver.satisfies(shellVersion, requiredVersion)) {
      problems.push(
        `${remote} ${version} needs ${name} ${requiredVersion}; the shell provides ${name} ${shellVersion}.`,
      );
    }
  }
  problems.push(
    ...contractsProblems(`${remote} ${version}`, remoteManifest.contractsVersion, shellManifest.contractsVersion),
  );
  if (remoteManifest.themeHash && remoteManifest.themeHash !== shellManifest.themeHash) {
    problems.push(
      `${remote} ${version} was built with another theme than the shell's: its fragments would not match the page; rebuild it against the shell's @nova/ui theme.`,
    );
  }
  return problems;
}

/**
 * Whether a remote built against @nova/contracts `needed` fits a shell that provides `provided`:
 * only within one major (a remote that does not say is not judged).
 * @param {string} remote the remote and its version, as messages name it
 * @param {string | undefined} needed
 * @param {string | undefined} provided
 * @returns {string[]}
 */
function contractsProblems(remote, needed, provided) {
  if (needed === undefined) return [];
  if (!semver.valid(needed)) return [`${remote} records "${needed}" as its @nova/contracts, which is not a version.`];
  if (!provided || !semver.valid(provided))
    return [
      `${remote} was built against @nova/contracts ${needed}; the environment's shell build does not say which @nova/contracts it provides: rebuild the shell.`,
    ];
  const [slice, shell] = [semver.major(needed), semver.major(provided)];
  if (slice === shell) return [];
  return [
    `${remote} was built against @nova/contracts ${needed} (major ${slice}); the environment's shell provides @nova/contracts ${provided} (major ${shell}): rebuild the slice against @nova/contracts ^${shell}.0.0, or deploy a shell built on major ${slice} first.`,
  ];
}
