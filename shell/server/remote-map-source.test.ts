// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import { fileRemoteMap, fixedRemoteMap, urlRemoteMap } from './remote-map-source.mjs';

/** The environment the maps name: legal alone. */
const environment = {
  slices: { legal: { origins: ['http://localhost:4176'], paths: ['/terms-and-conditions', '/privacy-policy'] } },
};
const releasing = (version: string) =>
  JSON.stringify({
    schema: remoteMapSchema,
    microFrontends: {
      legal: [
        sliceVersion({
          url: `http://localhost:4176/${version}/mf-manifest.json`,
          version,
          integrity: `sha256-${'A'.repeat(43)}=`,
        }),
      ],
    },
    environment,
  });
const releasedLegal = (source: {
  current: () => { revision?: string; view?: { released: { legal?: { version: string } } } };
}) => source.current().view?.released.legal?.version;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a fixed map', () => {
  it('is one revision, checked as any map is', () => {
    const source = fixedRemoteMap({ text: releasing('1.0.0'), log: () => undefined });
    expect(releasedLegal(source)).toBe('1.0.0');
    expect(source.current().revision).toMatch(/^[\w-]{16}$/);
    const unusable = fixedRemoteMap({ text: '{}', log: () => undefined }).current();
    expect(unusable).toEqual({
      unusable: 'remotes.json must list the micro-frontends of this environment (microFrontends).',
    });
  });
  it('logs each entry it refuses once, with the revision', () => {
    const log = vi.fn();
    const onGames = releasing('1.0.0').replace('localhost:4176', 'localhost:4175');
    const source = fixedRemoteMap({ text: onGames, log });
    const state = source.current();
    expect('view' in state && state.view.problems.legal).toBe(
      'remotes.json\'s released version "1.0.0" of "legal" cannot be used: it is on http://localhost:4175, not on an origin of legal (http://localhost:4176).',
    );
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      expect.stringMatching(/^remote map fixed: revision [\w-]{16}$/),
      expect.stringMatching(
        /^remote map fixed: revision [\w-]{16}: remotes.json's released version "1.0.0" of "legal" cannot be used: it is on http:\/\/localhost:4175, not on an origin of legal \(http:\/\/localhost:4176\)\.$/,
      ),
    ]);
  });
});

describe('a map in a file', () => {
  let folder: string;
  let file: string;
  const log = vi.fn();
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'nova-map-'));
    file = join(folder, 'remotes.json');
    log.mockClear();
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('is read once per revision: one look at the file per turn of the event loop, a read only when it changed', async () => {
    writeFileSync(file, releasing('1.0.0'));
    const source = fileRemoteMap({ file, log });
    const first = source.current();
    expect(releasedLegal(source)).toBe('1.0.0');
    writeFileSync(file, releasing('1.1.0'));
    expect(source.current()).toBe(first);
    await nextTurn();
    expect(releasedLegal(source)).toBe('1.1.0');
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      expect.stringMatching(/^remote map .*remotes\.json: revision [\w-]{16}$/),
      expect.stringMatching(/: revision [\w-]{16}$/),
    ]);
  });

  it('keeps the last good map when the file breaks, goes missing or grows over the limit, and says so once', async () => {
    writeFileSync(file, releasing('1.0.0'));
    const source = fileRemoteMap({ file, log, maxBytes: 10_000 });
    const good = source.current().revision;
    for (const [broken, said] of [
      ['{ "microFrontends": ', 'remotes.json is not valid JSON.'],
      ['{}', 'remotes.json must list the micro-frontends of this environment (microFrontends).'],
      [
        releasing('1.0.0').replace('{', `{ "padding": "${'x'.repeat(20_000)}",`),
        'remotes.json is too large to be a remote map. (20 KB, over the limit of 10 KB)',
      ],
    ] as const) {
      writeFileSync(file, broken);
      await nextTurn();
      expect(source.current().revision).toBe(good);
      await nextTurn();
      source.current();
      expect(log).toHaveBeenLastCalledWith(expect.stringContaining(`${said}; still serving revision ${good}`));
    }
    rmSync(file);
    await nextTurn();
    expect(source.current().revision).toBe(good);
    expect(log).toHaveBeenLastCalledWith(
      expect.stringContaining(`remotes.json could not be read. (ENOENT); still serving revision ${good}`),
    );
    const said = log.mock.calls.length;
    await nextTurn();
    source.current();
    expect(log).toHaveBeenCalledTimes(said);
  });

  it('never parses a file over the limit', async () => {
    writeFileSync(file, 'x'.repeat(2_000_000));
    const parse = vi.spyOn(JSON, 'parse');
    const source = fileRemoteMap({ file, log });
    expect(source.current()).toEqual({ unusable: 'remotes.json is too large to be a remote map.' });
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });

  it('with no good revision yet, says why no page can load', () => {
    const source = fileRemoteMap({ file, log });
    expect(source.current()).toEqual({ unusable: 'remotes.json could not be read.' });
  });
});

describe('a map behind a URL', () => {
  const url = 'http://discovery.example/remotes.json';
  const log = vi.fn();
  let served: () => Response;
  beforeEach(() => {
    log.mockClear();
    vi.useFakeTimers();
    served = () => new Response(releasing('1.0.0'), { headers: { ETag: '"r1"' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => served()),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is read at start, then revalidated twice a second with its ETag; requests never wait for it', async () => {
    const source = urlRemoteMap({ url, log });
    await source.ready;
    expect(releasedLegal(source)).toBe('1.0.0');
    served = () => new Response(null, { status: 304 });
    await vi.advanceTimersByTimeAsync(500);
    expect(vi.mocked(fetch).mock.calls[1]?.[1]).toMatchObject({ headers: { 'If-None-Match': '"r1"' } });
    expect(releasedLegal(source)).toBe('1.0.0');
    served = () => new Response(releasing('1.1.0'), { headers: { ETag: '"r2"' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(releasedLegal(source)).toBe('1.1.0');
    source.close();
  });

  it('keeps the last good map when the service fails, answers an error or sends too much, and says so', async () => {
    const source = urlRemoteMap({ url, log, maxBytes: 10_000 });
    await source.ready;
    const good = source.current().revision;
    for (const [failure, said] of [
      [() => new Response('oops', { status: 500 }), 'remotes.json could not be read. (answered 500)'],
      [() => new Response('x'.repeat(20_000)), 'remotes.json is too large to be a remote map.'],
      [() => new Response('<!doctype html>'), 'remotes.json is not valid JSON.'],
      [
        () => {
          throw new TypeError('fetch failed');
        },
        'remotes.json could not be read. (fetch failed)',
      ],
    ] as const) {
      served = failure;
      await vi.advanceTimersByTimeAsync(1000);
      expect(source.current().revision).toBe(good);
      expect(log).toHaveBeenLastCalledWith(expect.stringContaining(`${said}`));
      expect(log).toHaveBeenLastCalledWith(expect.stringContaining(`still serving revision ${good}`));
    }
    source.close();
  });
});
