import type { Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contactField } from '../support/contact.ts';
import { expect, previewLink, publishedVersion, test } from '../support/deployments.ts';
import { copyOfWorkspace } from '../support/workspace-copy.ts';

const bump = (version: string) => (packageJson: string) =>
  packageJson.replace(/"version": "[^"]+"/, `"version": "${version}"`);

/** The source modules of the scripts `page` downloads from `origin`, read from their hidden source maps in `root`. */
function sourcesFrom(page: Page, origin: string, root: string) {
  const sources: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    const map = join(root, `${url.pathname}.map`);
    if (existsSync(map)) sources.push(...(JSON.parse(readFileSync(map, 'utf8')).sources as string[]));
  });
  return sources;
}

test('a slice built against newer shared packages: its own copy of @nova/ui, the one @nova/store, and a contract check that says why it cannot be released', async ({
  page,
  deploy,
}) => {
  test.setTimeout(240_000);
  const environment = await deploy.environment();

  // The contact team's checkout, after taking @nova/ui 1.1.0 (a new support phone) and @nova/store 1.1.0.
  const workspace = copyOfWorkspace();
  const outDir = mkdtempSync(join(tmpdir(), 'nova-contact-'));
  try {
    workspace.edit('packages/ui/package.json', bump('1.1.0'));
    workspace.edit('packages/ui/src/site-config.ts', (text) =>
      text.replace("supportPhone: '1-800-555-0142'", "supportPhone: '1-800-555-0199'"),
    );
    workspace.edit('packages/store/package.json', bump('1.1.0'));
    workspace.build('mfe-contact', outDir);
    const version = publishedVersion(environment.slice('publish', 'contact', '--dist', outDir));

    // The contract check refuses it: the store's state must stay one, and the shell provides 1.0.0.
    let refusal = '';
    try {
      environment.slice('release', 'contact', version!);
    } catch (error) {
      refusal = String((error as { stderr?: string }).stderr);
    }
    expect(refusal).toContain(
      `Not released: contact ${version} needs @nova/store ^1.1.0; the shell provides @nova/store 1.0.0.`,
    );

    // Previewed in the real site, it runs with its own @nova/ui beside the shell's…
    const contactOrigin = new URL(
      JSON.parse(readFileSync(join(environment.root, 'environment.json'), 'utf8')).origins.contact,
    ).origin;
    const fromContact = sourcesFrom(page, contactOrigin, join(environment.root, 'contact'));
    await page.goto(previewLink(environment.slice('preview', 'contact', version!, '--environment', environment.url)));
    const support = page.getByRole('region', { name: 'Support' });
    await expect(support).toContainText('1-800-555-0199');
    await expect(page.getByRole('contentinfo')).toContainText('Toll-free: 1-800-555-0142');
    expect(
      fromContact.some((source) => source.endsWith('packages/ui/src/site-config.ts')),
      "contact's own @nova/ui",
    ).toBe(true);

    // …and on the shell's one store, the only copy on the page: what is typed survives a visit to another slice.
    expect(
      fromContact.filter((source) => source.includes('packages/store/src/')),
      'a second store',
    ).toEqual([]);
    await contactField(page, 'Name').fill('Grace Hopper');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveTitle('Nova Reels — Futuristic Social Casino Demos');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(contactField(page, 'Name')).toHaveValue('Grace Hopper');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    workspace.remove();
  }
});
