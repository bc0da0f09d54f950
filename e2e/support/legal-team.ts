import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyOfWorkspace } from './workspace-copy.ts';

/** The heading the legal team gives its Terms page in the build below. */
export const retitledTerms = 'Terms of Play';

/**
 * A build of legal from the legal team's own checkout, where it renames its Terms page's heading
 * (built at low priority, beside the other tests); `remove()` deletes it.
 */
export function retitledLegalBuild() {
  const legalTeam = copyOfWorkspace();
  const folder = mkdtempSync(join(tmpdir(), 'nova-legal-'));
  try {
    legalTeam.edit('mfe-legal/src/terms/TermsPage.tsx', (text) =>
      text.replace('title="Terms and Conditions"', `title="${retitledTerms}"`),
    );
    legalTeam.build('mfe-legal', folder);
  } finally {
    legalTeam.remove();
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
