// @ts-check
// `slice create <name> --dir <path> [--registry <url>] [--port <port>]`: a new slice's repository,
// for a team that starts one. It builds with the build preset (`vite.config.ts` is one line of it)
// and holds one page at `/<name>`: its component and unit test, its exposed module, its
// declaration (`src/exposes/pages.json`), its fragment list and hydration test, and the harness
// that runs it alone. Around them, what `slice eject` writes for the workspace's slices
// (eject.js): the package with the platform packages by version from the registry, the
// workspace's Node, the patches, CI, a README and the first commit. An administrator then adds the
// slice to an environment (`slice environment … --origins <name>=… --paths <name>=/<name>/*`): no
// shell release, no new @nova/contracts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sliceNamePattern } from '@nova/contracts/environment';
import { shell, sliceNames } from '@nova/contracts/slices';
import { portNumber } from '@nova/kit/settings';
import { localRegistry, newRepository, writeOwnRepository } from './eject.js';

/** A new slice's dev server and `vite preview`, unless --port says: the first port after the local environment's. */
export const defaultNewSlicePort = 4180;

/** `new-releases`: `NewReleases`. */
const pascalCase = (/** @type {string} */ name) =>
  name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** `new-releases`: `New Releases`. */
const titleCase = (/** @type {string} */ name) =>
  name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * The new slice's package.json as the workspace would write it (the platform packages from the
 * workspace, the rest from its catalog): what every slice needs to render, test and build a page.
 * @param {string} name
 * @returns {import('./eject.js').WorkspacePackage}
 */
const newSlicePackage = (name) => ({
  name: `mfe-${name}`,
  version: '1.0.0',
  scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
  dependencies: {
    '@emotion/react': 'catalog:',
    '@emotion/styled': 'catalog:',
    '@nova/contracts': 'workspace:*',
    '@nova/router': 'workspace:*',
    '@nova/ui': 'workspace:*',
    react: 'catalog:',
    'react-dom': 'catalog:',
    'react-router-dom': 'catalog:',
  },
  devDependencies: {
    '@nova/build-preset': 'workspace:*',
    '@nova/render': 'workspace:*',
    '@testing-library/dom': 'catalog:',
    '@testing-library/react': 'catalog:',
    '@types/react': 'catalog:',
    '@types/react-dom': 'catalog:',
    jsdom: 'catalog:',
    vite: 'catalog:',
    vitest: 'catalog:',
  },
});

/**
 * The sources of a new slice `name` with one page at `/<name>`, by path: its page (component,
 * unit test, exposed module, declaration), its fragment list and hydration test, its harness and
 * its Vite config.
 * @param {{ name: string, port: number }} slice
 * @returns {Record<string, string>}
 */
function newSliceSources({ name, port }) {
  const page = `${pascalCase(name)}Page`;
  const title = titleCase(name);
  const path = `/${name}`;
  const component = `src/${name}/${page}.tsx`;
  return {
    'vite.config.ts': [
      "import { defineRemoteConfig } from '@nova/build-preset/vite-config';",
      '',
      '// Exposes src/exposes/<Page>.ts, and declares the pages of src/exposes/pages.json; the dev server',
      `// (the harness) and \`vite preview\` on port ${port}.`,
      `export default defineRemoteConfig('${name}', import.meta.dirname, { port: ${port} });`,
      '',
    ].join('\n'),
    'index.html': [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />',
      '    <link rel="icon" href="data:," />',
      `    <title>${title} slice · Nova Reels</title>`,
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '    <script type="module" src="/src/harness/main.tsx"></script>',
      '  </body>',
      '</html>',
      '',
    ].join('\n'),
    [component]: [
      "import { PageContainer, PageHeading } from '@nova/ui/page';",
      "import { pageTitle } from '@nova/ui/site-config';",
      '',
      `/** ${path}: the ${name} slice's first page. */`,
      `export function ${page}() {`,
      '  return (',
      '    <PageContainer>',
      `      <title>{pageTitle('${title}')}</title>`,
      `      <PageHeading>${title}</PageHeading>`,
      `      <p>The ${name} slice, from a repository of its own.</p>`,
      '    </PageContainer>',
      '  );',
      '}',
      '',
    ].join('\n'),
    [`src/${name}/${page}.test.tsx`]: [
      "import { render, screen } from '@testing-library/react';",
      "import { Providers } from '@nova/ui/providers';",
      "import { describe, expect, it } from 'vitest';",
      `import { ${page} } from './${page}.tsx';`,
      '',
      `describe('${page}', () => {`,
      `  it('is titled ${title} · Nova Reels, with its heading', () => {`,
      '    render(',
      '      <Providers>',
      `        <${page} />`,
      '      </Providers>,',
      '    );',
      `    expect(document.title).toBe('${title} · Nova Reels');`,
      `    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('${title}');`,
      '  });',
      '});',
      '',
    ].join('\n'),
    [`src/exposes/${page}.ts`]: [
      "import type { PageModule } from '@nova/contracts/remote-modules';",
      `import { ${page} } from '../${name}/${page}.tsx';`,
      '',
      `export default ${page} satisfies PageModule['default'];`,
      '',
    ].join('\n'),
    'src/exposes/pages.json': `${JSON.stringify([{ path, module: page, title }], null, 2)}\n`,
    'src/exposes/fragment-list.ts': [
      "import type { FragmentList } from '@nova/contracts/remote-modules';",
      "import { fixedPathPages } from '@nova/render/fragment-list';",
      "import pages from './pages.json';",
      '',
      '/**',
      ' * What the build renders to HTML fragments: every page the slice declares at one address, there.',
      " * A page whose path has parameters lists its addresses: { page: 'ItemPage', paths: ['/items/first'] }.",
      ' */',
      'export const fragments = fixedPathPages(pages) satisfies FragmentList;',
      '',
    ].join('\n'),
    'src/exposes/fragment-list.test.tsx': [
      '// @vitest-environment node',
      "import { fragmentAddresses } from '@nova/render/fragment-list';",
      "import { hydrationTestTimeout, renderThenHydrate } from '@nova/render/testing';",
      "import { within } from '@testing-library/dom';",
      "import { describe, expect, it } from 'vitest';",
      "import { fragments } from './fragment-list.ts';",
      "import declared from './pages.json';",
      '',
      `const modules = { ${page}: () => import('./${page}.ts') };`,
      '',
      `describe.each(fragmentAddresses('${name}', fragments, declared))(`,
      "  'the fragment of $path',",
      '  { timeout: hydrationTestTimeout },',
      '  (address) => {',
      `    it("hydrates as it was rendered: no mismatch, every element of the server's HTML kept", async () => {`,
      '      const page = await renderThenHydrate(modules[address.page as keyof typeof modules], address);',
      '      expect(page.problems).toEqual([]);',
      '      expect(page.replaced).toEqual([]);',
      "      expect(within(page.slot).getByRole('heading', { level: 1 })).toBeVisible();",
      '    });',
      '  },',
      ');',
      '',
    ].join('\n'),
    'src/harness/main.tsx': [
      "import { declaredHarnessPages, renderHarness } from '@nova/ui/harness';",
      "import pages from '../exposes/pages.json';",
      `import { ${page} } from '../${name}/${page}.tsx';`,
      '',
      `renderHarness('${name}', declaredHarnessPages(pages, { ${page}: <${page} /> }));`,
      '',
    ].join('\n'),
  };
}

/**
 * Writes a new slice's repository into `dir` (a new or empty folder).
 * @param {{ name: string | undefined, dir: string | undefined, registry: string | undefined, port: string | undefined }} options
 */
export function create({ name, dir, registry = localRegistry, port }) {
  if (!name || !sliceNamePattern.test(name))
    throw new Error(
      `Name the new slice: lower-case letters, digits and "-", starting with a letter, at most 32 (${sliceNamePattern.source}).`,
    );
  if (name === shell.folder || /** @type {readonly string[]} */ (sliceNames).includes(name))
    throw new Error(
      `${name} is a part of the workspace already${name === shell.folder ? '' : `: slice eject ${name} writes its repository`}.`,
    );
  const slicePort = portNumber('--port', port, { min: 1 }) ?? defaultNewSlicePort;
  const repository = newRepository({ command: 'create', dir, registry });
  for (const [path, text] of Object.entries(newSliceSources({ name, port: slicePort }))) {
    mkdirSync(dirname(join(repository.target, path)), { recursive: true });
    writeFileSync(join(repository.target, path), text);
  }
  console.log(
    `${name}: a new slice in ${repository.target}, with one page at /${name} and the platform packages from ${repository.registry}.`,
  );
  writeOwnRepository({
    ...repository,
    slice: name,
    workspacePackage: newSlicePackage(name),
    port: slicePort,
    devPort: slicePort + 1000,
    devPortInScript: true,
    pagePath: `/${name}`,
    made: 'create',
  });
}
