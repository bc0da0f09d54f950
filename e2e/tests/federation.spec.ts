import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { slices } from '@nova/contracts/slices';
import { localDeployments, sliceOrigins } from '@nova/deploy/deployment-root';
import { shippedRemotes } from '../support/deployments.ts';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { repoRoot, shellOrigin, titles } from '../support/site.ts';
import { visitEveryRouteByLinks } from '../support/visit.ts';

/** Where the files each origin of the local environment serves are: the shell's build, each slice's deployments. */
const filesByOrigin = new Map<string, string>([
  [shellOrigin, join(repoRoot, 'shell/dist')],
  ...Object.entries(sliceOrigins(localDeployments)).map(
    ([name, origin]) => [origin, join(localDeployments, name)] as [string, string],
  ),
]);

/** Glue the federation plugin generates; it gets no source map and carries no library code. */
const federationGlue =
  /\/(assets\/)?(_virtual_mf|hostInit|pendingShares|rolldown-runtime|vite-preload-helper|mf-entry-bootstrap)[\w.-]*\.js$/;

/** A chunk that only re-exports another one (a shared module's face); it gets no source map either. */
const reExportOnly = /^export\{[\w ,$]*\}from"\.\/[\w.-]+";?\s*$/;

/** The source modules a downloaded file carries, from the build's hidden source map. */
function sourcesOf(url: string): string[] {
  const { origin, pathname } = new URL(url);
  const file = `${filesByOrigin.get(origin)}${pathname}`;
  if (!existsSync(`${file}.map`) && (federationGlue.test(pathname) || reExportOnly.test(readFileSync(file, 'utf8'))))
    return [];
  return JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources;
}

const sharedLibraries = {
  react: /\/node_modules\/react\//,
  'react-dom': /\/node_modules\/react-dom\//,
  'react-router-dom': /\/node_modules\/react-router(-dom)?\//,
  '@emotion/react': /\/node_modules\/@emotion\/react\//,
  '@emotion/styled': /\/node_modules\/@emotion\/styled\//,
  zustand: /\/node_modules\/zustand\//,
  '@nova/store': /\/packages\/store\/src\//,
  'the federation runtime': /\/node_modules\/@module-federation\/runtime-core\//,
};

test('shared libraries are downloaded once, from the shell, across a visit to every route', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    // The portal's own scripts: the game frame's come from the provider, a third party.
    if (response.request().resourceType() === 'script' && response.frame() === page.mainFrame())
      scripts.push(response.url());
  });
  await visitEveryRouteByLinks(page);

  expect(scripts.length, 'no file is downloaded twice').toBe(new Set(scripts).size);
  expect(new Set(scripts.map((url) => new URL(url).origin)).size, 'all five apps took part').toBe(5);
  for (const [library, pattern] of Object.entries(sharedLibraries)) {
    const carriers = scripts.filter((url) => sourcesOf(url).some((source) => pattern.test(source)));
    expect(carriers.length, `${library} was downloaded`).toBeGreaterThan(0);
    expect(new Set(carriers.map((url) => new URL(url).origin)), `${library} came from the shell only`).toEqual(
      new Set([shellOrigin]),
    );
    const modules = carriers.flatMap((url) => sourcesOf(url).filter((source) => pattern.test(source)));
    expect(modules.length, `no module of ${library} arrived twice`).toBe(new Set(modules).size);
  }
});

test("every remote renders on the shell's React: one React DOM renderer on the page", async ({ page }) => {
  // React DOM announces itself to the DevTools hook once per copy that loads.
  await page.addInitScript(() => {
    const renderers: string[] = [];
    Object.assign(window, {
      reactRenderers: renderers,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        isDisabled: false,
        inject: (renderer: { version: string }) => renderers.push(renderer.version),
        checkDCE: () => {},
        onCommitFiberRoot: () => {},
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
      },
    });
  });
  await visitEveryRouteByLinks(page);
  const renderers = await page.evaluate(() => (window as unknown as { reactRenderers: string[] }).reactRenderers);
  expect(renderers).toHaveLength(1);
});

test('the remotes are fetched lazily: only the slice a route needs is contacted', async ({ page }) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  await page.goto('/terms-and-conditions');
  await expect(page).toHaveTitle(titles.terms);
  expect([...origins].sort()).toEqual([shellOrigin, new URL(shippedRemotes.legal).origin].sort());
});

test("a remote's build carries no copy of what the shell provides", () => {
  const carried = (folder: string) =>
    readdirSync(join(repoRoot, folder, 'dist/assets'))
      .filter((file) => file.endsWith('.js.map'))
      .flatMap(
        (file) => JSON.parse(readFileSync(join(repoRoot, folder, 'dist/assets', file), 'utf8')).sources as string[],
      );
  for (const { folder } of Object.values(slices)) {
    const sources = carried(folder);
    for (const [library, pattern] of Object.entries(sharedLibraries)) {
      expect(
        sources.filter((source) => pattern.test(source)),
        `${folder} carries ${library}`,
      ).toEqual([]);
    }
  }
});
