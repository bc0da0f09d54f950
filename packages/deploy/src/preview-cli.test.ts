// @vitest-environment node
// `slice preview` as a team runs it: a real CLI process on a map file in a temporary root whose
// signing key the composer would be given.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyPages } from '@nova/contracts/routes';
import { previewOf } from '@nova/signing/preview-token';
import { localSigningKey, signingKeyFile } from '@nova/signing/signing-key';
import { signer } from '@nova/signing/signing';

const cli = join(import.meta.dirname, 'cli.js');

/** One CLI run: its exit code and what it printed (a failing run does not throw). */
function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { encoding: 'utf8', env: { ...process.env, ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('slice preview', { timeout: 60_000 }, () => {
  const folders: string[] = [];
  const temporary = () => {
    const folder = mkdtempSync(join(tmpdir(), 'nova-preview-'));
    folders.push(folder);
    return folder;
  };
  let root: string;
  const versions: string[] = [];
  const slice = (...args: string[]) => run([...args, '--root', root, '--shell-manifest', join(root, 'shell.json')]);

  beforeAll(async () => {
    root = temporary();
    writeFileSync(join(root, 'shell.json'), JSON.stringify({ exposes: [], shared: [] }));
    for (const edition of [1, 2]) {
      const dist = temporary();
      const pages = legacyPages('legal');
      const exposes = pages.map(({ module }) => ({ name: module }));
      writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'legal', exposes, shared: [], pages }));
      writeFileSync(join(dist, 'remoteEntry.js'), `export const edition = ${edition};`);
      versions.push(
        /^legal (\S+) is published\.$/m.exec((await slice('publish', 'legal', '--dist', dist)).stdout)![1]!,
      );
    }
    await slice('release', 'legal', versions[0]!);
  });
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  it("prints a link to the slice's first page, signed with the environment's key, for as long as asked", async () => {
    const key = localSigningKey(root);
    const started = Date.now();
    const printed = await slice(
      'preview',
      'legal',
      versions[1]!,
      '--for',
      '30m',
      '--environment',
      'https://staging.test',
    );
    expect(printed.code).toBe(0);
    const link = new URL(printed.stdout.trim().split('\n').at(-1)!);
    expect(link.origin + link.pathname).toBe('https://staging.test/terms-and-conditions');
    const preview = previewOf(signer(key), link.searchParams.get('preview'), started);
    expect(preview).toMatchObject({ slice: 'legal', version: versions[1] });
    expect(preview!.expiresAt - started).toBeGreaterThanOrEqual(30 * 60_000);
    expect(preview!.expiresAt - started).toBeLessThan(31 * 60_000);
    expect(printed.stdout).toContain(
      `Preview of legal ${versions[1]} until ${new Date(preview!.expiresAt).toISOString()}`,
    );
    // SIGNING_KEY, when set, is the key (as for the composer).
    const other = 'an environment key set by the operator';
    const withSetting = await run(['preview', 'legal', versions[1]!, '--root', root], { SIGNING_KEY: other });
    const token = new URL(withSetting.stdout.trim().split('\n').at(-1)!).searchParams.get('preview');
    expect(previewOf(signer(other), token, Date.now())).toMatchObject({ version: versions[1] });
    expect(previewOf(signer(key), token, Date.now())).toBeUndefined();
  });

  it('refuses a version the map does not list, one rolled back, too long a preview, and no key', async () => {
    localSigningKey(root);
    expect((await slice('preview', 'legal', '9.9.9-00000000')).stderr).toContain(
      'legal has no version 9.9.9-00000000 in this environment',
    );
    expect((await slice('preview', 'legal', versions[1]!, '--for', '25h')).stderr).toContain(
      '--for must be from 1s to 24h, not "25h".',
    );
    await slice('release', 'legal', versions[1]!);
    await slice('rollback', 'legal');
    const rolledBack = await slice('preview', 'legal', versions[1]!);
    expect(rolledBack).toMatchObject({ code: 1 });
    expect(rolledBack.stderr).toContain(`legal ${versions[1]} was rolled back: it can no longer be previewed.`);
    rmSync(signingKeyFile(root));
    const keyless = await slice('preview', 'legal', versions[0]!);
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain('No signing key: set SIGNING_KEY');
    expect(readFileSync(join(root, 'remotes.json'), 'utf8')).not.toContain('preview');
  });
});
