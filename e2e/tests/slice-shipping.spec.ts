import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { previewToken } from '@nova/signing/preview-token';
import { localSigningKey } from '@nova/signing/signing-key';
import { randomKey, signer } from '@nova/signing/signing';
import { expect, folderHash, previewLink, publishedVersion, test } from '../support/deployments.ts';
import { retitledLegalBuild } from '../support/legal-team.ts';
import { repoRoot } from '../support/site.ts';

const termsHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const previewNotice = (page: Page) => page.getByRole('complementary', { name: 'Preview' });

test('a slice team publishes, previews, releases and rolls back the legal slice alone', async ({
  page,
  context,
  deploy,
}) => {
  test.setTimeout(180_000);
  const environment = await deploy.environment();
  const untouched = () => ({
    shell: folderHash(join(repoRoot, 'shell/dist')),
    ...Object.fromEntries(
      ['marketing', 'games', 'contact'].map((slice) => [slice, folderHash(join(environment.root, slice))]),
    ),
  });
  const before = untouched();

  // The team changes its heading and builds its slice alone.
  const build = retitledLegalBuild();
  try {
    const published = environment.slice('publish', 'legal', '--dist', build.folder);
    const version = publishedVersion(published);
    expect(version, published).toMatch(/^1\.0\.0-[0-9a-f]{8}$/);

    // Published, not released: visitors still get the released slice.
    await page.goto(`${environment.url}/terms-and-conditions`);
    await expect(termsHeading(page)).toHaveText('Terms and Conditions');

    // A link that previews without the environment's signature changes nothing, and says nothing:
    // a bare version (even a listed one), a link signed with another key, one that expired.
    const terms = `${environment.url}/terms-and-conditions`;
    const inAnHour = Date.now() + 3_600_000;
    const unsigned = [
      `legal@${version}`,
      previewToken(signer(randomKey()), { slice: 'legal', version: version!, expiresAt: inAnHour }),
      previewToken(signer(localSigningKey(environment.root)), { slice: 'legal', version: version!, expiresAt: 0 }),
    ];
    for (const link of unsigned) {
      await test.step(`an unsigned, forged or expired link: ${link.slice(0, 24)}…`, async () => {
        await page.goto(`${terms}?${new URLSearchParams({ preview: link })}`);
        await expect(termsHeading(page)).toHaveText('Terms and Conditions');
        await expect(previewNotice(page)).toBeHidden();
        await page.goto(`${terms}?preview=off`);
      });
    }

    // The preview: a link the team gets from the CLI, for this tab only, remembered as it moves
    // around, and plainly marked.
    const signed = previewLink(environment.slice('preview', 'legal', version!, '--environment', environment.url));
    expect(signed).toMatch(new RegExp(`^${terms}\\?preview=[\\w-]+\\.[\\w-]+$`));
    await page.goto(signed);
    await expect(termsHeading(page)).toHaveText('Terms of Play');
    await expect(previewNotice(page)).toContainText(
      `Preview of legal ${version}: not released, shown in this tab only.`,
    );
    await expect(page).toHaveURL(`${environment.url}/terms-and-conditions`);
    await page.goto(`${environment.url}/terms-and-conditions`);
    await expect(termsHeading(page)).toHaveText('Terms of Play');
    const visitor = await context.newPage();
    await visitor.goto(`${environment.url}/terms-and-conditions`);
    await expect(termsHeading(visitor)).toHaveText('Terms and Conditions');
    await expect(previewNotice(visitor)).toBeHidden();
    await page.getByRole('button', { name: 'End preview' }).click();
    await expect(termsHeading(page)).toHaveText('Terms and Conditions');
    await expect(previewNotice(page)).toBeHidden();

    // Released: the next page load shows it, with nothing restarted or rebuilt.
    environment.slice('release', 'legal', version!);
    await visitor.reload();
    await expect(termsHeading(visitor)).toHaveText('Terms of Play');
    await expect(previewNotice(visitor)).toBeHidden();
    expect(environment.slice('list')).toContain(`* ${version}`);
    expect(untouched(), "the shell's files and the other slices").toEqual(before);

    // Rolled back: the old heading is back, and the version can no longer be previewed, even
    // with the link signed before.
    environment.slice('rollback', 'legal');
    await visitor.reload();
    await expect(termsHeading(visitor)).toHaveText('Terms and Conditions');
    await visitor.goto(signed);
    await expect(termsHeading(visitor)).toHaveText('Terms and Conditions');
    await expect(previewNotice(visitor)).toBeHidden();
    expect(untouched(), "the shell's files and the other slices").toEqual(before);
  } finally {
    build.remove();
  }
});
