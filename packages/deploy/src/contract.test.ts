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
};
const legal = (changes: Partial<FederationManifest> = {}): FederationManifest => ({
  exposes: [{ name: 'TermsPage' }, { name: 'PrivacyPage' }],
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

  it('passes a remote that exposes every page the shell routes to and accepts its singletons', () => {
    expect(check(legal())).toEqual([]);
  });

  it('fails a remote that no longer exposes a page the shell loads, naming both', () => {
    expect(check(legal({ exposes: [{ name: 'TermsPage' }] }))).toEqual([
      'legal 1.4.0-abcd1234 does not expose PrivacyPage, which the shell loads for /privacy-policy.',
    ]);
  });

  it('fails a remote that needs a newer singleton than the shell provides, naming the package and both versions', () => {
    const contact = legal({
      exposes: [{ name: 'ContactPage' }],
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
});
