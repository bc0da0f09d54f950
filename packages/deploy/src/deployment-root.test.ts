// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  environmentOf,
  environmentSettings,
  sliceOrigins,
  versionFolder,
  writeEnvironmentSettings,
} from './deployment-root.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
/** A deployment root whose environment.json holds `environment` (none: no file). */
function rootWith(environment?: unknown) {
  const root = mkdtempSync(join(tmpdir(), 'nova-root-'));
  folders.push(root);
  if (environment !== undefined)
    writeFileSync(
      join(root, 'environment.json'),
      typeof environment === 'string' ? environment : JSON.stringify(environment),
    );
  return root;
}

/** The local environment with no environment.json: the slice list's ports and paths. */
const defaults = {
  marketing: { origins: ['http://localhost:4174'], paths: ['/'] },
  games: { origins: ['http://localhost:4175'], paths: ['/games/*'] },
  legal: { origins: ['http://localhost:4176'], paths: ['/terms-and-conditions', '/privacy-policy'] },
  contact: { origins: ['http://localhost:4177'], paths: ['/contact'] },
};

describe('a deployment root', () => {
  it("puts a version's folder inside the root, and refuses any version that would lead out of it", () => {
    expect(versionFolder('deployments', 'legal', '1.0.0-a')).toBe(resolve('deployments', 'legal', '1.0.0-a'));
    expect(versionFolder('/srv/deployments/', 'legal', '1.0.0-a')).toBe(join('/srv/deployments/legal/1.0.0-a'));
    for (const version of ['../../victim', '..', '.', '/etc'])
      expect(() => versionFolder('/srv/deployments', 'legal', version)).toThrow('is not a version name');
    // Resolved, then compared: a path out of the root is refused whatever led there.
    expect(() => versionFolder('/srv/deployments', '../..', '1.0.0-a')).toThrow(
      '../.. 1.0.0-a would have its folder outside /srv/deployments: /1.0.0-a.',
    );
  });
});

describe("a deployment root's environment", () => {
  it("is the workspace's slices at their local ports and the slice list's paths, without environment.json", () => {
    const root = rootWith();
    expect(environmentOf(root)).toEqual({ slices: defaults });
    expect(sliceOrigins(root)).toEqual({
      marketing: 'http://localhost:4174',
      games: 'http://localhost:4175',
      legal: 'http://localhost:4176',
      contact: 'http://localhost:4177',
    });
  });

  it('reads its form: each slice its origins (a failover list) and paths, the defaults for any part not given', () => {
    const root = rootWith({
      slices: {
        games: { origins: ['https://games.cdn.example', 'https://games-b.cdn.example'] },
        legal: { paths: ['/terms-and-conditions', '/privacy-policy', '/cookies'] },
        news: { origins: ['https://news.cdn.example'], paths: ['/news/*'] },
      },
    });
    expect(environmentOf(root).slices).toEqual({
      ...defaults,
      games: { origins: ['https://games.cdn.example', 'https://games-b.cdn.example'], paths: ['/games/*'] },
      legal: { origins: ['http://localhost:4176'], paths: ['/terms-and-conditions', '/privacy-policy', '/cookies'] },
      news: { origins: ['https://news.cdn.example'], paths: ['/news/*'] },
    });
    expect(sliceOrigins(root)).toMatchObject({ games: 'https://games.cdn.example', news: 'https://news.cdn.example' });
  });

  it('still reads its older form, one origin per slice', () => {
    const root = rootWith({ origins: { legal: 'https://legal.cdn.example' } });
    expect(environmentSettings(root)).toEqual({ legal: { origins: ['https://legal.cdn.example'] } });
    expect(environmentOf(root).slices).toEqual({
      ...defaults,
      legal: { origins: ['https://legal.cdn.example'], paths: defaults.legal.paths },
    });
    expect(sliceOrigins(root).legal).toBe('https://legal.cdn.example');
  });

  it('leaves out a slice of no paths, but publishes it at its origin', () => {
    const root = rootWith({ slices: { news: { origins: ['https://news.cdn.example'] } } });
    expect(Object.keys(environmentOf(root).slices)).toEqual(['marketing', 'games', 'legal', 'contact']);
    expect(sliceOrigins(root).news).toBe('https://news.cdn.example');
  });

  it('refuses one that does not hold, naming the file and what is wrong', () => {
    const overlapping = rootWith({
      slices: { news: { origins: ['https://news.cdn.example'], paths: ['/games/news'] } },
    });
    expect(() => environmentOf(overlapping)).toThrow(
      `${join(overlapping, 'environment.json')} does not hold: games's /games/* and news's /games/news overlap: every address has one slice at most.`,
    );
    const broken = rootWith('{ "slices": ');
    expect(() => environmentOf(broken)).toThrow(`${join(broken, 'environment.json')} is not JSON`);
    expect(() => environmentOf(rootWith({ games: 1 }))).toThrow('says no slices');
  });

  it('is written in its form, each slice with what was given of it', () => {
    const root = rootWith({ origins: { legal: 'https://legal.cdn.example' } });
    const said = { ...environmentSettings(root), news: { origins: ['https://news.cdn.example'], paths: ['/news/*'] } };
    writeEnvironmentSettings(root, said);
    expect(JSON.parse(readFileSync(join(root, 'environment.json'), 'utf8'))).toEqual({
      slices: { legal: { origins: ['https://legal.cdn.example'] }, news: said.news },
    });
    expect(environmentOf(root).slices.news).toEqual(said.news);
  });
});
