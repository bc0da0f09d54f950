// @ts-check
// nginx as the tools run it (the edge, the load benchmark's static limit): Debian's binary (and,
// for the benchmark, its brotli_static module), values quoted as nginx reads them, and a start in a folder of its own
// (configuration, pid, temporary files, error log), unprivileged, stopped by its process id.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { servingProcess } from './serving-process.js';
import { systemProgram } from './system-tools.js';

/** nginx's table of file types by extension, which every configuration here includes. */
export const nginxMimeTypes = '/etc/nginx/mime.types';
/**
 * The module that sends precompressed files, for the load benchmark's static limit only: the
 * edge picks the forms itself (edge/nginx-config.mjs says why).
 */
export const brotliStaticModule = () => systemProgram('brotliStatic');

/** The file in an nginx folder its errors are written to (`error_log` in its configuration). */
export const errorLogName = 'error.log';

/** Text as one nginx string: quoted, its quotes and backslashes escaped, so nginx reads it as it is. */
export const nginxString = (/** @type {string} */ text) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/**
 * @typedef {import('./serving-process.js').ServingProcess & { errorLog: () => string }} NginxProcess
 *   errorLog: what it has written to its error log so far
 */

/**
 * Starts nginx in the foreground from `folder`/nginx.conf (`-p folder`: relative paths are the
 * folder's, its error log included); resolves once `url` answers as `serves` wants.
 * @param {object} options
 * @param {string} options.folder
 * @param {string} options.url
 * @param {(response: Response) => boolean} [options.serves] by default: any answer from nginx
 * @param {{ uid: number, gid: number }} [options.user] who its processes run as (none: this one's user)
 * @param {NodeJS.Signals} [options.stopSignal] TERM: at once; QUIT: once the requests in flight are answered
 * @returns {Promise<NginxProcess>}
 */
export async function startNginx({
  folder,
  url,
  serves = (response) => response.headers.get('server') === 'nginx',
  user,
  stopSignal = 'SIGTERM',
}) {
  const errorLog = join(folder, errorLogName);
  const errors = () => {
    try {
      return readFileSync(errorLog, 'utf8');
    } catch {
      return '';
    }
  };
  const nginx = spawn(systemProgram('nginx'), ['-p', folder, '-c', join(folder, 'nginx.conf'), '-e', errorLog], {
    stdio: ['ignore', 'inherit', 'inherit'],
    ...user,
  });
  // Should this process end without stopping it, nginx goes too.
  const stopOnExit = () => nginx.kill('SIGTERM');
  process.once('exit', stopOnExit);
  try {
    const served = await servingProcess(nginx, {
      url,
      serves,
      stopSignal,
      problem: (status) =>
        `nginx ${status === undefined ? 'did not answer' : `answered ${status}`} at ${url}.\n${errors().slice(-4000)}`,
    });
    return {
      ...served,
      errorLog: errors,
      stop: async () => {
        process.off('exit', stopOnExit);
        await served.stop();
      },
    };
  } catch (error) {
    process.off('exit', stopOnExit);
    throw error;
  }
}
