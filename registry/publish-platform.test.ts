import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../packages/tooling/src/free-port.js';
import { changedUnderPublishedVersions, withRegistrySettings } from './publish-platform.mjs';
import { startRegistry } from './registry.mjs';

const packages = join(import.meta.dirname, '..', 'packages');
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(packages, name, 'package.json'), 'utf8')) as { version: string }).version;

describe('platform:publish, against a real registry', () => {
  const folder = mkdtempSync(join(tmpdir(), 'nova-publish-test-'));
  let registry: Awaited<ReturnType<typeof startRegistry>>;

  beforeAll(async () => {
    registry = await startRegistry({ port: await freePort(), folder: join(folder, 'registry') });
    // Another package under @nova/signing's name and version: what the registry keeps once a
    // change was published without a new version.
    const impostor = join(folder, 'signing');
    mkdirSync(impostor);
    writeFileSync(
      join(impostor, 'package.json'),
      JSON.stringify({ name: '@nova/signing', version: versionOf('signing'), main: 'index.js' }),
    );
    writeFileSync(join(impostor, 'index.js'), 'export const before = true;\n');
    withRegistrySettings(registry.url, (env) =>
      execFileSync('npm', ['publish', '--registry', registry.url], { cwd: impostor, env, stdio: 'ignore' }),
    );
  }, 60_000);

  afterAll(async () => {
    await registry?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a package whose version the registry has with other contents, and only that one', async () => {
    const changed = await changedUnderPublishedVersions(registry.url, [
      join(packages, 'signing'),
      join(packages, 'store'),
    ]);
    expect(changed).toEqual([
      expect.stringMatching(
        new RegExp(
          `^@nova/signing ${versionOf('signing').replaceAll('.', '\\.')} is in the registry with other contents than packages/signing has now: give it a new version`,
        ),
      ),
    ]);
  }, 60_000);

  it('has nothing to say of versions the registry does not have', async () => {
    expect(await changedUnderPublishedVersions(registry.url, [join(packages, 'store')])).toEqual([]);
  }, 60_000);
});
