import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../packages/tooling/src/free-port.js';
import { npmEnvironment } from '../packages/tooling/src/npm-environment.js';
import { accountFile, basicCredentials, publishAccount } from './publish-account.mjs';
import { withRegistrySettings } from './publish-platform.mjs';
import { startRegistry } from './registry.mjs';

type Packument = { _rev: string; versions: Record<string, { dist: { tarball: string } }> };

describe('the local registry, a real Verdaccio', () => {
  const folder = mkdtempSync(join(tmpdir(), 'nova-registry-test-'));
  let registry: Awaited<ReturnType<typeof startRegistry>>;
  const asPublisher = () => ({ authorization: `Basic ${basicCredentials(publishAccount())}` });
  const evil = { origin: 'https://evil.example' };

  /** A package's folder with `index.js` saying `what`. */
  const packageFolder = (name: string, version: string, what: string) => {
    const path = join(folder, 'packages', name, version, what);
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
    writeFileSync(join(path, 'index.js'), `export const what = '${what}';\n`);
    return path;
  };
  /** Publishes as platform:publish does: npm, with its npm settings for the registry. */
  const publish = (path: string) =>
    withRegistrySettings(registry.url, (env) =>
      execFileSync('npm', ['publish', '--registry', registry.url], { cwd: path, env, stdio: 'pipe' }),
    );
  /** The document `npm publish` sends for the package in `path` (tarball attached). */
  const publishDocument = (path: string) => {
    const { name, version } = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
    const [{ filename }] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', path], {
        cwd: path,
        encoding: 'utf8',
        env: npmEnvironment(),
      }),
    );
    const tarball = readFileSync(join(path, filename));
    return {
      _id: name,
      name,
      'dist-tags': { latest: version },
      versions: { [version]: { name, version, dist: { tarball: `${registry.url}/${name}/-/${filename}` } } },
      _attachments: {
        [filename]: {
          content_type: 'application/octet-stream',
          data: tarball.toString('base64'),
          length: tarball.length,
        },
      },
    };
  };
  const put = (name: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${registry.url}/${encodeURIComponent(name)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  /** What the registry has of `name`, read as anyone reads it (undefined if nothing). */
  const packument = async (name: string) => {
    const response = await fetch(`${registry.url}/${encodeURIComponent(name)}?write=true`);
    return response.ok ? ((await response.json()) as Packument) : undefined;
  };
  /** What `index.js` of `name@version` says, from its tarball, read as anyone reads it. */
  const published = async (name: string, version: string) => {
    const { tarball } = (await packument(name))!.versions[version]!.dist;
    const file = join(folder, `${name.replace('/', '-')}-${version}.tgz`);
    writeFileSync(file, Buffer.from(await (await fetch(tarball)).arrayBuffer()));
    return execFileSync('tar', ['-xOzf', file, 'package/index.js'], { encoding: 'utf8' });
  };

  beforeAll(async () => {
    registry = await startRegistry({ port: await freePort(), folder: join(folder, 'registry') });
  }, 60_000);

  afterAll(async () => {
    await registry?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("takes a publish of @nova/* from platform:publish's account alone, and anyone reads it", async () => {
    const anonymous = await put(
      '@nova/contracts',
      publishDocument(packageFolder('@nova/contracts', '1.0.0', 'anonymous')),
    );
    expect(anonymous.status).toBe(401);
    const wrongPassword = { authorization: `Basic ${Buffer.from('platform:guessed').toString('base64')}` };
    const guessed = await put(
      '@nova/contracts',
      publishDocument(packageFolder('@nova/contracts', '1.0.0', 'guessed')),
      wrongPassword,
    );
    expect(guessed.status).toBe(401);
    expect(await packument('@nova/contracts')).toBeUndefined();

    publish(packageFolder('@nova/contracts', '1.0.0', 'platform'));
    expect(await published('@nova/contracts', '1.0.0')).toBe("export const what = 'platform';\n");
  }, 60_000);

  it('unpublishes nothing, not even for the publish account: a version stays what it is', async () => {
    publish(packageFolder('@nova/store', '1.0.0', 'first'));
    const { _rev } = (await packument('@nova/store'))!;

    const removed = await fetch(`${registry.url}/@nova%2fstore/-rev/${_rev}`, {
      method: 'DELETE',
      headers: asPublisher(),
    });
    expect(removed.status).toBe(403);
    const dropped = await fetch(`${registry.url}/@nova%2fstore/-/store-1.0.0.tgz/-rev/${_rev}`, {
      method: 'DELETE',
      headers: asPublisher(),
    });
    expect(dropped.status).toBe(403);
    // npm unpublish of one version: a PUT of the package without it.
    const withoutVersion = await fetch(`${registry.url}/@nova%2fstore/-rev/${_rev}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...asPublisher() },
      body: JSON.stringify({ ...(await packument('@nova/store')), versions: {} }),
    });
    expect(withoutVersion.status).toBe(403);
    expect(() =>
      withRegistrySettings(registry.url, (env) =>
        execFileSync('npm', ['unpublish', '@nova/store', '--force', '--registry', registry.url], {
          env,
          stdio: 'pipe',
        }),
      ),
    ).toThrow(/E403/);

    // Nor is the version published again with other contents (npm itself would not send that).
    const again = await put(
      '@nova/store',
      publishDocument(packageFolder('@nova/store', '1.0.0', 'second')),
      asPublisher(),
    );
    expect(again.status).toBe(409);
    expect(await published('@nova/store', '1.0.0')).toBe("export const what = 'first';\n");
  }, 60_000);

  it('answers no web page: no CORS for another origin, and its writes are refused, with the account too', async () => {
    const preflight = await fetch(`${registry.url}/@nova%2fui`, {
      method: 'OPTIONS',
      headers: { ...evil, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const fromPage = await put('@nova/ui', publishDocument(packageFolder('@nova/ui', '1.0.0', 'page')), {
      ...evil,
      ...asPublisher(),
    });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
    expect(await packument('@nova/ui')).toBeUndefined();
  }, 60_000);

  it('keeps the account beside its storage, for its owner alone, out of git', () => {
    publishAccount();
    expect(statSync(accountFile).mode & 0o777).toBe(0o600);
    expect(() => execFileSync('git', ['check-ignore', '--quiet', '--no-index', accountFile])).not.toThrow();
  });
});
