// @ts-check
// An environment as the service keeps it (each slice's origins and paths, the environment it is
// staged in) and as its map is served with it (`environment`: which slices exist, their origins and
// paths, what composers and browsers route by). A slice of the workspace the administrator gave no
// paths (an environment made before paths existed) serves the paths the slice list gives it.
import { environmentProblems } from '@nova/contracts/environment';
import { slices } from '@nova/contracts/slices';
import { etagOf } from '@nova/kit/etag';

/**
 * @typedef {{ name: string, sliceOrigins: Record<string, string[]>, slicePaths: Record<string, string[]>,
 *   stagedIn: string | null }} Environment
 * @typedef {import('@nova/contracts/environment').Environment} ServedEnvironment
 */

/**
 * Each slice's paths: the ones the administrator gave it, else for a slice of the workspace those
 * of the slice list; a slice with neither has none.
 * @param {Pick<Environment, 'sliceOrigins' | 'slicePaths'>} environment
 * @returns {Record<string, string[] | undefined>}
 */
export function pathsOf({ sliceOrigins, slicePaths }) {
  return Object.fromEntries(
    Object.keys(sliceOrigins).map((slice) => [
      slice,
      Object.hasOwn(slicePaths, slice)
        ? slicePaths[slice]
        : Object.hasOwn(slices, slice)
          ? [...slices[/** @type {import('@nova/contracts/slices').SliceName} */ (slice)].paths]
          : undefined,
    ]),
  );
}

/**
 * What is wrong with an environment's settings (nothing: `[]`), as its map would carry them: every
 * slice with its origins and paths, none overlapping another's (`environmentProblems`).
 * @param {Pick<Environment, 'sliceOrigins' | 'slicePaths'>} environment
 */
export function settingsProblems(environment) {
  const paths = pathsOf(environment);
  const extra = Object.keys(environment.slicePaths).filter((slice) => !Object.hasOwn(environment.sliceOrigins, slice));
  return [
    ...extra.map((slice) => `slicePaths names ${slice}, which sliceOrigins does not: a slice has origins and paths.`),
    ...environmentProblems({
      slices: Object.fromEntries(
        Object.entries(environment.sliceOrigins).map(([slice, origins]) => [slice, { origins, paths: paths[slice] }]),
      ),
    }),
  ];
}

/**
 * The environment its map is served with: each slice that has paths (a slice without is not
 * served), its origins in the order they are tried.
 * @param {Pick<Environment, 'sliceOrigins' | 'slicePaths'>} environment
 * @returns {ServedEnvironment}
 */
export function servedEnvironment(environment) {
  const paths = pathsOf(environment);
  return {
    slices: Object.fromEntries(
      Object.entries(environment.sliceOrigins).flatMap(([slice, origins]) => {
        const served = paths[slice];
        return served ? [[slice, { origins, paths: served }]] : [];
      }),
    ),
  };
}

/**
 * The map a revision stored (compact JSON and a newline, as the service writes it), served with
 * the environment added: its bytes as stored, the environment spliced in before the last brace.
 * @param {string} stored
 * @param {ServedEnvironment} environment
 */
export function servedMap(stored, environment) {
  const end = stored.lastIndexOf('}');
  return `${stored.slice(0, end)},"environment":${JSON.stringify(environment)}}\n`;
}

/**
 * The entity tag of a revision as served with the environment: the revision's number, and a hash
 * of the revision's own tag and the environment, so that it changes with either. A client holding
 * it gets 304 without the map being read, and writes with it as If-Match.
 * @param {{ number: number, etag: string }} revision
 * @param {ServedEnvironment} environment
 */
export const servedTag = ({ number, etag }, environment) =>
  etagOf(`${etag}\n${JSON.stringify(environment)}`, { revision: number });
