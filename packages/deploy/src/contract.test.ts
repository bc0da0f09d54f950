// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contractProblems, type FederationManifest } from './contract.js';

const shellManifest: FederationManifest = {
  exposes: [],
  shared: [
    { name: 'react', version: '19.3.1', singleton: true },
    { name: '@nova/store', version: '1.0.0', singleton: true },
    { name: 'date-fns', version: '1.0.0' },
  ],
  themeHash: 'shell-theme',
  contractsVersion: '1.4.2',
};
const legalPages = [
  { path: '/terms-and-conditions', module: 'TermsPage', title: 'Terms and Conditions' },
  { path: '/privacy-policy', module: 'PrivacyPage', title: 'Privacy Policy' },
];
const legal = (changes: Partial<FederationManifest> = {}): FederationManifest => ({
  exposes: [{ name: 'TermsPage' }, { name: 'PrivacyPage' }],
  pages: legalPages,
  shared: [
    { name: 'react', requiredVersion: '^19.3.1', singleton: true },
    { name: 'date-fns', requiredVersion: '^1.3.0' },
  ],
  ...changes,
});
const check = (remoteManifest: FederationManifest, remote = 'legal') =>
  contractProblems({ remote, version: '1.4.0-abcd1234', remoteManifest, shellManifest });

describe('the contract check', () => {
  it("passes a remote built with the shell's theme, and fails one built with another (its fragments would not match)", () => {
    expect(check(legal({ themeHash: 'shell-theme' }))).toEqual([]);
    expect(check(legal({ themeHash: 'older-theme' }))).toEqual([
      "legal 1.4.0-abcd1234 was built with another theme than the shell's: its fragments would not match the page; rebuild it against the shell's @nova/ui theme.",
    ]);
  });

  it('passes a remote that exposes every page it declares and accepts its singletons', () => {
    expect(check(legal())).toEqual([]);
  });

  it("passes pages and slices the shell's build never heard of: the slice declares its pages", () => {
    const withNewPage = legal({
      exposes: [...legal().exposes, { name: 'CookiesPage' }],
      pages: [...legalPages, { path: '/cookies', module: 'CookiesPage', title: 'Cookies' }],
    });
    expect(check(withNewPage)).toEqual([]);
    const reviews = legal({
      exposes: [{ name: 'ReviewsPage' }],
      pages: [{ path: '/reviews', module: 'ReviewsPage', title: 'Reviews' }],
    });
    expect(check(reviews, 'reviews')).toEqual([]);
  });

  it('refuses a version that declares a page showing a module it does not expose, naming the page and the module', () => {
    expect(check(legal({ exposes: [{ name: 'TermsPage' }] }))).toEqual([
      'legal 1.4.0-abcd1234 declares /privacy-policy with PrivacyPage, which it does not expose.',
    ]);
  });

  it('refuses a version whose pages are not page declarations, saying what is wrong with each', () => {
    expect(check(legal({ pages: { '/terms-and-conditions': 'TermsPage' } }))).toEqual([
      "legal 1.4.0-abcd1234's pages must be a list of pages.",
    ]);
    expect(check(legal({ pages: [{ path: 'terms', module: 'TermsPage', title: 'Terms' }] }))).toEqual([
      "legal 1.4.0-abcd1234's pages[0]: its path must start with / and be at most 200 characters.",
    ]);
  });

  it('checks a version that declares no pages (built before slices declared theirs) against the pages its slice had then', () => {
    const { pages, ...undeclared } = legal();
    expect(pages).toBeDefined();
    expect(check(undeclared)).toEqual([]);
    expect(check({ ...undeclared, exposes: [{ name: 'TermsPage' }] })).toEqual([
      'legal 1.4.0-abcd1234 declares no pages, so it serves the pages legal had before slices declared theirs, but it does not expose PrivacyPage, which /privacy-policy shows.',
    ]);
  });

  it('fails a remote that needs a newer singleton than the shell provides, naming the package and both versions', () => {
    const contact = legal({
      exposes: [{ name: 'ContactPage' }],
      pages: [{ path: '/contact', module: 'ContactPage', title: 'Contact' }],
      shared: [{ name: '@nova/store', requiredVersion: '^1.1.0', singleton: true }],
    });
    expect(check(contact, 'contact')).toEqual([
      'contact 1.4.0-abcd1234 needs @nova/store ^1.1.0; the shell provides @nova/store 1.0.0.',
    ]);
  });

  it('fails a remote that needs a singleton the shell does not provide', () => {
    const shared = [{ name: 'zustand', requiredVersion: '^5.1.0', singleton: true }];
    expect(check(legal({ shared }))).toEqual([
      'legal 1.4.0-abcd1234 needs the singleton zustand ^5.1.0, which the shell does not provide.',
    ]);
  });

  it('lets a remote bring a newer copy of what is not a singleton', () => {
    expect(check(legal({ shared: [{ name: 'date-fns', requiredVersion: '^2.0.0' }] }))).toEqual([]);
  });

  it("passes a remote built against the shell's major of @nova/contracts, older or newer within it", () => {
    expect(check(legal({ contractsVersion: '1.0.0' }))).toEqual([]);
    expect(check(legal({ contractsVersion: '1.9.0' }))).toEqual([]);
  });

  it('fails a remote built against another major of @nova/contracts, saying which the shell has and which it needs', () => {
    expect(check(legal({ contractsVersion: '2.0.0' }))).toEqual([
      "legal 1.4.0-abcd1234 was built against @nova/contracts 2.0.0 (major 2); the environment's shell provides @nova/contracts 1.4.2 (major 1): rebuild the slice against @nova/contracts ^1.0.0, or deploy a shell built on major 2 first.",
    ]);
    expect(check(legal({ contractsVersion: '0.9.0' }))).toEqual([
      "legal 1.4.0-abcd1234 was built against @nova/contracts 0.9.0 (major 0); the environment's shell provides @nova/contracts 1.4.2 (major 1): rebuild the slice against @nova/contracts ^1.0.0, or deploy a shell built on major 0 first.",
    ]);
  });

  it('fails a remote that names its @nova/contracts when the shell build does not say which it provides', () => {
    const { contractsVersion, ...unstamped } = shellManifest;
    expect(contractsVersion).toBeDefined();
    expect(
      contractProblems({
        remote: 'legal',
        version: '1.4.0-abcd1234',
        remoteManifest: legal({ contractsVersion: '1.0.0' }),
        shellManifest: unstamped,
      }),
    ).toEqual([
      "legal 1.4.0-abcd1234 was built against @nova/contracts 1.0.0; the environment's shell build does not say which @nova/contracts it provides: rebuild the shell.",
    ]);
    expect(check(legal({ contractsVersion: 'latest' }))).toEqual([
      'legal 1.4.0-abcd1234 records "latest" as its @nova/contracts, which is not a version.',
    ]);
  });
});
