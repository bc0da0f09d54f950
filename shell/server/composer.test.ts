// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteMapSchema, sliceVersion as publishedVersion } from '@nova/contracts/remote-map';
import { legacyPages } from '@nova/contracts/routes';
import { bucketSetCookie } from '@nova/contracts/traffic';
import { previewToken } from '@nova/signing/preview-token';
import { purposes, signer } from '@nova/signing/signing';
import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { dataBlockIn } from '../document/data-block.js';
import type { FragmentLookup } from './fragment-source.mjs';
import { boundedHttpServer } from '@nova/kit/http-server';
import { composerListener } from './node-adapter.mjs';
import { fileRemoteMap } from './remote-map-source.mjs';
import type { PlainResponse } from './answers.mjs';
import { createComposer } from './composer.mjs';
import { securityFingerprint, securityHeaderNames } from './page-policy.mjs';
import { shellDocument } from './shell-document.mjs';

const sliceOrigins = {
  marketing: ['http://localhost:4174'],
  games: ['http://localhost:4175'],
  legal: ['http://localhost:4176'],
};
/** The environment the maps name: these slices, their origins and paths. */
const environment = {
  slices: {
    marketing: { origins: sliceOrigins.marketing, paths: ['/'] },
    games: { origins: sliceOrigins.games, paths: ['/games/*'] },
    legal: { origins: sliceOrigins.legal, paths: ['/terms-and-conditions', '/privacy-policy'] },
  },
};
const entries = {
  marketing: 'http://localhost:4174/1.0.0-aaaa/mf-manifest.json',
  games: 'http://localhost:4175/1.0.0-cccc/mf-manifest.json',
  legal: 'http://localhost:4176/1.0.0-bbbb/mf-manifest.json',
};
const pages: Record<string, RemoteModuleId> = {
  '/': 'marketing/HomePage',
  '/terms-and-conditions': 'legal/TermsPage',
  '/games/nope': 'games/GamePage',
  '/games/nope-again': 'games/GamePage',
};

/** What the shell's server entry renders: its inputs, plainly. */
const renderShell = vi.fn(({ slotHtml, siteUnavailable, year }: Record<string, unknown>) => ({
  html: `<title>Page</title><header>Nova</header><main>${String(siteUnavailable ?? slotHtml ?? '<spinner>')}</main><footer>${String(year)}</footer>`,
  // As React Router's static handler: its catch-all route (Not Found) renders with 200.
  status: 200,
}));
/** A shell's server entry that matches paths by a table. */
const shell = {
  matchShell: vi.fn(
    async ({ siteUnavailable, page }: { siteUnavailable?: string; page?: { module: RemoteModuleId } }) => ({
      page: page?.module,
      render: ({ slotHtml, year }: { slotHtml?: string; year: number }) =>
        renderShell({ slotHtml, siteUnavailable, year }),
    }),
  ),
};
/** A built shell document: its boot script carries the bootstrap list; no module script of its own. */
const staticDocument =
  '<!doctype html><html lang="en"><head><script>boot({ script: "/assets/main.js", preloads: [] })</script>' +
  '<title>Nova Reels</title></head><body><div id="root"></div></body></html>';
const document = shellDocument(staticDocument);

let folder: string;
let mapFile: string;
/** Every version as `slice publish` lists it: with the integrity of its manifest. */
const integrity = `sha256-${'A'.repeat(43)}=`;
const sliceVersion = (entry: Parameters<typeof publishedVersion>[0]) => publishedVersion({ integrity, ...entry });

const releasing = (released: Partial<Record<string, string>>) =>
  JSON.stringify({
    schema: remoteMapSchema,
    microFrontends: Object.fromEntries(
      Object.entries(released).map(([slice, url]) => [
        slice,
        [sliceVersion({ url: url!, version: url!.split('/')[3]! })],
      ]),
    ),
    environment,
  });
/** A version as the browser's map lists it: with the pages it serves (these versions declare none: the portal's of before). */
const served = (slice: string, entry: ReturnType<typeof sliceVersion>) => ({
  ...entry,
  metadata: { ...entry.metadata, pages: legacyPages(slice) },
});

/** Writes the map, and lets a turn of the event loop pass so the server looks at it again. */
const writeMap = async (text: string) => {
  writeFileSync(mapFile, text);
  await new Promise((resolve) => setImmediate(resolve));
};

let clock: number;
const fragment = (html: string, origin?: string): FragmentLookup => ({
  kind: 'fragment',
  head: '<meta name="page">',
  html,
  ...(origin && { origin }),
});
const fragmentOf = Object.assign(
  vi.fn(async (entry: { url: string }, path: string): Promise<FragmentLookup> => fragment(`${path} from ${entry.url}`)),
  {
    fromDevServer: vi.fn(async (): Promise<FragmentLookup> => ({ kind: 'none' })),
    serves: vi.fn<(origin: string) => boolean>(() => true),
    // Each version lists the paths of its slice's pages (games: one game).
    prefetch: vi.fn(async (entry: { url: string }) =>
      Object.keys(pages).filter((path) => entry.url === entries[pages[path]!.split('/')[0] as keyof typeof entries]),
    ),
  },
);

const key = signer('the environment key, long enough to sign');
const handlerWith = (
  options: {
    pageCacheBytes?: number;
    log?: (line: string) => void;
    shell?: Parameters<typeof createComposer>[0]['shell'];
  } = {},
) =>
  createComposer({
    signer: key,
    shell,
    document,
    remoteMap: fileRemoteMap({ file: mapFile, log: () => undefined }),
    fragments: fragmentOf,
    gameProvider: 'http://127.0.0.1:4178',
    pageCacheBytes: 64 * 1024 * 1024,
    now: () => clock,
    ...options,
  });
type Handler = ReturnType<typeof handlerWith>;

async function get(handler: Handler, url: string, headers: Record<string, string> = {}, method = 'GET') {
  const lowered = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const answer = await handler.respond({ method, url, headers: { get: (name) => lowered[name] ?? null } });
  if ('file' in answer) return { file: answer.file, status: 0, header: () => undefined, text: '' };
  const { status, headers: list, body } = answer as PlainResponse;
  const header = (name: string) => {
    const at = list.findIndex((candidate, i) => i % 2 === 0 && candidate.toLowerCase() === name.toLowerCase());
    return at < 0 ? undefined : list[at + 1];
  };
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const encoding = header('Content-Encoding');
  const text = (
    encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes
  ).toString();
  return { status, header, text, file: undefined };
}

const dataBlockOf = (html: string) => dataBlockIn(html)!;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'nova-handler-'));
  mapFile = join(folder, 'remotes.json');
  await writeMap(releasing(entries));
  clock = Date.UTC(2026, 10, 25, 12);
  fragmentOf.mockClear();
  fragmentOf.prefetch.mockClear();
  renderShell.mockClear();
  fragmentOf.serves.mockReset().mockReturnValue(true);
  shell.matchShell.mockClear();
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('a composed page', () => {
  it('holds the layout, the fragment of the released version, the data block and the head, in the shell document', async () => {
    const page = await get(handlerWith(), '/terms-and-conditions');
    expect(page.status).toBe(200);
    expect(page.header('Content-Type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(`<main>/terms-and-conditions from ${entries.legal}</main>`);
    expect(page.text).toContain('<meta name="page"><title>Page</title></head>');
    expect(page.text).not.toContain('<title>Nova Reels</title>');
    expect(page.text).toContain('<head>\n    <script type="application/json"');
    expect(page.text).toContain('<script>boot({ script: "/assets/main.js", preloads: [] })</script>');
    // The page the server matched, for the boot script to preload; the bootstrap list is the boot script's.
    expect(dataBlockOf(page.text)).toEqual({
      page: 'legal/TermsPage',
      route: { path: '/terms-and-conditions', title: 'Terms and Conditions' },
      remotes: { legal: entries.legal },
      origins: { legal: sliceOrigins.legal },
      versions: { legal: '1.0.0-bbbb' },
      integrities: { legal: integrity },
      year: 2026,
      slot: 'fragment',
    });
  });

  it('inlines only the released entry of its slice, however much else the map holds', async () => {
    const map = JSON.parse(releasing(entries));
    map.padding = 'x'.repeat(100_000);
    map.microFrontends.legal.push(
      ...Array.from({ length: 500 }, (_, i) =>
        sliceVersion({ url: `http://localhost:4176/0.${i}.0/mf-manifest.json`, version: `0.${i}.0`, released: false }),
      ),
    );
    await writeMap(JSON.stringify(map));
    const page = await get(handlerWith(), '/terms-and-conditions');
    expect(page.text).not.toContain('0.1.0');
    expect(page.text.length).toBeLessThan(2000);
  });

  it('is composed quickly compressed first, then at the best ratio, which later answers carry', async () => {
    const handler = handlerWith();
    const first = await get(handler, '/', { 'Accept-Encoding': 'br' });
    await vi.waitFor(async () =>
      expect(Number((await get(handler, '/', { 'Accept-Encoding': 'br' })).header('Content-Length'))).not.toBe(
        Number(first.header('Content-Length')),
      ),
    );
    const best = await get(handler, '/', { 'Accept-Encoding': 'br' });
    expect(best.text).toBe(first.text);
    // New bytes, a new tag: a cache that kept the quick form takes the best one at its next revalidation.
    expect(best.header('ETag')).not.toBe(first.header('ETag'));
    expect((await get(handler, '/', { 'Accept-Encoding': 'br', 'If-None-Match': first.header('ETag')! })).status).toBe(
      200,
    );
  });

  it('falls back to the static document, which the browser renders, when composing fails', async () => {
    const logged: string[] = [];
    const handler = handlerWith({
      shell: {
        matchShell: async () => ({
          render: () => {
            throw new Error('render bug');
          },
        }),
      },
      log: (line) => logged.push(line),
    });
    const page = await get(handler, '/');
    expect(page.status).toBe(200);
    expect(page.text).toBe(staticDocument);
    expect(page.header('Cache-Control')).toBe('private, no-store');
    expect(logged.join()).toContain('render bug');
  });

  it("has the released versions' fragments fetched ahead, once per revision of the map", async () => {
    const handler = handlerWith();
    await handler.prefetchFragments();
    expect(fragmentOf.prefetch.mock.calls.map(([entry]) => entry.url).sort()).toEqual(Object.values(entries).sort());
    await get(handler, '/');
    expect(fragmentOf.prefetch).toHaveBeenCalledTimes(3);
    await writeMap(releasing({ ...entries, legal: 'http://localhost:4176/1.1.0-dddd/mf-manifest.json' }));
    await get(handler, '/');
    expect(fragmentOf.prefetch).toHaveBeenCalledTimes(6);
  });

  it('can be composed before the first request: every page the released versions list, at its best', async () => {
    const handler = handlerWith();
    expect(await handler.warm()).toBe(Object.keys(pages).length);
    expect(renderShell).toHaveBeenCalledTimes(Object.keys(pages).length);
    for (const path of Object.keys(pages)) {
      const page = await get(handler, path, { 'Accept-Encoding': 'br' });
      expect(page.header('Server-Timing'), path).toBe('cache;desc=hit');
      // Already in its best form: the ETag the next request sees is the one this one got.
      expect((await get(handler, path, { 'Accept-Encoding': 'br' })).header('ETag'), path).toBe(page.header('ETag'));
    }
    expect(renderShell).toHaveBeenCalledTimes(Object.keys(pages).length);
  });

  it('is composed once, then served from memory with the same ETag, whatever the encoding', async () => {
    const handler = handlerWith();
    const [first, second] = await Promise.all([get(handler, '/'), get(handler, '/')]);
    expect(renderShell).toHaveBeenCalledTimes(1);
    expect(first.header('Server-Timing')).toMatch(
      /^cache;desc=miss, fragment;dur=[\d.]+, render;dur=[\d.]+, compress;dur=[\d.]+$/,
    );
    const hit = await get(handler, '/', { 'Accept-Encoding': 'br' });
    expect(hit.header('Server-Timing')).toBe('cache;desc=hit');
    expect(hit.header('Content-Encoding')).toBe('br');
    expect(hit.text).toBe(first.text);
    expect(second.text).toBe(first.text);
    expect((await get(handler, '/', { 'Accept-Encoding': 'gzip' })).text).toBe(first.text);
    expect(hit.header('ETag')).toMatch(/^"[\w-]{22}"$/);
    expect(hit.header('ETag')).not.toBe(first.header('ETag'));
    expect(renderShell).toHaveBeenCalledTimes(1);
  });

  it('matches a path at most once per request, and a page kept costs no match', async () => {
    const handler = handlerWith();
    await get(handler, '/terms-and-conditions');
    expect(shell.matchShell).toHaveBeenCalledTimes(1);
    expect(renderShell).toHaveBeenCalledTimes(1);
    await get(handler, '/terms-and-conditions');
    expect(shell.matchShell).toHaveBeenCalledTimes(1);
    // A new release: composed again, matched once more.
    await writeMap(releasing({ ...entries, legal: 'http://localhost:4176/1.1.0-dddd/mf-manifest.json' }));
    await get(handler, '/terms-and-conditions');
    expect(shell.matchShell).toHaveBeenCalledTimes(2);
    expect(renderShell).toHaveBeenCalledTimes(2);
  });

  it('answers 304 to an If-None-Match of the form it would send, and 200 once that changed', async () => {
    const handler = handlerWith();
    const etag = (await get(handler, '/', { 'Accept-Encoding': 'gzip' })).header('ETag')!;
    expect((await get(handler, '/', { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(200);
    const unchanged = await get(handler, '/', { 'Accept-Encoding': 'gzip', 'If-None-Match': `"x", W/${etag}` });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.header('Cache-Control')).toContain('s-maxage=1');
    await writeMap(releasing({ ...entries, marketing: 'http://localhost:4174/1.1.0-cccc/mf-manifest.json' }));
    expect((await get(handler, '/', { 'If-None-Match': etag })).status).toBe(200);
  });

  it('is composed again after a release of its slice, and only then', async () => {
    const handler = handlerWith();
    await get(handler, '/');
    await get(handler, '/terms-and-conditions');
    const released = 'http://localhost:4176/1.1.0-dddd/mf-manifest.json';
    await writeMap(releasing({ ...entries, legal: released }));
    expect((await get(handler, '/')).header('Server-Timing')).toBe('cache;desc=hit');
    const terms = await get(handler, '/terms-and-conditions');
    expect(terms.header('Server-Timing')).toMatch(/^cache;desc=miss/);
    expect(terms.text).toContain(`from ${released}`);
    expect(dataBlockOf(terms.text).remotes).toEqual({ legal: released });
  });

  it('is composed again in a new year', async () => {
    const handler = handlerWith();
    expect((await get(handler, '/')).text).toContain('<footer>2026</footer>');
    clock = Date.UTC(2027, 0, 1, 12);
    expect((await get(handler, '/')).text).toContain('<footer>2027</footer>');
  });

  it('carries the cache policy for shared caches and a tag per slice a purge can follow', async () => {
    const page = await get(handlerWith(), '/terms-and-conditions');
    expect(page.header('Cache-Control')).toBe(
      'public, max-age=0, s-maxage=1, stale-while-revalidate=30, stale-if-error=86400',
    );
    expect(page.header('X-Accel-Expires')).toBe(`@${clock / 1000}`);
    expect(page.header('Surrogate-Key')).toBe('shell legal');
    expect(page.header('Cache-Tag')).toBe('shell,legal');
    expect(page.header('Vary')).toBe('Accept-Encoding, X-Edge-Security-Headers');
    expect(page.header('Content-Security-Policy')).toContain(`script-src 'self' 'sha256-`);
    expect(page.header('Content-Security-Policy')).toContain(Object.values(sliceOrigins).flat().join(' '));
  });

  it('leaves its security headers to an edge that adds the same ones itself, and only to it', async () => {
    const handler = handlerWith();
    const direct = await get(handler, '/terms-and-conditions');
    const fingerprintOf = (answer: typeof direct) =>
      securityFingerprint(securityHeaderNames.flatMap((name) => [name, answer.header(name) ?? '']));
    const throughEdge = await get(handler, '/terms-and-conditions', {
      'X-Edge-Security-Headers': fingerprintOf(direct),
    });
    // An edge started before the environment's origins changed adds others: it gets the composer's.
    const throughOlderEdge = await get(handler, '/terms-and-conditions', {
      'X-Edge-Security-Headers': securityFingerprint(['Content-Security-Policy', "default-src 'self'"]),
    });
    for (const name of securityHeaderNames) {
      expect(direct.header(name), name).toBeDefined();
      expect(throughEdge.header(name), name).toBeUndefined();
      expect(throughOlderEdge.header(name), name).toBe(direct.header(name));
    }
    expect(throughEdge.text).toBe(direct.text);
    // The older edge gets the page whole even where its copy is current: a 304 would leave its
    // copy's headers (none) as they are, and it would add its own, older ones.
    const tag = { 'If-None-Match': direct.header('ETag')! };
    expect((await get(handler, '/terms-and-conditions', tag)).status).toBe(304);
    const older = { 'X-Edge-Security-Headers': securityFingerprint(['Content-Security-Policy', "default-src 'self'"]) };
    const revalidated = await get(handler, '/terms-and-conditions', { ...older, ...tag });
    expect(revalidated.status).toBe(200);
    expect(revalidated.header('Content-Security-Policy')).toBe(direct.header('Content-Security-Policy'));
    // Asked by the browser again, in the same second, it has them (the two answers are not one).
    expect((await get(handler, '/terms-and-conditions')).header('Content-Security-Policy')).toBeDefined();
  });

  it('keeps a preview out of shared caches', async () => {
    const page = await get(handlerWith(), '/?preview=legal@1.1.0-dddd');
    expect(page.status).toBe(200);
    expect(page.header('Cache-Control')).toBe('private, no-store');
    expect(page.header('X-Accel-Expires')).toBeUndefined();
  });

  it('without its fragment (the slice did not answer) is not kept as final: private, and composed again a second later', async () => {
    const handler = handlerWith();
    fragmentOf.mockResolvedValueOnce({ kind: 'unavailable', reason: 'no answer within 400 ms' });
    const page = await get(handler, '/terms-and-conditions');
    expect(dataBlockOf(page.text).slot).toBe('placeholder');
    expect(page.text).toContain('<main><spinner></main>');
    expect(page.header('Cache-Control')).toBe('private, no-store');
    expect((await get(handler, '/terms-and-conditions')).header('Server-Timing')).toBe('cache;desc=hit');
    clock += 1000;
    // Due: it still answers at once, while it is composed again.
    const due = await get(handler, '/terms-and-conditions');
    expect(due.header('Server-Timing')).toBe('cache;desc=stale');
    expect(due.text).toContain('<main><spinner></main>');
    await vi.waitFor(() => expect(fragmentOf).toHaveBeenCalledTimes(2));
    await vi.waitFor(async () =>
      expect((await get(handler, '/terms-and-conditions')).text).toContain(`from ${entries.legal}`),
    );
    const later = await get(handler, '/terms-and-conditions');
    expect(later.header('Cache-Control')).toContain('s-maxage=1');
    expect(later.header('Server-Timing')).toBe('cache;desc=hit');
  });

  it('due while its fragment is still looked up: composed again once, however many ask meanwhile', async () => {
    const handler = handlerWith();
    fragmentOf.mockResolvedValueOnce({ kind: 'unavailable', reason: 'no answer within 400 ms' });
    await get(handler, '/terms-and-conditions');
    clock += 1000;
    let lookedUp: (found: FragmentLookup) => void = () => undefined;
    fragmentOf.mockImplementationOnce(() => new Promise((resolve) => (lookedUp = resolve)));
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(handler, '/terms-and-conditions')));
    expect(answers.map((answer) => answer.header('Server-Timing'))).toEqual(Array(20).fill('cache;desc=stale'));
    expect(fragmentOf).toHaveBeenCalledTimes(2);
    lookedUp(fragment('/terms-and-conditions back'));
    await vi.waitFor(async () =>
      expect((await get(handler, '/terms-and-conditions')).text).toContain('/terms-and-conditions back'),
    );
  });

  it('without its fragment while its slice origin is skipped: kept until the origin may be tried again', async () => {
    const handler = handlerWith();
    fragmentOf.mockResolvedValueOnce({ kind: 'unavailable', reason: 'skipped', retryAt: clock + 5000 });
    await get(handler, '/terms-and-conditions');
    clock += 4999;
    expect((await get(handler, '/terms-and-conditions')).header('Server-Timing')).toBe('cache;desc=hit');
    expect(fragmentOf).toHaveBeenCalledTimes(1);
    clock += 1;
    expect((await get(handler, '/terms-and-conditions')).header('Server-Timing')).toBe('cache;desc=stale');
    await vi.waitFor(() => expect(fragmentOf).toHaveBeenCalledTimes(2));
  });

  it("from one of its slice's origins is composed again, from the next, once that origin fails", async () => {
    const mirror = 'http://localhost:5176';
    await writeMap(
      JSON.stringify({
        ...JSON.parse(releasing(entries)),
        environment: {
          slices: {
            ...environment.slices,
            legal: { ...environment.slices.legal, origins: [...sliceOrigins.legal, mirror] },
          },
        },
      }),
    );
    const handler = handlerWith();
    fragmentOf.mockResolvedValueOnce(fragment('from the first', sliceOrigins.legal[0]));
    expect((await get(handler, '/terms-and-conditions')).text).toContain('from the first');
    expect((await get(handler, '/terms-and-conditions')).header('Server-Timing')).toBe('cache;desc=hit');
    expect(fragmentOf.serves).toHaveBeenLastCalledWith(sliceOrigins.legal[0]);
    fragmentOf.serves.mockReturnValue(false);
    fragmentOf.mockResolvedValueOnce(fragment('from the mirror', mirror));
    // The next second (its answers are given again within one).
    clock += 1000;
    const again = await get(handler, '/terms-and-conditions');
    expect(again.header('Server-Timing')).toMatch(/^cache;desc=miss/);
    expect(again.text).toContain('from the mirror');
    expect(dataBlockOf(again.text)?.remotes).toEqual({ legal: entries.legal.replace(sliceOrigins.legal[0]!, mirror) });
  });

  it('of a slice the map has no usable version of: the placeholder, no entry; the browser reports it', async () => {
    await writeMap(
      releasing({ marketing: entries.marketing, legal: 'http://elsewhere.example/1.0.0/mf-manifest.json' }),
    );
    const page = await get(handlerWith(), '/terms-and-conditions');
    expect(fragmentOf).not.toHaveBeenCalled();
    expect(dataBlockOf(page.text)).toMatchObject({ remotes: {}, slot: 'placeholder' });
  });
});

describe('a map that cannot be used as a whole', () => {
  it.each([
    ['missing', null, 'remotes.json could not be read.'],
    ['not JSON', '<!doctype html>', 'remotes.json is not valid JSON.'],
    ['empty', '{}', 'remotes.json must list the micro-frontends of this environment (microFrontends).'],
    [
      'naming no environment',
      JSON.stringify({ microFrontends: { legal: [{}] }, environment: [] }),
      'remotes.json names no usable environment (its slices, their origins and paths): The environment lists its slices: { "slices": { "<slice>": { "origins": [...], "paths": [...] } } }.',
    ],
    [
      'listing none of its slices',
      JSON.stringify({ microFrontends: { other: [{}] }, environment }),
      "remotes.json lists no version of this environment's slices (marketing, games, legal).",
    ],
  ])('%s: every page says the site could not load its pages, 503, kept by no cache', async (_, text, reason) => {
    if (text === null) rmSync(mapFile);
    else await writeMap(text);
    const handler = handlerWith();
    const page = await get(handler, '/terms-and-conditions');
    expect(page.status).toBe(503);
    expect(page.text).toContain(`<main>${reason}</main>`);
    expect(dataBlockOf(page.text)).toMatchObject({ siteUnavailable: reason, slot: 'none', remotes: {} });
    expect(page.header('Cache-Control')).toBe('private, no-store');
    expect(handler.ready()).toBe(false);
    const map = await get(handler, '/remotes.json');
    expect(map.status).toBe(503);
    expect(JSON.parse(map.text)).toEqual({ error: reason });

    await writeMap(releasing(entries));
    expect((await get(handler, '/terms-and-conditions')).status).toBe(200);
    expect(handler.ready()).toBe(true);
  });

  it('after a good one: the last good map keeps serving', async () => {
    const handler = handlerWith();
    await get(handler, '/');
    await writeMap('{ "broken": ');
    const page = await get(handler, '/');
    expect(page.status).toBe(200);
    expect(page.header('Server-Timing')).toBe('cache;desc=hit');
    expect(handler.ready()).toBe(true);
  });
});

describe('the page policy', () => {
  it('answers 405 with Allow to any method but GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'TRACE', 'PATCH', 'OPTIONS']) {
      const answer = await get(handlerWith(), '/', {}, method);
      expect(answer.status, method).toBe(405);
      expect(answer.header('Allow')).toBe('GET, HEAD');
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const handler = handlerWith();
    const full = await get(handler, '/');
    const head = await get(handler, '/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.header('Content-Length')).toBe(full.header('Content-Length'));
  });

  it('composes an unknown address with the Not Found page, 404, cacheable', async () => {
    const page = await get(handlerWith(), '/nope');
    expect(page.status).toBe(404);
    expect(fragmentOf).not.toHaveBeenCalled();
    expect(dataBlockOf(page.text)).toMatchObject({ slot: 'none', remotes: {} });
    expect(dataBlockOf(page.text)).not.toHaveProperty('page');
    expect(page.header('Surrogate-Key')).toBe('shell');
  });

  it('composes an address its slice says names nothing (an unknown game) with that fragment, 404, kept apart', async () => {
    const handler = handlerWith();
    fragmentOf.mockImplementationOnce(async () => ({ ...fragment('<h1>Game Not Found</h1>'), notFound: true }));
    const page = await get(handler, '/games/nope');
    expect(fragmentOf).toHaveBeenCalledWith(
      expect.objectContaining({ url: entries.games, version: '1.0.0-cccc', integrity }),
      '/games/nope',
      'GamePage',
      { slice: 'games', origins: sliceOrigins.games },
    );
    expect(page.status).toBe(404);
    expect(page.text).toContain('<main><h1>Game Not Found</h1></main>');
    expect(dataBlockOf(page.text)).toMatchObject({
      page: 'games/GamePage',
      slot: 'fragment',
      remotes: { games: entries.games },
    });
    expect(page.header('Cache-Control')).toContain('s-maxage');
  });

  it('composes the page every address that names nothing shows once, and serves it for the next such address', async () => {
    const handler = handlerWith();
    const gameNotFound = async (): Promise<FragmentLookup> => ({
      kind: 'fragment',
      head: '',
      html: '<h1>Game Not Found</h1>',
      notFound: true,
    });
    fragmentOf.mockImplementationOnce(gameNotFound).mockImplementationOnce(gameNotFound);
    const first = await get(handler, '/games/nope');
    const next = await get(handler, '/games/nope-again');
    expect(next.status).toBe(404);
    expect(next.text).toBe(first.text);
    expect(next.header('Server-Timing')).toBe('cache;desc=hit');
    expect(renderShell).toHaveBeenCalledTimes(1);

    await get(handler, '/nope');
    const other = await get(handler, '/x/y');
    expect(other.status).toBe(404);
    expect(other.header('Server-Timing')).toBe('cache;desc=hit');
    expect(renderShell).toHaveBeenCalledTimes(2);

    // Under a slice's paths, an address none of its pages has: its own, kept beside the shell's.
    for (const path of ['/games/a/b', '/nope-too', '/games/c/d', '/x/z'])
      expect((await get(handler, path)).status, path).toBe(404);
    expect(renderShell).toHaveBeenCalledTimes(3);
  });

  it('reads a target as the URL parser does: escapes, dot segments, backslashes, hostile queries', async () => {
    const handler = handlerWith();
    const location = async (url: string) => (await get(handler, url)).header('Location');
    expect(await location('/Terms-And-Conditions?q=<x y="1">')).toBe('/terms-and-conditions?q=%3Cx%20y=%221%22%3E');
    expect(await location('/games/../Terms-and-conditions')).toBe('/terms-and-conditions');
    expect((await get(handler, '/%54erms-and-conditions')).status).toBe(404);
    expect(await location('/\\Terms-and-conditions')).toBe('/terms-and-conditions');
    expect((await get(handler, '/./terms-and-conditions')).status).toBe(200);
    expect((await get(handler, '/terms-and-conditions?preview')).header('Cache-Control')).toBe('private, no-store');
    expect((await get(handler, '/terms-and-conditions?%70review=x')).header('Cache-Control')).toBe('private, no-store');
    expect((await get(handler, '/terms-and-conditions?nopreview=1')).header('Cache-Control')).toContain('s-maxage');
  });

  it('sends any other spelling of a page to its one address, for good, with the query', async () => {
    const answer = await get(handlerWith(), '/Terms-And-Conditions/?a=1');
    expect(answer.status).toBe(308);
    expect(answer.header('Location')).toBe('/terms-and-conditions?a=1');
    const slashes = await get(handlerWith(), '//evil.example//x');
    expect(slashes.header('Location')).toBe('/evil.example/x');
  });

  it('leaves a file to the shell build, cached for good under /assets/', async () => {
    const asset = await get(handlerWith(), '/assets/main-1234.js');
    expect(asset.file).toBe('/assets/main-1234.js');
    expect(
      await handlerWith().respond({ method: 'GET', url: '/favicon.svg', headers: { get: () => null } }),
    ).toMatchObject({
      file: '/favicon.svg',
      headers: expect.arrayContaining(['Cache-Control', 'no-cache']),
    });
  });

  it("keeps pages no fragment exists for apart: a flood of made-up addresses does not push the site's pages out", async () => {
    const handler = handlerWith({ pageCacheBytes: 16_000 });
    await get(handler, '/');
    await get(handler, '/terms-and-conditions');
    for (let n = 0; n < 50; n += 1) expect((await get(handler, `/made-up-${n}`)).status).toBe(404);
    expect((await get(handler, '/')).header('Server-Timing')).toBe('cache;desc=hit');
    expect((await get(handler, '/terms-and-conditions')).header('Server-Timing')).toBe('cache;desc=hit');
    expect(handler.cacheSize().bytes).toBeLessThanOrEqual(16_000 + 16_000 / 8);
  });

  it('keeps nothing of made-up addresses of 15 KB but the one page they show, and a page kept costs no match', async () => {
    const handler = handlerWith();
    await get(handler, '/terms-and-conditions');
    for (let n = 0; n < 1000; n += 1)
      expect((await get(handler, `/${String(n).padStart(4, '0')}${'x'.repeat(15_000)}`)).status).toBe(404);
    expect(handler.cacheSize()).toMatchObject({ pages: 2 });
    expect(handler.cacheSize().bytes).toBeLessThan(100_000);
    const matches = shell.matchShell.mock.calls.length;
    await get(handler, '/');
    await get(handler, '/');
    expect(shell.matchShell.mock.calls.length).toBe(matches + 1);
  });

  it('answers 400 to a target the URL parser refuses, over a socket, logging nothing', async () => {
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);
    const server = boundedHttpServer(composerListener({ composer: handlerWith({ log }), shellBuild: folder, log }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    /** What the server answers to `request` sent as it is, up to the end of its status line. */
    const statusLine = (request: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
    try {
      for (const target of ['http://[', 'http://[/terms-and-conditions', 'http://a b/'])
        expect(await statusLine(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), target).toMatch(
          /^HTTP\/1\.1 400 /,
        );
      expect(logged).toEqual([]);
      expect(await statusLine('GET /terms-and-conditions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toBe(
        'HTTP/1.1 200 OK',
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('drops the oldest pages when their bytes pass the bound', async () => {
    const handler = handlerWith({ pageCacheBytes: 4000 });
    await get(handler, '/');
    await get(handler, '/terms-and-conditions');
    await get(handler, '/nope');
    expect(handler.cacheSize().bytes).toBeLessThanOrEqual(4000);
    expect((await get(handler, '/')).header('Server-Timing')).toMatch(/^cache;desc=miss/);
  });
});

describe("the browser's remote map, /remotes.json", () => {
  it('lists the released version of each slice only, with an ETag (304 while the map is unchanged)', async () => {
    const handler = handlerWith();
    const answer = await get(handler, '/remotes.json');
    expect(answer.header('ETag')).toMatch(/^"[\w-]+"$/);
    expect((await get(handler, '/remotes.json', { 'If-None-Match': answer.header('ETag')! })).status).toBe(304);
    await writeMap(releasing({ ...entries, legal: 'http://localhost:4176/1.1.0-dddd/mf-manifest.json' }));
    expect((await get(handler, '/remotes.json', { 'If-None-Match': answer.header('ETag')! })).status).toBe(200);
    expect(JSON.parse(answer.text).microFrontends).toEqual({
      marketing: [served('marketing', sliceVersion({ url: entries.marketing, version: '1.0.0-aaaa' }))],
      games: [served('games', sliceVersion({ url: entries.games, version: '1.0.0-cccc' }))],
      legal: [served('legal', sliceVersion({ url: entries.legal, version: '1.0.0-bbbb' }))],
    });
  });

  describe('a preview', () => {
    const previewEntry = 'http://localhost:4176/1.1.0-eeee/mf-manifest.json';
    const inAnHour = () => clock + 3_600_000;
    const link = (version = '1.1.0-eeee', { by = key, expiresAt = inAnHour(), slice = 'legal' } = {}) =>
      previewToken(by, { slice, version, expiresAt });
    /** The map with legal's 1.1.0-eeee listed (not released), with these extras. */
    const withPublished = async (extras?: Record<string, unknown>) => {
      const map = JSON.parse(releasing(entries));
      map.microFrontends.legal.push({
        ...sliceVersion({ url: previewEntry, version: '1.1.0-eeee', released: false }),
        ...(extras ? { extras } : {}),
      });
      await writeMap(JSON.stringify(map));
    };
    const legalOf = async (query: string) => {
      const answer = await get(handlerWith(), `/remotes.json?${query}`);
      return { answer, legal: JSON.parse(answer.text).microFrontends.legal };
    };

    it("adds the version a signed link names, marked as the tab's preview, kept by no shared cache", async () => {
      await withPublished();
      const { answer, legal } = await legalOf(`preview=${link()},${link('9.9.9', { slice: 'games' })}`);
      expect(answer.header('Cache-Control')).toBe('private, no-store');
      expect(legal).toEqual([
        served('legal', sliceVersion({ url: entries.legal, version: '1.0.0-bbbb' })),
        {
          ...served('legal', sliceVersion({ url: previewEntry, version: '1.1.0-eeee', released: false })),
          extras: { preview: true },
        },
      ]);
      // A version the map does not list is not added, however signed.
      const { legal: fromPercentEncoded } = await legalOf(`%70review=${link()}`);
      expect(fromPercentEncoded).toHaveLength(2);
    });

    it.each([
      ['a bare version, as links were before', () => 'legal@1.1.0-eeee'],
      ['a link signed with another key', () => link('1.1.0-eeee', { by: signer('x'.repeat(32)) })],
      ['an expired link', () => link('1.1.0-eeee', { expiresAt: clock })],
      [
        'a token signed for another use',
        () => key.sign(purposes.fieldSignals, { s: 'legal', v: '1.1.0-eeee', e: inAnHour() }),
      ],
      [
        'a link whose version was changed',
        () =>
          `${Buffer.from(JSON.stringify({ s: 'legal', v: '1.1.0-eeee', e: inAnHour() })).toString('base64url')}.${link('1.0.0-bbbb').split('.')[1]}`,
      ],
      ['a link for a slice that does not exist', () => link('1.1.0-eeee', { slice: '__proto__' })],
    ])('ignores %s: the released version only, nothing said why', async (_, token) => {
      await withPublished();
      const { answer, legal } = await legalOf(`preview=${token()}`);
      expect(answer.status).toBe(200);
      expect(legal).toEqual([served('legal', sliceVersion({ url: entries.legal, version: '1.0.0-bbbb' }))]);
    });

    it('ignores a link to a version that was rolled back', async () => {
      await withPublished({ rolledBackAt: ['2026-11-24T12:00:00.000Z'] });
      expect((await legalOf(`preview=${link()}`)).legal).toEqual([
        served('legal', sliceVersion({ url: entries.legal, version: '1.0.0-bbbb' })),
      ]);
    });
  });
});

describe('a canary release', () => {
  const canaryEntry = 'http://localhost:4176/1.0.0-dddd/mf-manifest.json';
  /** legal's 1.0.0-dddd takes `share` % of the visitors; 1.0.0-bbbb, released, the rest. */
  const withCanary = (share: number) => {
    const map = JSON.parse(releasing(entries));
    map.microFrontends.legal[0].deployment.traffic = 100 - share;
    map.microFrontends.legal.push(
      sliceVersion({ url: canaryEntry, version: '1.0.0-dddd', released: false, traffic: share }),
    );
    return JSON.stringify(map);
  };
  const inBucket = (bucket: number) => ({ Cookie: `theme=dark; nova_bucket=${bucket}` });

  it("shows a visitor the version its bucket sees, on a page kept per version and varying by the bucket's cookie", async () => {
    await writeMap(withCanary(30));
    const handler = handlerWith();
    const canary = await get(handler, '/terms-and-conditions', inBucket(29));
    const released = await get(handler, '/terms-and-conditions', inBucket(30));
    expect(canary.text).toContain(`from ${canaryEntry}</main>`);
    expect(dataBlockOf(canary.text)).toMatchObject({
      remotes: { legal: canaryEntry },
      versions: { legal: '1.0.0-dddd' },
    });
    expect(released.text).toContain(`from ${entries.legal}</main>`);
    expect(dataBlockOf(released.text)).toMatchObject({ versions: { legal: '1.0.0-bbbb' } });
    for (const answer of [canary, released]) {
      expect(answer.header('Vary')).toBe('Accept-Encoding, X-Edge-Security-Headers, Cookie');
      expect(answer.header('Cache-Control')).toContain('public');
      expect(answer.header('Set-Cookie')).toBeUndefined();
    }
    expect(canary.header('ETag')).not.toBe(released.header('ETag'));
    // Each version's page is kept: later visitors of either get it from memory.
    expect((await get(handler, '/terms-and-conditions', inBucket(0))).header('Server-Timing')).toBe('cache;desc=hit');
    expect((await get(handler, '/terms-and-conditions', inBucket(99))).text).toBe(released.text);
    // A slice without a canary: one page for every visitor, no bucket needed.
    const home = await get(handler, '/', inBucket(0));
    expect(home.header('Vary')).toBe('Accept-Encoding, X-Edge-Security-Headers');
    expect(home.header('Set-Cookie')).toBeUndefined();
  });

  it('gives a visitor without a bucket one, in a first-party cookie, on an answer no shared cache keeps', async () => {
    await writeMap(withCanary(50));
    const handler = handlerWith();
    const buckets = new Set<number>();
    for (let visitor = 0; visitor < 40; visitor += 1) {
      const page = await get(handler, '/terms-and-conditions');
      const cookie = page.header('Set-Cookie')!;
      const bucket = Number(/^nova_bucket=(\d{1,2});/.exec(cookie)![1]);
      expect(cookie).toBe(bucketSetCookie(bucket, false));
      buckets.add(bucket);
      expect(page.header('Cache-Control')).toBe('private, no-store');
      expect(dataBlockOf(page.text).versions.legal).toBe(bucket < 50 ? '1.0.0-dddd' : '1.0.0-bbbb');
    }
    expect(buckets.size).toBeGreaterThan(10);
    const overHttps = await get(handler, '/terms-and-conditions', { 'X-Forwarded-Proto': 'https' });
    const secure = overHttps.header('Set-Cookie')!;
    expect(secure).toBe(bucketSetCookie(Number(/^nova_bucket=(\d{1,2});/.exec(secure)![1]), true));
  });

  it('never answers 304 where it gives a bucket: the cookie must reach the visitor', async () => {
    await writeMap(withCanary(50));
    const handler = handlerWith();
    const kept = await get(handler, '/terms-and-conditions', inBucket(70));
    const etag = kept.header('ETag')!;
    expect((await get(handler, '/terms-and-conditions', { ...inBucket(70), 'If-None-Match': etag })).status).toBe(304);
    // A new visitor whose browser has that page (it lost its cookie) gets it again, with a bucket.
    for (let visitor = 0; visitor < 10; visitor += 1) {
      const page = await get(handler, '/terms-and-conditions', { 'If-None-Match': etag });
      expect(page.status).toBe(200);
      expect(page.header('Set-Cookie')).toMatch(/^nova_bucket=\d/);
      expect(page.header('Cache-Control')).toBe('private, no-store');
    }
    const mapEtag = (await get(handler, '/remotes.json', inBucket(70))).header('ETag')!;
    const map = await get(handler, '/remotes.json', { 'If-None-Match': mapEtag });
    expect(map.status).toBe(200);
    expect(map.header('Set-Cookie')).toMatch(/^nova_bucket=\d/);
  });

  it.each(['nova_bucket=x; nova_bucket=0', 'nova_bucket=0; nova_bucket=0', 'nova_bucket=abc', 'nova_bucket=05'])(
    'answers an ambiguous cookie (%j) privately, with the released version, and gives no bucket',
    async (cookie) => {
      await writeMap(withCanary(50));
      const handler = handlerWith();
      const released = await get(handler, '/terms-and-conditions', inBucket(70));
      for (const viaEdge of [{}, { 'X-Edge-Buckets': 'on' }] as Record<string, string>[]) {
        const page = await get(handler, '/terms-and-conditions', {
          Cookie: cookie,
          'If-None-Match': released.header('ETag')!,
          ...viaEdge,
        });
        expect(page.status).toBe(200);
        expect(dataBlockOf(page.text).versions.legal).toBe('1.0.0-bbbb');
        expect(page.header('Cache-Control')).toBe('private, no-store');
        expect(page.header('X-Accel-Expires')).toBeUndefined();
        expect(page.header('Vary')).toBe('Accept-Encoding, X-Edge-Security-Headers, Cookie');
        expect(page.header('Set-Cookie')).toBeUndefined();
        const map = await get(handler, '/remotes.json', { Cookie: cookie, ...viaEdge });
        expect(JSON.parse(map.text).microFrontends.legal[0].url).toBe(entries.legal);
        expect(map.header('Cache-Control')).toBe('private, no-store');
        expect(map.header('Set-Cookie')).toBeUndefined();
      }
    },
  );

  it('through an edge that gives buckets, gives none: asked without one where it counts, it says so (300)', async () => {
    await writeMap(withCanary(30));
    const handler = handlerWith();
    const viaEdge = { 'X-Edge-Buckets': 'on' };
    for (const path of ['/terms-and-conditions', '/remotes.json']) {
      const choice = await get(handler, path, viaEdge);
      expect(choice.status, path).toBe(300);
      expect(choice.text).toBe('');
      expect(choice.header('Set-Cookie')).toBeUndefined();
      expect(choice.header('Vary')).toBe('Cookie');
      // Kept by the edge a while: its pages are kept per bucket meanwhile, right after the canary too.
      expect(choice.header('Cache-Control')).toBe('public, max-age=0, s-maxage=60');
    }
    // With the bucket it gives: that bucket's page, for shared caches.
    const canary = await get(handler, '/terms-and-conditions', { ...viaEdge, ...inBucket(29) });
    expect(canary.status).toBe(200);
    expect(dataBlockOf(canary.text).versions.legal).toBe('1.0.0-dddd');
    expect(canary.header('Cache-Control')).toContain('public');
    expect(canary.header('Set-Cookie')).toBeUndefined();
    // A page that does not depend on the bucket is one page for everyone, as without an edge.
    const home = await get(handler, '/', viaEdge);
    expect(home.status).toBe(200);
    expect(home.header('Vary')).toBe('Accept-Encoding, X-Edge-Security-Headers');
    expect(renderShell).toHaveBeenCalledTimes(2);
  });

  it("lists, at /remotes.json, the version each bucket sees as the slice's one", async () => {
    await writeMap(withCanary(30));
    const handler = handlerWith();
    const canary = await get(handler, '/remotes.json', inBucket(5));
    const released = await get(handler, '/remotes.json', inBucket(70));
    const urls = (answer: { text: string }) =>
      JSON.parse(answer.text).microFrontends.legal.map(({ url }: { url: string }) => url);
    expect(urls(canary)).toEqual([canaryEntry]);
    expect(urls(released)).toEqual([entries.legal]);
    expect(canary.header('Vary')).toBe('Cookie');
    expect(canary.header('ETag')).not.toBe(released.header('ETag'));
    const fresh = await get(handler, '/remotes.json');
    expect(fresh.header('Set-Cookie')).toMatch(/^nova_bucket=/);
    expect(fresh.header('Cache-Control')).toBe('private, no-store');
  });

  it('serves one page to every visitor again once the canary is promoted or withdrawn', async () => {
    await writeMap(withCanary(30));
    const handler = handlerWith();
    await get(handler, '/terms-and-conditions', inBucket(1));
    await writeMap(releasing(entries));
    const page = await get(handler, '/terms-and-conditions', inBucket(1));
    expect(page.text).toContain(`from ${entries.legal}</main>`);
    expect(page.header('Vary')).toBe('Accept-Encoding, X-Edge-Security-Headers');
    expect(fragmentOf.prefetch).toHaveBeenCalledWith(expect.objectContaining({ url: entries.legal }));
  });
});

describe('content negotiation', () => {
  it('sends a page in the form the Accept-Encoding allows: no brotli where it says br;q=0', async () => {
    const handler = handlerWith();
    for (const [accepted, encoding] of [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['br;q=0, *', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const page = await get(handler, '/', { 'Accept-Encoding': accepted });
      expect(page.header('Content-Encoding'), accepted).toBe(encoding);
      expect(page.text).toContain('<main>/ from');
    }
  });
});
