// @ts-check
// git, as the slice CLI runs it: quietly (what git prints is captured, never the terminal's), and
// the first commit of a new repository (`slice eject`).
import { execFileSync } from 'node:child_process';

/**
 * What git prints on stdout for `args` in `folder`, trimmed. A failure throws, with what git
 * answered on stderr as the error's `stderr`.
 * @param {string} folder
 * @param {string[]} args
 */
export const git = (folder, args) =>
  execFileSync('git', args, { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The identity a commit takes where git has none configured (`.invalid`: no one's address). */
export const fallbackIdentity = { 'user.name': 'slice eject', 'user.email': 'slice-eject@nova-reels.invalid' };

/**
 * Makes `folder` a git repository whose first commit holds everything in it, under the user's
 * identity or, for what is not configured, the fallback's. A failure is an error that says what
 * git answered.
 * @param {string} folder
 * @param {string} message the commit's message
 * @returns {string | undefined} the commit (short), or undefined where git is not installed
 */
export function commitEverything(folder, message) {
  try {
    git(folder, ['--version']);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    git(folder, ['init', '--quiet']);
    // `git config <key>` fails when the key is set nowhere.
    const unset = Object.entries(fallbackIdentity).filter(([key]) => {
      try {
        return git(folder, ['config', key]) === '';
      } catch {
        return true;
      }
    });
    const identity = unset.flatMap(([key, value]) => ['-c', `${key}=${value}`]);
    git(folder, ['add', '--all']);
    git(folder, [...identity, 'commit', '--quiet', '--message', message]);
    return git(folder, ['rev-parse', '--short', 'HEAD']);
  } catch (error) {
    const answer = /** @type {{ stderr?: string }} */ (error).stderr?.trim() || String(error);
    throw new Error(`git could not make the first commit in ${folder}: ${answer}`);
  }
}
