#!/usr/bin/env node
// @ts-check
// The slice deployment CLI: what a slice team runs against an environment's deployments,
// `slice <command> …`. Each command is a file of commands/ (its header says what it takes); every
// option is in cli-options.js, the checks the commands share in commands/guards.js.
// --root <dir> picks the deployment root, where version folders go (default: deployments/, which
// `npm start` serves). --map <file-or-url> picks the remote map (default: <root>/remotes.json): a
// file on this machine (no identity, no history), or an environment's map on the discovery service,
// `<service>/environments/<env>/remotes.json`, changed with conditional PUTs; --map once per
// instance of the service, tried in turn. Writes to the service carry a team's token: --token, or
// better SLICE_TOKEN (a command line is visible to every process). --allow-unstaged: the
// administrator releases in production what staging never had (recorded).
// --shell-manifest <file-or-url> is the shell build the contract check uses (default: in the
// workspace, shell/dist/mf-manifest.json; elsewhere the environment's, <environment>/mf-manifest.json,
// where --environment <url> is the environment's site, by default http://localhost:4173).
// Every change to the map is one compare-and-set update: concurrent runs never lose each other's.
import { readCommandLine, usage } from './cli-options.js';
import { checkCommand } from './commands/check.js';
import { commandContext } from './commands/context.js';
import { createCommand } from './commands/create.js';
import { devCommand } from './commands/dev.js';
import { ejectCommand } from './commands/eject.js';
import { environmentCommand } from './commands/environment.js';
import { historyCommand } from './commands/history.js';
import { listCommand } from './commands/list.js';
import { previewCommand } from './commands/preview.js';
import { promoteCommand } from './commands/promote.js';
import { pruneCommand } from './commands/prune.js';
import { publishCommand } from './commands/publish.js';
import { releaseCommand } from './commands/release.js';
import { rollbackCommand } from './commands/rollback.js';
import { statusCommand } from './commands/status.js';
import { tokenCommand } from './commands/token.js';

/** @type {Record<import('./cli-options.js').CommandName, import('./commands/context.js').Command>} */
const commands = {
  publish: publishCommand,
  release: releaseCommand,
  rollback: rollbackCommand,
  promote: promoteCommand,
  history: historyCommand,
  token: tokenCommand,
  environment: environmentCommand,
  status: statusCommand,
  preview: previewCommand,
  prune: pruneCommand,
  list: listCommand,
  check: checkCommand,
  eject: ejectCommand,
  create: createCommand,
  dev: devCommand,
};

const line = readCommandLine();
if ('unreadable' in line) {
  console.error(`slice: ${line.unreadable}`);
  process.exitCode = 2;
} else if (line.options.help) console.log(usage);
else {
  const context = commandContext(line);
  try {
    const { command } = line;
    if (!command || !Object.hasOwn(commands, command)) throw new Error(usage);
    await commands[/** @type {import('./cli-options.js').CommandName} */ (command)](line, context);
  } catch (error) {
    console.error(`slice ${line.positionals.join(' ')} failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
