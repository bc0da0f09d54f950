// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDevPort, dev, firstDeclaredPage } from './dev.js';

const folders: string[] = [];
const folder = (files: Record<string, string> = {}) => {
  const made = mkdtempSync(join(tmpdir(), 'nova-slice-dev-'));
  folders.push(made);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(made, name), text);
  return made;
};
afterEach(() => folders.splice(0).forEach((made) => rmSync(made, { recursive: true, force: true })));

const slice = () => folder({ 'vite.config.ts': '' });
const options = { slice: 'legal' as const, environment: 'http://localhost:4173', print: () => undefined };

describe('slice dev', () => {
  it("runs in the slice's folder only", async () => {
    const elsewhere = folder();
    await expect(dev({ ...options, folder: elsewhere, root: folder() })).rejects.toThrow(
      `Run slice dev in the slice's folder (${elsewhere} has no vite.config.ts).`,
    );
  });

  it('says what is wrong with --environment and --port', async () => {
    await expect(dev({ ...options, environment: 'localhost:4173', folder: slice(), root: folder() })).rejects.toThrow(
      '--environment must be the environment\'s site, an http(s) URL, not "localhost:4173".',
    );
    for (const port of ['0', '65536', 'x'])
      await expect(dev({ ...options, port, folder: slice(), root: folder() })).rejects.toThrow(
        `--port: "${port}" is not a port from 1 to 65535.`,
      );
  });

  it("needs the environment's key, and says where it comes from", async () => {
    const { SIGNING_KEY, ...environment } = process.env;
    process.env = environment;
    try {
      await expect(dev({ ...options, folder: slice(), root: folder() })).rejects.toThrow(
        "No signing key: set SIGNING_KEY to the environment's (the composers'), or use --root",
      );
    } finally {
      process.env.SIGNING_KEY = SIGNING_KEY;
      if (SIGNING_KEY === undefined) delete process.env.SIGNING_KEY;
    }
  });

  it('serves a slice a thousand ports above its own, which its released origin keeps', () => {
    expect(defaultDevPort('legal')).toBe(5176);
  });

  it('opens the first page the slice declares at one address, or the site where it declares none', () => {
    const games = [
      { path: '/games/:gameId', module: 'GamePage', title: 'Game' },
      { path: '/games', module: 'GamesPage', title: 'Games' },
    ];
    const declared = folder();
    mkdirSync(join(declared, 'src/exposes'), { recursive: true });
    writeFileSync(join(declared, 'src/exposes/pages.json'), JSON.stringify(games));
    expect(firstDeclaredPage(declared)).toEqual(games[1]);
    expect(firstDeclaredPage(folder())).toEqual({ path: '/' });
  });
});
