// @ts-check
// The contract between the shell and a remote, checked on the builds as deployed: the remote
// exposes every module the shell's routes load, and every singleton it shares is one the shell
// provides in a version it accepts, its HTML fragments were rendered with the shell's theme, and
// it was built against the major of @nova/contracts the shell provides (a major is a breaking
// change to what they agree on).
import { routes, splitPage } from '@nova/contracts/routes';
import semver from 'semver';

/**
 * The parts of a federation manifest (mf-manifest.json) the check reads.
 * @typedef {{
 *   exposes: { name: string }[],
 *   shared: { name: string, version?: string, requiredVersion?: string, singleton?: boolean }[],
 *   themeHash?: string,
 *   contractsVersion?: string,
 * }} FederationManifest
 */

/**
 * What is wrong between the shell's build and one remote's build, one sentence each (none: they fit).
 * @param {{ remote: string, version: string, remoteManifest: FederationManifest, shellManifest: FederationManifest }} builds
 * @returns {string[]}
 */
export function contractProblems({ remote, version, remoteManifest, shellManifest }) {
  const problems = [];
  const exposed = new Set(remoteManifest.exposes.map((expose) => expose.name));
  for (const { path, page } of Object.values(routes)) {
    const { remote: owner, exposed: module } = splitPage(page);
    if (owner === remote && !exposed.has(module)) {
      problems.push(`${remote} ${version} does not expose ${module}, which the shell loads for ${path}.`);
    }
  }
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
