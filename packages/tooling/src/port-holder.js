// @ts-check
// Who listens on a TCP port of this machine, for messages that say what holds a port a command
// needs: Linux's own account of it (/proc/net/tcp and tcp6, and each process's open sockets).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

const listening = '0A';

/** The inodes of the sockets listening on `port`, from /proc/net/tcp and tcp6 (empty elsewhere). */
function listeningSockets(/** @type {number} */ port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local = '', , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === listening && Number.parseInt(local.split(':')[1] ?? '', 16) === port) inodes.add(inode);
    }
  }
  return inodes;
}

/**
 * The process listening on `port` (its id and command line), or undefined when none is found (no
 * /proc, or another user's process this one may not look into).
 * @param {number} port
 * @returns {{ pid: number, command: string } | undefined}
 */
export function portHolder(port) {
  const inodes = listeningSockets(port);
  if (inodes.size === 0) return undefined;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]);
      } catch {
        return false;
      }
    });
    if (holds) {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return { pid: Number(pid), command };
    }
  }
  return undefined;
}

/** Whether something listens on `port` of `host` now. */
export function portTaken(/** @type {number} */ port, host = 'localhost') {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(true));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}
