// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { overrideSetCookie } from '@nova/contracts/dev-override';
import { legacyPages } from '@nova/contracts/routes';
import { remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { overrideLifetimeMs, overrideToken } from '@nova/signing/override-token';
import { clockSkewMs, purposes, signer } from '@nova/signing/signing';
import { dataBlockIn } from '../document/data-block.js';
import type { PlainResponse } from './answers.mjs';
import { createComposer } from './composer.mjs';
import type { FragmentLookup } from './fragment-source.mjs';
import { createFragmentSource } from './fragment-source.mjs';
import { createOverrides, overrideOriginAllowed } from './overrides.mjs';
import { fixedRemoteMap } from './remote-map-source.mjs';
import { shellDocument } from './shell-document.mjs';

const released = 'http://localhost:4176/1.0.0-bbbb/mf-manifest.json';
const integrity = `sha256-${'A'.repeat(43)}=`;
const sliceOrigins = {
  marketing: ['http://localhost:4174'],
  games: ['http://localhost:4175'],
  legal: ['http://localhost:4176'],
  contact: ['http://localhost:4177'],
};
/** The environment the map names: each slice's origin and paths. */
const environment = {
  slices: {
    marketing: { origins: sliceOrigins.marketing, paths: ['/'] },
    games: { origins: sliceOrigins.games, paths: ['/games/*'] },
    legal: { origins: sliceOrigins.legal, paths: ['/terms-and-conditions', '/privacy-policy'] },
    contact: { origins: sliceOrigins.contact, paths: ['/contact'] },
  },
};
const shell = {
  matchShell: async ({ page }: { page?: { module: RemoteModuleId } }) => ({
    page: page?.module,
    render: ({ slotHtml }: { slotHtml?: string }) => ({
      html: `<header>Nova</header><main>${slotHtml ?? '<spinner>'}</main>`,
      status: 200,
    }),
  }),
};
const map = JSON.stringify({
  schema: remoteMapSchema,
  microFrontends: {
    legal: [sliceVersion({ url: released, version: '1.0.0-bbbb', integrity })],
    contact: [
      sliceVersion({ url: 'http://localhost:4177/1.0.0-cccc/mf-manifest.json', version: '1.0.0-cccc', integrity }),
    ],
  },
  environment,
});
const fragmentOf = Object.assign(
  async (entry: { url: string }, path: string): Promise<FragmentLookup> => ({
    kind: 'fragment',
    head: '',
    html: `${path} released from ${entry.url}`,
  }),
  // Only the released versions' fragments are made up: a dev server's come from one, as in production.
  {
    prefetch: async () => [],
    fromDevServer: createFragmentSource({ timeoutMs: 400 }).fromDevServer,
    serves: () => true,
  },
);

const key = signer('the environment key, long enough to sign');
let clock = Date.UTC(2026, 10, 28, 5);

/**
 * A team's dev server: its fragment endpoint renders what `source` holds now, its pages endpoint
 * says what `devPages` holds now (none: it does not say).
 */
let source = 'the draft';
let devPages: unknown = legacyPages('legal');
let asked: string[] = [];
let devServer: Server;
let devOrigin: string;
beforeAll(async () => {
  devServer = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://dev');
    if (url.pathname === '/__nova/pages.json')
      return devPages === undefined ? response.writeHead(404).end() : response.end(JSON.stringify(devPages));
    asked.push(url.pathname + url.search);
    if (url.pathname !== '/__nova/fragment' || url.searchParams.get('path') !== '/terms-and-conditions')
      return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ head: '<style>dev</style>', html: `<p>${source}</p>` }));
  });
  await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
  devOrigin = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => devServer.close(resolve)));
beforeEach(() => {
  source = 'the draft';
  devPages = legacyPages('legal');
  asked = [];
  clock = Date.UTC(2026, 10, 28, 5);
});

/** The same map with a canary of contact that buckets 0–49 see. */
const canaryMap = JSON.stringify({
  ...JSON.parse(map),
  microFrontends: {
    ...JSON.parse(map).microFrontends,
    contact: [
      ...JSON.parse(map).microFrontends.contact,
      sliceVersion({
        url: 'http://localhost:4177/1.1.0-dddd/mf-manifest.json',
        version: '1.1.0-dddd',
        integrity,
        released: false,
        traffic: 50,
      }),
    ],
  },
});

const handlerWith = ({ allowed = true, origins = ['loopback'], mapText = map } = {}) =>
  createComposer({
    signer: key,
    shell,
    document: shellDocument(
      '<!doctype html><html><head><title>Nova</title></head><body><div id="root"></div></body></html>',
    ),
    remoteMap: fixedRemoteMap({ text: mapText, log: () => undefined }),
    fragments: fragmentOf,
    gameProvider: 'http://127.0.0.1:4178',
    pageCacheBytes: 64 * 1024 * 1024,
    now: () => clock,
    log: () => undefined,
    ...(allowed && { overrides: createOverrides({ signer: key, origins, now: () => clock }) }),
  });
type Handler = ReturnType<typeof handlerWith>;

async function get(handler: Handler, url: string, headers: Record<string, string> = {}) {
  const lowered = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const answer = (await handler.respond({
    method: 'GET',
    url,
    headers: { get: (name) => lowered[name] ?? null },
  })) as PlainResponse;
  const header = (name: string) => {
    const at = answer.headers.findIndex(
      (candidate, i) => i % 2 === 0 && candidate.toLowerCase() === name.toLowerCase(),
    );
    return at < 0 ? undefined : answer.headers[at + 1];
  };
  return { status: answer.status, header, text: answer.body === undefined ? '' : String(answer.body) };
}
const dataBlockOf = (html: string) => dataBlockIn(html)!;

const token = ({ by = key, slice = 'legal', origin = devOrigin, expiresAt = clock + 3_600_000 } = {}) =>
  overrideToken(by, { slice, origin, expiresAt });
const cookie = (value = token()) => ({ Cookie: `nova_bucket=3; nova_override=${value}` });

describe('an override link', () => {
  it('sets the override in the browser that opens it, and sends it to the page without the link', async () => {
    const answer = await get(handlerWith(), `/terms-and-conditions?override=${token()}&x=1`);
    expect(answer.status).toBe(303);
    expect(answer.header('Location')).toBe('/terms-and-conditions?x=1');
    expect(answer.header('Set-Cookie')).toBe(overrideSetCookie(token(), 3600, false));
    expect(answer.header('Cache-Control')).toBe('private, no-store');
  });

  it('sets a cookie that lasts no longer than an override may, whatever its token says', async () => {
    // Signed by a clock a little ahead of ours: honoured, for 12 hours.
    const ahead = token({ expiresAt: clock + overrideLifetimeMs + clockSkewMs });
    const answer = await get(handlerWith(), `/terms-and-conditions?override=${ahead}`);
    expect(answer.header('Set-Cookie')).toBe(overrideSetCookie(ahead, 43200, false));
  });

  it('is ended by ?override=off, which clears the cookie', async () => {
    const answer = await get(handlerWith(), '/contact?override=off', cookie());
    expect(answer.status).toBe(303);
    expect(answer.header('Location')).toBe('/contact');
    expect(answer.header('Set-Cookie')).toBe(overrideSetCookie('', 0, false));
  });
});

describe("an override's browser", () => {
  it("gets its slice's pages composed with the dev server's fragment and entry, its own, CSP widened", async () => {
    const page = await get(handlerWith(), '/terms-and-conditions', cookie());
    expect(page.status).toBe(200);
    expect(page.text).toContain('<main><p>the draft</p></main>');
    expect(page.text).toContain('<style>dev</style>');
    expect(asked).toEqual(['/__nova/fragment?path=%2Fterms-and-conditions&page=TermsPage']);
    expect(dataBlockOf(page.text)).toMatchObject({
      remotes: { legal: `${devOrigin}/remoteEntry.js` },
      versions: { legal: 'dev' },
      integrities: { legal: '' },
      overrides: { legal: devOrigin },
      slot: 'fragment',
    });
    expect(page.header('Cache-Control')).toBe('private, no-store');
    expect(page.header('Vary')).toBe('Accept-Encoding, X-Edge-Security-Headers, Cookie');
    const csp = page.header('Content-Security-Policy')!;
    for (const directive of ['script-src', 'style-src', 'img-src', 'connect-src'])
      expect(csp).toMatch(new RegExp(`${directive} [^;]*${devOrigin}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${devOrigin.replace('http', 'ws')}`));
    expect(csp).toContain("worker-src 'self' blob:");
  });

  it('sees an edit in the next page: the fragment is asked for on every request, never kept', async () => {
    const handler = handlerWith();
    await get(handler, '/terms-and-conditions', cookie());
    source = 'the edit';
    expect((await get(handler, '/terms-and-conditions', cookie())).text).toContain('<p>the edit</p>');
  });

  it("gets other slices' pages with their released versions, privately, with the notice's data", async () => {
    const page = await get(handlerWith(), '/contact', cookie());
    expect(page.text).toContain('/contact released from http://localhost:4177/1.0.0-cccc/mf-manifest.json');
    expect(dataBlockOf(page.text).overrides).toEqual({ legal: devOrigin });
    expect(page.header('Cache-Control')).toBe('private, no-store');
  });

  it("gets other slices' versions as its bucket sees them, in the page and in /remotes.json", async () => {
    const handler = handlerWith({ mapText: canaryMap });
    const canary = 'http://localhost:4177/1.1.0-dddd/mf-manifest.json';
    // Bucket 3 is in the canary's share.
    const page = await get(handler, '/contact', cookie());
    expect(page.text).toContain(`/contact released from ${canary}`);
    expect(dataBlockOf(page.text).versions).toEqual({ contact: '1.1.0-dddd' });
    const contact = JSON.parse((await get(handler, '/remotes.json', cookie())).text).microFrontends.contact;
    expect(contact.map((version: { url: string }) => version.url)).toEqual([canary]);
    // Bucket 70 is not.
    const other = { Cookie: `nova_bucket=70; nova_override=${token()}` };
    expect(dataBlockOf((await get(handler, '/contact', other)).text).versions).toEqual({ contact: '1.0.0-cccc' });
  });

  it("gets /remotes.json with the dev server's entry beside the released one, marked as the override", async () => {
    const answer = await get(handlerWith(), '/remotes.json', cookie());
    expect(answer.header('Cache-Control')).toBe('private, no-store');
    const pages = legacyPages('legal');
    const listed = sliceVersion({ url: released, version: '1.0.0-bbbb', integrity });
    expect(JSON.parse(answer.text).microFrontends.legal).toEqual([
      { ...listed, metadata: { ...listed.metadata, pages } },
      {
        url: `${devOrigin}/remoteEntry.js`,
        metadata: { integrity: '', version: 'dev', pages },
        deployment: { traffic: 0, default: false },
        extras: { override: true },
      },
    ]);
  });

  it("is routed by the pages the dev server's source declares now, within its slice's paths", async () => {
    const handler = handlerWith();
    // The team drops Privacy from its source, and declares a page outside legal's paths.
    devPages = [
      { path: '/terms-and-conditions', module: 'TermsPage', title: 'Terms' },
      { path: '/legal-news', module: 'NewsPage', title: 'News' },
    ];
    expect((await get(handler, '/privacy-policy', cookie())).status).toBe(404);
    expect((await get(handler, '/legal-news', cookie())).status).toBe(404);
    const legal = JSON.parse((await get(handler, '/remotes.json', cookie())).text).microFrontends.legal;
    expect(legal.find((listed: { extras?: object }) => listed.extras)?.metadata.pages).toEqual([
      { path: '/terms-and-conditions', module: 'TermsPage', title: 'Terms' },
    ]);
    // Others keep the released pages; a dev server that says nothing leaves those to its browser too.
    expect((await get(handler, '/privacy-policy')).status).toBe(200);
    devPages = undefined;
    expect((await get(handler, '/privacy-policy', cookie())).status).toBe(200);
  });

  it('gets the slot rendered in the browser when the dev server is down', async () => {
    const down = 'http://127.0.0.1:9';
    const page = await get(handlerWith(), '/terms-and-conditions', cookie(token({ origin: down })));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<main><spinner></main>');
    expect(dataBlockOf(page.text)).toMatchObject({ slot: 'placeholder', overrides: { legal: down } });
  });
});

describe('every other browser', () => {
  it('keeps the released page byte for byte, before and after an override was served', async () => {
    const handler = handlerWith();
    const before = await get(handler, '/terms-and-conditions');
    await get(handler, '/terms-and-conditions', cookie());
    const after = await get(handler, '/terms-and-conditions');
    expect(after.text).toBe(before.text);
    expect(after.text).toBe((await get(handlerWith({ allowed: false }), '/terms-and-conditions')).text);
    expect(after.header('Cache-Control')).toContain('s-maxage');
    expect(after.header('Content-Security-Policy')).not.toContain(devOrigin);
  });
});

describe('an override that does not count', () => {
  const releasedAnswer = async (handler: Handler, url: string, headers: Record<string, string> = {}) => {
    const page = await get(handler, url, headers);
    expect(page.status).toBe(200);
    expect(page.header('Set-Cookie')).toBeUndefined();
    expect(page.text).toContain(`released from ${released}`);
    expect(page.header('Content-Security-Policy')).not.toMatch(/(script|connect)-src[^;]*(127\.0\.0\.1|dev\.example)/);
    expect(asked).toEqual([]);
  };

  it('is ignored, link and cookie, where the environment does not allow overrides', async () => {
    const production = handlerWith({ allowed: false });
    await releasedAnswer(production, `/terms-and-conditions?override=${token()}`);
    await releasedAnswer(production, '/terms-and-conditions', cookie());
    const legal = JSON.parse((await get(production, '/remotes.json', cookie())).text).microFrontends.legal;
    expect(legal).toHaveLength(1);
  });

  it.each([
    ['signed with another key', () => token({ by: signer('x'.repeat(32)) })],
    ['expired', () => token({ expiresAt: clock })],
    ['lasting longer than an override may', () => token({ expiresAt: clock + overrideLifetimeMs + clockSkewMs + 1 })],
    ['lasting until the year 275,000', () => token({ expiresAt: Date.UTC(275_000, 0) })],
    ['signed for another use', () => key.sign(purposes.preview, { s: 'legal', o: devOrigin, e: clock + 1000 })],
    ['for an origin the environment does not allow', () => token({ origin: 'http://dev.example:5176' })],
    ['for a slice that does not exist', () => token({ slice: '__proto__' })],
    ['not a token at all', () => 'legal@http://127.0.0.1:5176'],
  ])('is ignored when %s', async (_, made) => {
    const handler = handlerWith();
    await releasedAnswer(handler, `/terms-and-conditions?override=${encodeURIComponent(made())}`);
    await releasedAnswer(handler, '/terms-and-conditions', cookie(made()));
  });

  it('is started only by the parameter as the edge reads it, never percent-encoded', async () => {
    await releasedAnswer(handlerWith(), `/terms-and-conditions?via=override&%6Fverride=${token()}`);
  });

  it('is ignored when the cookie is there twice', async () => {
    await releasedAnswer(handlerWith(), '/terms-and-conditions', {
      Cookie: `nova_override=${token()}; nova_override=${token()}`,
    });
  });

  it('is ignored for a dev server outside the origins the environment names', async () => {
    await releasedAnswer(handlerWith({ origins: ['http://dev.example:5176'] }), '/terms-and-conditions', cookie());
  });
});

describe('the dev servers an override may name', () => {
  it('are http on loopback addresses by `loopback`, and named origins exactly', () => {
    for (const origin of ['http://localhost:5176', 'http://127.0.0.1:1', 'http://[::1]:5176'])
      expect(overrideOriginAllowed(origin, ['loopback'])).toBe(true);
    for (const origin of ['https://localhost:5176', 'http://127.0.0.2:5176', 'http://localhost.example', 'nope'])
      expect(overrideOriginAllowed(origin, ['loopback'])).toBe(false);
    expect(overrideOriginAllowed('https://dev.example', ['https://dev.example'])).toBe(true);
    expect(overrideOriginAllowed('https://dev.example:8443', ['https://dev.example'])).toBe(false);
  });
});
