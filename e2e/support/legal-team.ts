import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slices } from '@nova/contracts/slices';
import { repoRoot } from './site.ts';
import { copyOfWorkspace } from './workspace-copy.ts';

/** The heading the legal team gives its Terms page in the build below. */
export const retitledTerms = 'Terms of Play';

/** What the broken build below throws in the browser. */
export const canaryFault = 'This canary breaks in the browser';

/**
 * A build of legal from the legal team's own checkout, with its Terms page changed by `change`
 * (built at low priority, beside the other tests); `remove()` deletes it.
 */
function legalBuildWith(change: (termsPage: string) => string) {
  const legalTeam = copyOfWorkspace();
  const folder = mkdtempSync(join(tmpdir(), 'nova-legal-'));
  try {
    legalTeam.edit('mfe-legal/src/terms/TermsPage.tsx', change);
    legalTeam.build('mfe-legal', folder);
  } finally {
    legalTeam.remove();
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Legal with its Terms page's heading renamed. */
export const retitledLegalBuild = () =>
  legalBuildWith((text) => text.replace('title="Terms and Conditions"', `title="${retitledTerms}"`));

/**
 * Legal whose Terms page renders on the server (its fragment is fine) and throws in the browser,
 * as a release can that passed every check at build time.
 */
export const brokenLegalBuild = () =>
  legalBuildWith((text) =>
    text.replace(
      'export function TermsPage() {',
      `export function TermsPage() {\n  if (typeof document !== 'undefined') throw new Error('${canaryFault}');`,
    ),
  );

/**
 * Legal's current build with one file more: another version (its hash differs) of the same pages,
 * made in no time, for a test that needs a second version and not a change a visitor can see.
 */
export function anotherLegalVersion() {
  const folder = mkdtempSync(join(tmpdir(), 'nova-legal-'));
  cpSync(join(repoRoot, slices.legal.folder, 'dist'), folder, { recursive: true });
  writeFileSync(join(folder, 'another-version.txt'), folder);
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
