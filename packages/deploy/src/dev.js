// @ts-check
// `slice dev <slice> --environment <url>`: the slice from its sources, inside a running
// environment, in one browser. Run in the slice's folder: it starts the slice's dev server (HMR,
// and the fragment endpoint the environment's composer asks on each page; see
// @nova/build-preset/dev-server) and prints one line, `Open: <link>`. The link carries an
// override token signed with the environment's key, naming the slice and this dev server: the
// browser that opens it sees the environment with this slice from here, every other browser the
// released site. Only an environment that allows overrides (OVERRIDES=allow) honours it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devFragmentPath, overrideParameter } from '@nova/contracts/dev-override';
import { slices } from '@nova/contracts/slices';
import { portNumber } from '@nova/kit/settings';
import { overrideLifetimeMs, overrideToken } from '@nova/signing/override-token';
import { environmentKey } from '@nova/signing/signing-key';
import { signer } from '@nova/signing/signing';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */

/** The dev server's port unless told: the slice's own, a thousand up (its released origin keeps its own). */
export const defaultDevPort = (/** @type {SliceName} */ slice) => slices[slice].port + 1000;

/**
 * The first page the slice in `folder` declares at one address (its `src/exposes/pages.json`), or
 * the site's first page: what its links open.
 * @param {string} folder
 * @returns {{ path: string, module?: string }}
 */
export function firstDeclaredPage(folder) {
  const file = join(folder, 'src/exposes/pages.json');
  /** @type {unknown} */
  const declared = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const pages = /** @type {import('@nova/contracts/pages').PageDeclaration[]} */ (
    Array.isArray(declared) ? declared : []
  );
  return pages.find((page) => typeof page?.path === 'string' && !/[:*]/.test(page.path)) ?? { path: '/' };
}

/**
 * @param {{ slice: SliceName, folder: string, root: string, environment: string, port?: string, print?: (line: string) => void }} options
 *   folder: the slice's folder (the working folder); root: a local environment's deployment root,
 *   whose key file signs the link unless SIGNING_KEY is set
 * @returns {Promise<{ link: string, close: () => Promise<void> }>}
 */
export async function dev({ slice, folder, root, environment, port, print = console.log }) {
  if (!existsSync(join(folder, 'vite.config.ts')))
    throw new Error(`Run slice dev in the slice's folder (${folder} has no vite.config.ts).`);
  if (!URL.canParse(environment) || !/^https?:$/.test(new URL(environment).protocol))
    throw new Error(`--environment must be the environment's site, an http(s) URL, not "${environment}".`);
  const devPort = portNumber('--port', port, { min: 1 }) ?? defaultDevPort(slice);
  const key = environmentKey({ root });
  if (!key)
    throw new Error(
      "No signing key: set SIGNING_KEY to the environment's (the composers'), or use --root with a " +
        'local environment that has one (npm start makes it).',
    );
  // Loaded here: only this command needs Vite, which the slice's own devDependencies provide.
  const { startOverrideDevServer } = await import('@nova/build-preset/dev-server');
  const server = await startOverrideDevServer({ name: slice, root: folder, port: devPort, environment });
  const { path, module = '' } = firstDeclaredPage(folder);
  // The first render compiles the page's modules: done now, not within the composer's timeout.
  const warm = new URL(devFragmentPath, server.origin);
  warm.search = new URLSearchParams({ path, page: module }).toString();
  await fetch(warm).then(
    (response) => response.body?.cancel(),
    () => undefined,
  );
  const link = new URL(path, environment);
  link.searchParams.set(
    overrideParameter,
    overrideToken(signer(key), { slice, origin: server.origin, expiresAt: Date.now() + overrideLifetimeMs }),
  );
  print(`Open: ${link.href}`);
  return { link: link.href, close: server.close };
}

/**
 * `slice dev`: runs until stopped (Ctrl-C, SIGTERM), then closes the dev server.
 * @param {Parameters<typeof dev>[0]} options
 */
export async function devUntilStopped(options) {
  const running = await dev(options);
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.close();
}
