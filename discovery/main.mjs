// @ts-check
// `pnpm serve:discovery`: one instance of the discovery service, configured by the environment
// (src/settings.mjs). Without DATABASE_URL it starts a PostgreSQL of its own in DISCOVERY_DATA and
// stops it on exit. SIGTERM (or Ctrl-C) lets the requests in flight finish, then exits.
import { discoverySettings } from './src/settings.mjs';
import { startPostgres } from './src/postgres.mjs';
import { startDiscovery } from './src/service.mjs';

const log = (/** @type {string} */ line) => console.error(`[discovery ${process.pid}] ${line}`);

try {
  const settings = discoverySettings(process.env);
  const postgres = settings.databaseUrl ? undefined : await startPostgres({ dataDir: settings.dataDir, log });
  const databaseUrl = settings.databaseUrl ?? /** @type {string} */ (postgres?.url);
  const service = await startDiscovery({ ...settings, databaseUrl, log }).catch(async (error) => {
    await postgres?.stop();
    throw error;
  });
  log(
    `serving on http://localhost:${service.port}; its database: ${postgres ? `${databaseUrl} (started here)` : 'DATABASE_URL'}`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await service.close();
    await postgres?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
