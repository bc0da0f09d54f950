import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import config from './vite.config.ts';
import { repoRoot } from '@nova/tooling/repo-root';

const exportedNames = (source: string) =>
  [...source.matchAll(/^export (?:async )?(?:function|const) (\w+)/gm)].map(([, name]) => name).sort();

describe('the one app', () => {
  it("stands in for every export of the shell's federation runtime", async () => {
    const plugin = (config.plugins ?? [])
      .flat()
      .find((candidate) => (candidate as Plugin)?.name === 'bundle-remote-pages') as Plugin;
    const load = plugin.load as (id: string) => string;
    const standIn = load.call({}, '\0one-app-runtime');
    const runtime = readFileSync(join(repoRoot, 'shell/src/federation/runtime.ts'), 'utf8');
    expect(exportedNames(standIn)).toEqual(exportedNames(runtime));
  });
});
