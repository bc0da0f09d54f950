// Vitest's global setup for the discovery service's tests: one throw-away PostgreSQL cluster for
// the whole run (starting one costs seconds); each test file makes databases of its own on it.
import type { TestProject } from 'vitest/node';
import { temporaryPostgres } from './postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    postgresPid: number;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await temporaryPostgres();
  project.provide('postgresUrl', postgres.url);
  project.provide('postgresPid', postgres.pid);
  return () => postgres.stop();
}
