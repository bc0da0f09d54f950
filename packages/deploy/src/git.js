// @ts-check
// git, as the slice CLI runs it: quietly (what git prints is captured, never the terminal's).
import { execFileSync } from 'node:child_process';

/**
 * What git prints on stdout for `args` in `folder`, trimmed. A failure throws, with what git
 * answered on stderr as the error's `stderr`.
 * @param {string} folder
 * @param {string[]} args
 */
export const git = (folder, args) =>
  execFileSync('git', args, { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
