import { test as base } from './deployments.ts';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { temporaryPostgres } from 'discovery/postgres';
import { startDiscovery } from 'discovery/service';

/** The administrator's token of the suite's discovery services: random, as the service requires. */
const adminToken = randomBytes(32).toString('base64url');

export interface Discovery {
  /** The service (an instance of it on the test's own database). */
  url: string;
  /** Its administrator's token, for a test that runs `slice environment` or `slice token` as they would. */
  adminToken: string;
  /**
   * Sets up an environment of the service that serves each slice from its origin, with `mapFile`'s
   * map as its first (as an administrator moving an environment onto the service); its map's URL.
   */
  environment(name: string, sliceOrigins: Record<string, string>, mapFile: string): Promise<string>;
  /** A team's token for its slices in these environments. */
  token(team: string, slices: string[], environments: string[]): Promise<string>;
  /** Stops the service's PostgreSQL (the service stays up), and starts it again. */
  database: { stop(): Promise<void>; start(): Promise<void> };
}

async function asAdmin(url: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * `discovery`: the discovery service on a database of the test's own, on PostgreSQL clusters
 * shared by each worker's tests (a cluster takes seconds to start).
 */
export const test = base.extend<{ discovery: Discovery }, { postgres: Awaited<ReturnType<typeof temporaryPostgres>> }>({
  postgres: [
    async ({}, use) => {
      const postgres = await temporaryPostgres();
      await use(postgres);
      await postgres.stop();
    },
    { scope: 'worker' },
  ],
  discovery: async ({ postgres }, use) => {
    const databaseUrl = await postgres.database(`e2e_${randomBytes(6).toString('hex')}`);
    let stopped = false;
    const service = await startDiscovery({ databaseUrl, adminToken, host: 'localhost' });
    await use({
      url: service.url,
      adminToken,
      async environment(name, sliceOrigins, mapFile) {
        const origins = Object.fromEntries(Object.entries(sliceOrigins).map(([slice, origin]) => [slice, [origin]]));
        await asAdmin(`${service.url}/environments/${name}`, 'PUT', { sliceOrigins: origins });
        const map = `${service.url}/environments/${name}/remotes.json`;
        // The environment is the administrator's (set above): the service adds it to the map it serves.
        const { environment, ...stored } = JSON.parse(readFileSync(mapFile, 'utf8'));
        await asAdmin(map, 'PUT', stored, { 'if-none-match': '*' });
        return map;
      },
      async token(team, slices, environments) {
        const made = await asAdmin(`${service.url}/tokens`, 'POST', { team, slices, environments });
        return ((await made.json()) as { token: string }).token;
      },
      database: {
        async stop() {
          stopped = true;
          await postgres.pause();
        },
        async start() {
          await postgres.resume();
          stopped = false;
        },
      },
    });
    await service.close();
    // The worker's next tests need the cluster up, even if this one failed while it was down.
    if (stopped) await postgres.resume();
  },
});

export { expect } from './deployments.ts';
