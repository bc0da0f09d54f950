// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo-root.js';
import { ensureTools, systemProgram, systemTools, type ToolName } from './system-tools.js';

const listed = new Set<string>(Object.values(systemTools).map(({ program }) => program));
/** A child_process call whose program is written out: `spawn('git', …)`, `promisify(execFile)('npm', …)`. */
const spawnedByName = /(?<![.\w])(?:spawn|spawnSync|execFile|execFileSync|exec|execSync)\)?\(\s*(['"`])([^'"`]+)\1/g;
/** A path where Debian installs programs and modules. */
const debianPath = /(['"`])(\/usr\/(?:s?bin|lib)\/[^'"`]*)\1/g;

/** What a source text starts that is not on the list, and the Debian paths it writes out itself. */
function offTheList(text: string) {
  return [
    ...[...text.matchAll(spawnedByName)].map(([, , program]) => program).filter((program) => !listed.has(program!)),
    ...[...text.matchAll(debianPath)].map(([, , path]) => path),
  ];
}

describe('the list of system programs', () => {
  it('names every program a module of this repository starts, and every Debian path it uses', () => {
    const files = execFileSync('git', ['ls-files', '-z', '*.js', '*.mjs', '*.cjs', '*.ts', '*.tsx'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((file) => file && !file.endsWith('system-tools.js') && !file.endsWith('system-tools.test.ts'));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      offTheList(readFileSync(join(repoRoot, file), 'utf8')).map((program) => `${file}: ${program}`),
    );
    expect(found).toEqual([]);
  });

  it('catches a program started by name or by path that it does not list', () => {
    expect(offTheList(`spawn('redis-server', [])`)).toEqual(['redis-server']);
    expect(offTheList(`await promisify(execFile)("psql", ['-c'])`)).toEqual(['psql']);
    expect(offTheList('execFileSync(`/usr/bin/wrk`, [])')).toEqual(['/usr/bin/wrk']);
    expect(offTheList(`execFileSync('git', ['status']); /x/.exec('id'); spawn(process.execPath, [])`)).toEqual([]);
  });

  it('gives a missing program as a message naming its package and the step that installs it', () => {
    const missing = (Object.keys(systemTools) as ToolName[]).find((name) => {
      try {
        systemProgram(name);
        return false;
      } catch {
        return true;
      }
    });
    // Every Debian tool is installed on a machine that ran the first step; a fake one shows the message.
    const name = missing ?? 'chromium';
    if (missing === undefined) expect(systemProgram(name)).toBe(systemTools[name].program);
    else expect(() => systemProgram(name)).toThrow(/ensure-tools\.mjs test\), or: apt-get install -y \S+/);
  });
});

describe('ensureTools', () => {
  const none = () => false;

  it('as root, installs what the command needs and is missing, once, with one message', () => {
    const lines: string[] = [];
    const installs: string[][] = [];
    const result = ensureTools('test', {
      log: (line) => lines.push(line),
      isRoot: true,
      installed: (name) => name === 'nginx',
      install: (packages) => installs.push(packages),
    });
    expect(installs).toEqual([
      ['chromium-headless-shell', 'libnginx-mod-http-brotli-static', 'wrk', 'postgresql', 'procps'],
    ]);
    expect(result).toEqual({ installed: installs[0], missing: [] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^npm test needs Debian's chromium-headless-shell \(the end-to-end suite/);
    expect(lines[0]).toContain('wrk (the load benchmark and its tests)');
    expect(lines[0]).not.toContain('nginx (');
  });

  it('without root, installs nothing and says what to install by hand and what needs it', () => {
    const lines: string[] = [];
    const result = ensureTools('bench:load', {
      log: (line) => lines.push(line),
      isRoot: false,
      installed: none,
      install: () => expect.unreachable('nothing is installed without root'),
    });
    expect(result.missing).toEqual(['nginx', 'libnginx-mod-http-brotli-static', 'wrk']);
    expect(lines).toEqual([expect.stringContaining('apt-get install -y nginx libnginx-mod-http-brotli-static wrk')]);
    expect(lines[0]).toContain('until then the checks that use them fail');
  });

  it('says nothing and installs nothing when everything is there', () => {
    const lines: string[] = [];
    expect(
      ensureTools('test', { log: (line) => lines.push(line), isRoot: true, installed: () => true, install: none }),
    ).toEqual({ installed: [], missing: [] });
    expect(lines).toEqual([]);
  });
});
