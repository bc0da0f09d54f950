// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createPageCache, type Composition } from './page-cache.mjs';

const composition = (html: string, stray = false): Composition => ({
  slice: 'legal',
  status: 200,
  html,
  final: true,
  stray,
  shared: true,
  tags: 'shell legal',
  timing: '',
});

describe('the page cache', () => {
  it("compresses the site's pages quickly to answer, then at the best ratio; a stray page only quickly", async () => {
    const compress = vi.fn<
      (identity: Buffer, level: 'quick' | 'best') => Promise<Record<'identity' | 'br' | 'gzip', Buffer>>
    >(async (identity) => ({ identity, br: identity, gzip: identity }));
    const pages = createPageCache({ maxBytes: 100_000, compress });
    await pages.compose('/terms-and-conditions', 'd', async () => composition('<p>Terms</p>'));
    await pages.compose('/made-up', 'd', async () => composition('<p>Not Found</p>', true));
    expect(compress.mock.calls.map(([identity, level]) => [identity.toString(), level])).toEqual([
      ['<p>Terms</p>', 'quick'],
      ['<p>Terms</p>', 'best'],
      ['<p>Not Found</p>', 'quick'],
    ]);
  });

  it('composes a page once for every concurrent caller', async () => {
    const pages = createPageCache({ maxBytes: 100_000 });
    const compose = vi.fn(async () => composition('<p>Home</p>'));
    const [first, second] = await Promise.all([pages.compose('/', 'd', compose), pages.compose('/', 'd', compose)]);
    expect(first).toBe(second);
    expect(compose).toHaveBeenCalledTimes(1);
    expect(pages.kept('/')).toBe(first);
  });
});
