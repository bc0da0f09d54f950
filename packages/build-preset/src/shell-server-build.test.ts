// @vitest-environment node
import { join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { build } from 'vite';
import { expect, it, vi } from 'vitest';
import { shell } from '@nova/contracts/slices';
import { repoRoot } from '@nova/tooling/repo-root';
import { shellServerBuild } from './shell-server-build.js';

vi.mock('vite', () => ({ build: vi.fn() }));

it('builds the server entry into the file it is given, where the composer loads it', async () => {
  const root = join(repoRoot, shell.folder);
  const plugin: Plugin = shellServerBuild({ entry: shell.serverEntry, output: 'elsewhere/entry.mjs', plugins: [] });
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root, envDir: root } as ResolvedConfig);
  await (plugin.closeBundle as () => Promise<void>)();
  expect(vi.mocked(build).mock.calls[0]?.[0]?.build).toMatchObject({
    ssr: shell.serverEntry,
    outDir: join(root, 'elsewhere'),
    rolldownOptions: { output: { entryFileNames: 'entry.mjs' } },
  });
});
