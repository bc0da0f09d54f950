// @ts-check
// The limit: nginx serving composed pages as static files, precompressed (brotli_static,
// gzip_static), with the headers the composer sends. Runs unprivileged from its own config file,
// everything it writes under one folder; stopped by its process id.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliStaticModule, errorLogName, nginxString, startNginx } from '@nova/tooling/nginx';

/**
 * nginx's configuration for serving the pages under `root` (<path>/index.html, .br, .gz) on `port`.
 * @param {{ port: number, root: string, folder: string, workers: number, headers: Record<string, string> }} options
 *   folder: where its pid, logs and temporary files go; headers: sent with every page
 */
export function staticNginxConfig({ port, root, folder, workers, headers }) {
  const addHeaders = Object.entries(headers).map(([name, value]) => `      add_header ${name} ${nginxString(value)};`);
  return [
    `load_module ${brotliStaticModule()};`,
    `worker_processes ${workers};`,
    'daemon off;',
    `pid ${join(folder, 'nginx.pid')};`,
    `error_log ${join(folder, errorLogName)} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${join(folder, `${kind}-temp`)};`,
    ),
    '  sendfile on;',
    '  tcp_nopush on;',
    '  open_file_cache max=100 inactive=60s;',
    // Like Node's server: a connection serves any number of requests.
    '  keepalive_requests 1000000;',
    '  types { }',
    '  default_type text/html;',
    '  charset utf-8;',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${root};`,
    '    location / {',
    '      try_files $uri/index.html =404;',
    '      brotli_static on;',
    '      gzip_static on;',
    ...addHeaders,
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * Serves the pages under `root` with nginx on `port`; resolves once it serves the one at /. Its
 * workers must be able to read `root` (as root, nginx runs them as nobody).
 * @param {{ port: number, root: string, folder: string, workers: number, headers: Record<string, string> }} options
 */
export async function startStaticNginx(options) {
  mkdirSync(options.folder, { recursive: true });
  writeFileSync(join(options.folder, 'nginx.conf'), staticNginxConfig(options));
  // QUIT: finish what is in flight, then exit.
  return startNginx({
    folder: options.folder,
    url: `http://localhost:${options.port}/`,
    serves: (response) => response.status === 200,
    stopSignal: 'SIGQUIT',
  });
}
