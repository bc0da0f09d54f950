import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cliOptions, commandNames } from '../packages/deploy/src/cli-options.js';
import { repoRoot as root } from '../packages/tooling/src/repo-root.js';

// Every command line a document shows in a fenced shell block names what exists: a script of the
// root or of a package, a `slice` command with options it takes, a file for node, or the shell's own.

const docs = ['README.md', ...readdirSync(join(root, 'docs')).map((file) => `docs/${file}`)];
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const rootScripts: Record<string, string> = json('package.json').scripts;
/** Each workspace package's scripts, by its name and by its folder (`--filter mfe-games` or `@nova/catalogue`). */
const packageScripts = new Map<string, Record<string, string>>(
  ['.', 'packages']
    .flatMap((parent) => readdirSync(join(root, parent)).map((entry) => join(parent, entry)))
    .filter((folder) => existsSync(join(root, folder, 'package.json')))
    .flatMap((folder) => {
      const { name, scripts = {} } = json(join(folder, 'package.json'));
      return [
        [name, scripts],
        [folder.replace(/^\.\//, ''), scripts],
      ];
    }),
);
// What a slice's own repository adds to its package's scripts (packages/deploy/src/eject.js).
const ejectedScripts = ['dev', 'dev:alone', 'test'];
/** Programs of the shell and the system that a document may show as they are. */
const shellCommands = new Set([
  'export',
  'alias',
  'cd',
  'cat',
  'curl',
  'echo',
  'git',
  'grep',
  'awk',
  'kill',
  'ls',
  'mkdir',
  'rm',
  'apt-get',
]);
/** pnpm's own commands. */
const pnpmCommands = new Set(['install', 'add', 'exec', 'list', 'why']);

/** The shell command lines of a document's ```sh and ```bash blocks, comments and continuations joined. */
export function shellLines(text: string) {
  const blocks = [...text.matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```/gm)].map(([, body = '']) => body);
  return blocks
    .flatMap((body) => body.replace(/\s*\\\n\s*/g, ' ').split('\n'))
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean);
}

/** A command's words, quotes removed; a word in quotes is one word. */
const words = (command: string) =>
  [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(([, double, single, bare]) => double ?? single ?? bare ?? '');

/** What is wrong with one command line (each of its commands), or nothing. */
export function commandProblems(line: string): string[] {
  return line
    .split(/&&|\|\||;|\|/)
    .map((command) => words(command.trim()).filter((word) => word !== '&'))
    .map((all) => {
      // Leading assignments (`TOKEN=… pnpm serve:discovery`) set the command's environment.
      const program = all.findIndex((word) => !/^[A-Za-z_]\w*=/.test(word));
      return program === -1 ? [] : all.slice(program);
    })
    .filter((command) => command.length > 0)
    .flatMap((command) => problemsOf(command).map((problem) => `${command.join(' ')}: ${problem}`));
}

/** The options a `slice` command line gives that the CLI does not take, and whether the command exists. */
function sliceProblems([command, ...rest]: string[]): string[] {
  if (!command || !(commandNames as readonly string[]).includes(command)) return [`slice has no command "${command}"`];
  return rest
    .map((word) => word.replace(/^\[/, ''))
    .filter((word) => word.startsWith('--'))
    .map((word) => word.slice(2).split(/[=\]]/)[0]!)
    .filter((option) => !(option in cliOptions))
    .map((option) => `slice ${command} takes no --${option}`);
}

/** A root script's problems with these arguments: slice's scripts are checked as slice. */
function scriptProblems(scripts: Record<string, string>, script: string, args: string[]): string[] {
  const body = scripts[script];
  if (body === undefined) return [`no script "${script}"`];
  const slice = /^slice (\w+)$/.exec(body);
  if (slice) return sliceProblems([slice[1]!, ...args]);
  // Another script's options: the file it runs must read them.
  const file = /node (\S+\.m?js)/.exec(body)?.[1];
  const source = file && existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : body;
  return args
    .filter((word) => word.startsWith('--'))
    .filter((option) => !source.includes(option.split('=')[0]!.slice(2)))
    .map((option) => `"${script}" reads no ${option}`);
}

function problemsOf([program, ...args]: string[]): string[] {
  if (!program) return [];
  if (shellCommands.has(program)) return [];
  if (program === 'node') {
    const file = args.find((word) => !word.startsWith('-'));
    if (args[0] === '-e' || args[0] === '-p') return [];
    return file && existsSync(join(root, file)) ? [] : [`node runs no file "${file}"`];
  }
  if (program === 'npx')
    return args[0] === 'slice' ? sliceProblems(args.slice(1)) : [`npx ${args[0]}: not a binary of this project`];
  if (program === 'npm') {
    const [command, script] = args;
    if (['start', 'test', 'install', 'ci'].includes(command ?? '')) return [];
    if (command !== 'run' || !script) return [`npm ${command}: not a command the docs use`];
    const known =
      script in rootScripts ||
      [...packageScripts.values()].some((scripts) => script in scripts) ||
      ejectedScripts.includes(script);
    return known ? [] : [`no script "${script}"`];
  }
  if (program === 'pnpm') {
    const [first, second, third, ...more] = args;
    if (first === '--filter') {
      const scripts = packageScripts.get(second ?? '');
      if (!scripts) return [`no package "${second}"`];
      return third && !pnpmCommands.has(third) && !(third in scripts) ? [`${second} has no script "${third}"`] : [];
    }
    if (first === 'slice') return sliceProblems(args.slice(1));
    if (!first || pnpmCommands.has(first)) return [];
    return scriptProblems(
      rootScripts,
      first,
      [second, third, ...more].filter((word) => word !== undefined),
    );
  }
  return [`"${program}" is no script, binary or shell command this project has`];
}

test.each(docs)('every command %s shows names a script, a binary and options that exist', (doc) => {
  const text = readFileSync(join(root, doc), 'utf8');
  expect(shellLines(text).flatMap(commandProblems)).toEqual([]);
});

test('the check reads the commands of the README', () => {
  expect(shellLines(readFileSync(join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(20);
});

describe('the check of commands', () => {
  test('finds what does not exist', () => {
    expect(commandProblems('pnpm slice:publish legal --dist <dir> --fast')).toEqual([
      'pnpm slice:publish legal --dist <dir> --fast: slice publish takes no --fast',
    ]);
    expect(commandProblems('npx slice ship legal')).toEqual(['npx slice ship legal: slice has no command "ship"']);
    expect(commandProblems('npx slice list [--maps <url>]')).toEqual([
      'npx slice list [--maps <url>]: slice list takes no --maps',
    ]);
    expect(commandProblems('pnpm nosuch')).toEqual(['pnpm nosuch: no script "nosuch"']);
    expect(commandProblems('pnpm --filter mfe-games nosuch')).toEqual([
      'pnpm --filter mfe-games nosuch: mfe-games has no script "nosuch"',
    ]);
    expect(commandProblems('node scripts/nosuch.mjs')).toEqual([
      'node scripts/nosuch.mjs: node runs no file "scripts/nosuch.mjs"',
    ]);
    expect(commandProblems('frobnicate --all')).toEqual([
      'frobnicate --all: "frobnicate" is no script, binary or shell command this project has',
    ]);
  });

  test('takes what exists, through assignments, chains and comments', () => {
    expect(
      shellLines(
        '```sh\nDISCOVERY_ADMIN_TOKEN=x pnpm serve:discovery   # a comment\npnpm slice:release legal 1.0.0 \\\n  --traffic 10 && pnpm slice:list\n```\n',
      ),
    ).toEqual([
      'DISCOVERY_ADMIN_TOKEN=x pnpm serve:discovery',
      'pnpm slice:release legal 1.0.0 --traffic 10 && pnpm slice:list',
    ]);
    expect(commandProblems('DISCOVERY_ADMIN_TOKEN=x pnpm serve:discovery')).toEqual([]);
    expect(commandProblems('pnpm slice:release legal 1.0.0 --traffic 10 && pnpm slice:list')).toEqual([]);
    expect(commandProblems('pnpm platform:publish --registry http://localhost:4873')).toEqual([]);
    expect(commandProblems('npm run dev -- --root <root>')).toEqual([]);
  });
});
