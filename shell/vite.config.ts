import { defineAppConfig } from '../packages/contracts/src/vite-config.ts';

// The shell lists no remotes here: it reads them from /remotes.json at start-up.
export default defineAppConfig({ name: 'shell', port: 4173 });
