// @vitest-environment node
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFragmentSource } from './fragment-source.mjs';

/** The lookup's bound in these tests (production's is FRAGMENT_TIMEOUT_MS). */
const timeoutMs = 400;
const manifestUrl = 'http://localhost:4176/1.0.0-aaaa/mf-manifest.json';
const files: Record<string, unknown> = {
  [manifestUrl]: { buildId: 'b1' },
  'http://localhost:4176/1.0.0-aaaa/fragments/manifest.json': {
    buildId: 'b1',
    fragments: { '/terms-and-conditions': 'TermsPage.json' },
  },
  'http://localhost:4176/1.0.0-aaaa/fragments/TermsPage.json': {
    head: '<link rel="preload" href="__NOVA_REMOTE_BASE__/assets/a.webp">',
    html: '<h1>Terms</h1><img src="__NOVA_REMOTE_BASE__/assets/a.webp">',
  },
};

/** The integrity `slice publish` lists for a manifest with this content (as the origin serves it). */
const integrityOf = (content: unknown) =>
  `sha256-${createHash('sha256').update(JSON.stringify(content)).digest('base64')}`;
/** The map entry of the version whose manifest is at `url`: the integrity of what is there now. */
const versionAt = (url: string) => ({ url, integrity: integrityOf(files[url]) });
const entry = versionAt(manifestUrl);

/** The slice origin as fetch meets it: each file after `delayMs`, or never (`hang`), or an error status. */
let answer: (url: string) => Promise<Response>;
const served = (url: string) => (url in files ? Response.json(files[url]) : new Response('Not found', { status: 404 }));

beforeEach(() => {
  answer = async (url) => served(url);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => answer(url)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a fragment lookup', () => {
  it("gives the page's fragment with its asset URLs on the version's folder", async () => {
    const fragmentOf = createFragmentSource({ timeoutMs });
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toEqual({
      kind: 'fragment',
      origin: 'http://localhost:4176',
      head: '<link rel="preload" href="http://localhost:4176/1.0.0-aaaa/assets/a.webp">',
      html: '<h1>Terms</h1><img src="http://localhost:4176/1.0.0-aaaa/assets/a.webp">',
    });
  });

  it('gives what a page shows at an address that names nothing, marked not found, where the version has it', async () => {
    files['http://localhost:4175/2.0.0-bbbb/mf-manifest.json'] = { buildId: 'g1' };
    const games = versionAt('http://localhost:4175/2.0.0-bbbb/mf-manifest.json');
    files['http://localhost:4175/2.0.0-bbbb/fragments/manifest.json'] = {
      buildId: 'g1',
      fragments: { '/games/pug-life': 'GamePage/pug-life.json' },
      notFound: { GamePage: 'GamePage.not-found.json' },
    };
    files['http://localhost:4175/2.0.0-bbbb/fragments/GamePage/pug-life.json'] = {
      head: '',
      html: '<h1>Pug Life</h1>',
    };
    files['http://localhost:4175/2.0.0-bbbb/fragments/GamePage.not-found.json'] = {
      head: '<title>Game Not Found</title>',
      html: '<h1>Game Not Found</h1>',
    };
    const fragmentOf = createFragmentSource({ timeoutMs });
    expect(await fragmentOf(games, '/games/pug-life', 'GamePage')).toEqual({
      kind: 'fragment',
      origin: 'http://localhost:4175',
      head: '',
      html: '<h1>Pug Life</h1>',
    });
    expect(await fragmentOf(games, '/games/nope', 'GamePage')).toEqual({
      kind: 'fragment',
      origin: 'http://localhost:4175',
      head: '<title>Game Not Found</title>',
      html: '<h1>Game Not Found</h1>',
      notFound: true,
    });
    expect(await fragmentOf(games, '/games', 'GamesPage')).toEqual({ kind: 'none' });
  });

  it('fetches every fragment of a version ahead, and names its paths: the lookups that follow wait for nothing', async () => {
    const fragmentOf = createFragmentSource({ timeoutMs });
    expect(await fragmentOf.prefetch(entry)).toEqual(['/terms-and-conditions']);
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual([
      manifestUrl,
      'http://localhost:4176/1.0.0-aaaa/fragments/manifest.json',
      'http://localhost:4176/1.0.0-aaaa/fragments/TermsPage.json',
    ]);
    expect((await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).kind).toBe('fragment');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('shares one fetch of each file between concurrent lookups, and keeps the files (versions never change)', async () => {
    const fragmentOf = createFragmentSource({ timeoutMs });
    const found = await Promise.all(
      Array.from({ length: 20 }, () => fragmentOf(entry, '/terms-and-conditions', 'TermsPage')),
    );
    expect(new Set(found.map((lookup) => lookup.kind))).toEqual(new Set(['fragment']));
    expect(fetch).toHaveBeenCalledTimes(3);
    await fragmentOf(entry, '/terms-and-conditions', 'TermsPage');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('finds none, for good, where the version has no fragment for the path or another build made its fragments', async () => {
    const fragmentOf = createFragmentSource({ timeoutMs });
    expect(await fragmentOf(entry, '/privacy-policy', 'PrivacyPage')).toEqual({ kind: 'none' });
    files[manifestUrl] = { buildId: 'b2' };
    const other = createFragmentSource({ timeoutMs });
    expect(await other(versionAt(manifestUrl), '/terms-and-conditions', 'TermsPage')).toEqual({ kind: 'none' });
    files[manifestUrl] = { buildId: 'b1' };
    const remoteEntry = { ...entry, url: 'http://localhost:4176/1.0.0-aaaa/remoteEntry.js' };
    expect(await fragmentOf(remoteEntry, '/terms-and-conditions', 'TermsPage')).toEqual({
      kind: 'none',
    });
  });

  it('never takes longer than its timeout, whatever the origin does', async () => {
    vi.useFakeTimers();
    answer = () => new Promise(() => undefined);
    const fragmentOf = createFragmentSource({ timeoutMs });
    let found: unknown;
    void fragmentOf(entry, '/terms-and-conditions', 'TermsPage').then((lookup) => (found = lookup));
    await vi.advanceTimersByTimeAsync(399);
    expect(found).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(found).toEqual({ kind: 'unavailable', reason: 'no answer within 400 ms' });
  });

  it('bounds the whole lookup, not each file: files that each come just in time still miss the deadline', async () => {
    vi.useFakeTimers();
    answer = (url) => new Promise((resolve) => setTimeout(() => resolve(served(url)), 300));
    const fragmentOf = createFragmentSource({ timeoutMs });
    let found: unknown;
    void fragmentOf(entry, '/terms-and-conditions', 'TermsPage').then((lookup) => (found = lookup));
    await vi.advanceTimersByTimeAsync(400);
    expect(found).toMatchObject({ kind: 'unavailable' });
  });

  it('skips an origin that keeps failing for a while, then tries it again', async () => {
    let clock = 0;
    answer = async () => new Response('', { status: 502 });
    const log = vi.fn();
    const fragmentOf = createFragmentSource({ timeoutMs, skipMs: 5000, failuresBeforeSkip: 2, now: () => clock, log });
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toEqual({
      kind: 'unavailable',
      reason: expect.any(String),
    });
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toMatchObject({
      kind: 'unavailable',
      retryAt: 5000,
    });
    const asked = vi.mocked(fetch).mock.calls.length;
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toEqual({
      kind: 'unavailable',
      reason: 'its origin is skipped after failing',
      retryAt: 5000,
    });
    expect(fetch).toHaveBeenCalledTimes(asked);
    // One line when it starts being skipped, nothing per lookup. The second lookup asked the
    // origin itself first: what is kept of it would hide that it is down.
    expect(log.mock.calls).toEqual([
      ['http://localhost:4176 failed 2 times in a row (http://localhost:4176/ answered 502): skipped for 5000 ms.'],
    ]);

    answer = async (url) => served(url);
    clock = 5001;
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toMatchObject({ kind: 'fragment' });
  });

  it('asks an origin that failed lately once, however many lookups wait on it at the same time', async () => {
    const fragmentOf = createFragmentSource({
      timeoutMs,
      skipMs: 5000,
      failuresBeforeSkip: 2,
      now: () => 0,
      log: () => undefined,
    });
    answer = async () => new Response('', { status: 502 });
    await fragmentOf(entry, '/terms-and-conditions', 'TermsPage');
    // The origin now hangs: a busy page's lookups all wait for the one check of it.
    answer = () => new Promise<Response>(() => undefined);
    const heads = () => vi.mocked(fetch).mock.calls.filter(([url]) => url === 'http://localhost:4176/').length;
    const before = heads();
    const lookups = await Promise.all(
      Array.from({ length: 50 }, () => fragmentOf(entry, '/terms-and-conditions', 'TermsPage')),
    );
    expect(lookups.every((found) => found.kind === 'unavailable')).toBe(true);
    expect(heads() - before).toBe(1);
  });

  it('counts a body cut off by the timeout or the connection as a failure of the origin, not an error', async () => {
    const cutOff = (error: Error) =>
      new Response(
        new ReadableStream({
          start: (controller) => {
            controller.enqueue(new TextEncoder().encode('{"buildId":'));
            controller.error(error);
          },
        }),
      );
    const fragmentOf = createFragmentSource({ timeoutMs, failuresBeforeSkip: 10 });
    answer = async () => cutOff(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toEqual({
      kind: 'unavailable',
      reason: 'The operation was aborted due to timeout',
    });
    answer = async () => cutOff(new TypeError('terminated'));
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toEqual({
      kind: 'unavailable',
      reason: 'terminated',
    });
  });

  it('counts a 404 as an answer, not a failure of the origin', async () => {
    const fragmentOf = createFragmentSource({ timeoutMs, failuresBeforeSkip: 1 });
    const missing = { ...entry, url: 'http://localhost:4176/9.9.9/mf-manifest.json' };
    expect(await fragmentOf(missing, '/terms-and-conditions', 'TermsPage')).toEqual({
      kind: 'none',
    });
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toMatchObject({ kind: 'fragment' });
  });

  it('asks again for a file whose fetch failed', async () => {
    answer = async () => new Response('', { status: 500 });
    const fragmentOf = createFragmentSource({ timeoutMs, failuresBeforeSkip: 10 });
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toMatchObject({ kind: 'unavailable' });
    answer = async (url) => served(url);
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toMatchObject({ kind: 'fragment' });
  });

  it('uses nothing of a version whose manifest is not the one its map entry names, and says so once', async () => {
    const log = vi.fn();
    const fragmentOf = createFragmentSource({ timeoutMs, log });
    const tampered = { ...entry, integrity: integrityOf({ buildId: 'what was published' }) };
    expect(await fragmentOf(tampered, '/terms-and-conditions', 'TermsPage')).toEqual({ kind: 'none' });
    expect(await fragmentOf(tampered, '/terms-and-conditions', 'TermsPage')).toEqual({ kind: 'none' });
    expect(log.mock.calls).toEqual([
      [
        `${manifestUrl} does not match its integrity in the map (${tampered.integrity}): that version's fragments are not used.`,
      ],
    ]);
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).not.toContain(
      'http://localhost:4176/1.0.0-aaaa/fragments/TermsPage.json',
    );
    expect(await fragmentOf.prefetch(tampered)).toEqual([]);
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).not.toContain(
      'http://localhost:4176/1.0.0-aaaa/fragments/TermsPage.json',
    );
    // The same URL under the integrity of what it serves is another entry: it is used.
    expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage')).toMatchObject({ kind: 'fragment' });
  });

  describe('on a slice served from several origins', () => {
    const second = 'http://localhost:5176';
    const origins = ['http://localhost:4176', second];
    /** The same files on the second origin. */
    const onSecond = (url: string) => served(url.replace(second, 'http://localhost:4176'));

    it('takes the fragment from the next origin when one is down, with asset URLs there, and says so', async () => {
      const failedOver = vi.fn();
      answer = async (url) => (url.startsWith(second) ? onSecond(url) : Promise.reject(new TypeError('fetch failed')));
      const fragmentOf = createFragmentSource({ timeoutMs, failedOver, log: () => undefined });
      const found = await fragmentOf(entry, '/terms-and-conditions', 'TermsPage', { slice: 'legal', origins });
      expect(found).toMatchObject({ kind: 'fragment', origin: second });
      expect(found.kind === 'fragment' && found.html).toContain(`${second}/1.0.0-aaaa/assets/a.webp`);
      expect(failedOver.mock.calls).toEqual([['legal', 'http://localhost:4176']]);
      // Failing again, the first is skipped: the next lookup asks the second at once.
      await fragmentOf(entry, '/terms-and-conditions', 'TermsPage', { slice: 'legal', origins });
      const asked = vi.mocked(fetch).mock.calls.length;
      expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage', { slice: 'legal', origins })).toMatchObject({
        origin: second,
      });
      expect(
        vi
          .mocked(fetch)
          .mock.calls.slice(asked)
          .some(([url]) => String(url).startsWith(origins[0]!)),
      ).toBe(false);
    });

    it('passes a manifest that is not the one the map names, or none there, to the next origin, and a 5xx', async () => {
      for (const broken of [
        async () => Response.json({ buildId: 'tampered' }),
        async () => new Response('Not found', { status: 404 }),
        async () => new Response('', { status: 503 }),
      ]) {
        answer = async (url) => (url.startsWith(second) ? onSecond(url) : broken());
        const fragmentOf = createFragmentSource({ timeoutMs, log: () => undefined });
        expect(
          await fragmentOf(entry, '/terms-and-conditions', 'TermsPage', { slice: 'legal', origins }),
        ).toMatchObject({
          kind: 'fragment',
          origin: second,
        });
      }
    });

    it("leaves an origin that hangs for the next within the lookup's time: each gets its share", async () => {
      // The first never answers: were it given the whole time, the lookup would end without a fragment.
      answer = async (url) => (url.startsWith(second) ? onSecond(url) : new Promise<Response>(() => undefined));
      const fragmentOf = createFragmentSource({ timeoutMs, log: () => undefined });
      expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage', { slice: 'legal', origins })).toMatchObject({
        kind: 'fragment',
        origin: second,
      });
    });

    it('notices an origin that stopped though its files are kept, and takes them from the next', async () => {
      let clock = 0;
      let firstUp = true;
      answer = async (url) =>
        url.startsWith(second) ? onSecond(url) : firstUp ? served(url) : Promise.reject(new TypeError('refused'));
      const failedOver = vi.fn();
      const fragmentOf = createFragmentSource({
        timeoutMs,
        checkMs: 1000,
        now: () => clock,
        failedOver,
        log: () => undefined,
      });
      const lookup = () => fragmentOf(entry, '/terms-and-conditions', 'TermsPage', { slice: 'legal', origins });
      expect(await lookup()).toMatchObject({ origin: origins[0] });
      expect(fragmentOf.serves(origins[0]!)).toBe(true);
      firstUp = false;
      // A kept page from it asks about it at most once a second; the check that fails says so.
      expect(fragmentOf.serves(origins[0]!)).toBe(true);
      clock = 1000;
      await vi.waitFor(() => expect(fragmentOf.serves(origins[0]!)).toBe(false));
      expect(await lookup()).toMatchObject({ kind: 'fragment', origin: second });
      expect(failedOver).toHaveBeenCalledWith('legal', origins[0]);
      // Back, it is asked again once its skip is over, and serves first again.
      firstUp = true;
      clock = 10_000;
      expect(await lookup()).toMatchObject({ kind: 'fragment', origin: origins[0] });
      expect(fragmentOf.serves(origins[0]!)).toBe(true);
    });

    it('is unavailable when every origin fails, and tries them all again later', async () => {
      answer = async () => Promise.reject(new TypeError('fetch failed'));
      const fragmentOf = createFragmentSource({ timeoutMs, log: () => undefined });
      expect(await fragmentOf(entry, '/terms-and-conditions', 'TermsPage', { slice: 'legal', origins })).toMatchObject({
        kind: 'unavailable',
      });
    });
  });
});
