// @ts-check
// The environment for npm (npx too) started from a pnpm script. pnpm hands its own settings down as
// npm_config_* variables (catalogs, overrides, verify-deps-before-run, …), and npm warns of each
// one it does not know ("Unknown env config"). Without them npm reads its settings where it always
// does: its npmrc files, and the options it is given.

/**
 * `env` without its npm_config_* variables.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export const npmEnvironment = (env = process.env) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_config_/i.test(name)));
