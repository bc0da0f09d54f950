// @vitest-environment node
// The Node check a slice's own repository runs before every npm script: as a function, and as the
// process npm runs, in a folder whose package.json names the Node it wants.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeProblem } from './check-node.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * `node scripts/check-node.js`, as npm runs it, in a repository whose engines.node is `wanted`,
 * with nothing installed.
 */
function checkIn(wanted: string) {
  const folder = mkdtempSync(join(tmpdir(), 'nova-check-node-'));
  folders.push(folder);
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'mfe-legal', type: 'module', engines: { node: wanted } }),
  );
  mkdirSync(join(folder, 'scripts'));
  copyFileSync(join(import.meta.dirname, 'check-node.js'), join(folder, 'scripts/check-node.js'));
  return spawnSync(process.execPath, ['scripts/check-node.js'], { cwd: folder, encoding: 'utf8' });
}

describe("a slice's own repository's Node check", () => {
  it('lets a Node in the range of engines run, and stops an older one, saying which runs, which it needs and how it gets it', () => {
    expect(nodeProblem('24.11.0', '>=24.11')).toBeUndefined();
    expect(nodeProblem('25.0.1', '>=24.11')).toBeUndefined();
    expect(nodeProblem('20.19.4', '>=24.11')).toBe(
      'Node 20.19.4 is running, and this repository runs on Node >=24.11 (engines in package.json). ' +
        '`npm install` brings it into node_modules/.bin on Linux (x64, arm64) and Windows (x64), first on ' +
        'the PATH of every npm script: run the command through npm (`npm test`, `npm run build`, `npm run dev`) ' +
        'after `npm install`, or, on another system, install that Node yourself.',
    );
    expect(nodeProblem('24.10.9', '>=24.11')).toContain('Node 24.10.9 is running');
    expect(nodeProblem('24.11.0', '>=24.11.1')).toContain('Node 24.11.0 is running');
    expect(nodeProblem('24.11.2', '>=24.11.1')).toBeUndefined();
    expect(nodeProblem('24.11.0', '^24.11')).toBe(
      'engines.node in package.json is "^24.11": this check reads only a lower bound, >=24.11.',
    );
  });

  it("runs as npm runs it, in the repository's folder, before anything is installed: quiet and 0 on its Node, the reason and 1 on another", () => {
    expect(checkIn(`>=${process.versions.node}`)).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const refused = checkIn('>=999.0');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`${nodeProblem(process.versions.node, '>=999.0')}\n`);
  });
});
