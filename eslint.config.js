import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import ts from 'typescript';
import tseslint from 'typescript-eslint';
import { slices } from './packages/contracts/src/slices.js';

const remotes = Object.values(slices).map((slice) => slice.folder);

/**
 * Import boundaries: remotes → packages only; shell → packages only; packages → no app and no
 * tool; bench ↮ e2e; the e2e specs → the tools only through e2e/support/; the demo provider ↔
 * nothing; the discovery service → packages only, imported by the e2e suite alone.
 */
const boundaries = [
  ...remotes.map((remote) => ({
    target: `./${remote}/src`,
    from: '.',
    except: [`./${remote}`, './packages', './node_modules'],
    message: 'A remote imports packages only, never another remote or the shell.',
  })),
  {
    target: './shell/src',
    from: '.',
    except: ['./shell', './packages', './node_modules'],
    message: 'The shell imports packages only; it knows remotes by name through loadRemote.',
  },
  {
    target: './packages',
    from: ['./shell', ...remotes],
    message: 'Packages are shared by the apps and never import them.',
  },
  {
    target: './packages',
    from: ['./scripts', './edge', './e2e', './bench'],
    message: "Packages never import the repository's tools: the tools import them, so no circle.",
  },
  {
    target: './bench',
    from: './e2e',
    message: 'The benchmarks share nothing with the e2e suite but packages and the local environment (scripts/).',
  },
  {
    target: './e2e',
    from: './bench',
    message: 'The e2e suite shares nothing with the benchmarks but packages and the local environment (scripts/).',
  },
  {
    target: './e2e/tests',
    from: ['./edge', './scripts', './shell/server', './registry'],
    message:
      'A spec reaches the edge, the local environment, the composer and the registry through e2e/support/, never directly.',
  },
  {
    target: './demo-provider',
    from: '.',
    except: ['./demo-provider', './node_modules'],
    message: 'The demo provider stands for a third party: it imports nothing of the portal.',
  },
  {
    target: ['./shell', './packages', './e2e', './bench', './scripts', ...remotes],
    from: './demo-provider',
    message: 'Nothing imports the demo provider: the portal knows it only by its address.',
  },
  {
    target: './discovery',
    from: '.',
    except: ['./discovery', './packages', './node_modules'],
    message: 'The discovery service is a deployable of its own: it imports packages only.',
  },
  {
    target: ['./shell', './packages', './bench', './scripts', './edge', './demo-provider', ...remotes],
    from: './discovery',
    message: 'Only the e2e suite imports the discovery service: the rest knows it by its URL.',
  },
];

const appFiles = ['shell/**', 'mfe-*/**', 'packages/**'];

/**
 * A type-check target's files as ESLint reads them: the folders and files its tsconfig includes,
 * less those it excludes (a folder stands for everything in it).
 * @param {string} tsconfig
 */
function targetOf(tsconfig) {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const glob = (/** @type {string} */ entry) => (/[.*]/.test(entry.split('/').at(-1) ?? '') ? entry : `${entry}/**`);
  return { files: config.include.map(glob), ignores: (config.exclude ?? []).map(glob) };
}
const browser = targetOf('tsconfig.browser.json');
const node = targetOf('tsconfig.node.json');
const tests = targetOf('tsconfig.test.json');

/** Node's own globals: browser code that names one has Node code in it. */
const nodeOnlyGlobals = [
  'process',
  'Buffer',
  'global',
  'require',
  'module',
  'exports',
  '__dirname',
  '__filename',
  'setImmediate',
  'clearImmediate',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist',
      '**/dist-server',
      '**/node_modules',
      'deployments',
      'discovery/data',
      'e2e/test-results',
      'e2e/playwright-report',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: appFiles, ...reactHooks.configs.flat['recommended-latest'] },
  { files: appFiles, ...jsxA11y.flatConfigs.recommended },
  {
    ...browser,
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-globals': [
        'error',
        ...nodeOnlyGlobals.map((name) => ({ name, message: 'Browser code: Node globals do not exist here.' })),
      ],
    },
  },
  { ...node, languageOptions: { globals: globals.node } },
  // Playwright runs some of the suite's functions in the page.
  { files: ['e2e/**', 'bench/**'], languageOptions: { globals: globals.browser } },
  { files: tests.files, languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-unresolved': 'error',
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // Slices reach the router through @nova/router (what the shell provides of it) and state
  // through @nova/store; their tests and harnesses may build routers of their own.
  {
    files: ['mfe-*/src/**'],
    ignores: ['**/*.test.*', '**/testing/**', '**/harness/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: 'A slice uses the router through @nova/router, which the shell provides.',
          })),
          patterns: [{ group: ['zustand', 'zustand/*'], message: 'Shared state lives in @nova/store.' }],
        },
      ],
    },
  },
  // Colours and radii come from the theme, nowhere else in the portal's code.
  {
    files: ['shell/src/**', 'mfe-*/src/**', 'packages/*/src/**'],
    ignores: ['packages/ui/src/theme.ts', '**/*.test.*'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'TemplateElement[value.raw=/#[0-9a-fA-F]{3,8}\\b|rgba?\\(|hsla?\\(|radius:\\s*[0-9]/]',
          'Literal[value=/^(#[0-9a-fA-F]{3,8}|rgba?\\(.*|hsla?\\(.*)$/]',
        ].map((selector) => ({ selector, message: 'Colours and radii come from the theme (@nova/ui/theme).' })),
      ],
    },
  },
  // Playwright fixtures take their dependencies as a destructured first argument, even when empty.
  { files: ['e2e/**'], rules: { 'no-empty-pattern': 'off' } },
);
