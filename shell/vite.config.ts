import { defineShellConfig } from '@nova/build-preset/vite-config';
import { inlineBoot, preloadEveryScript } from './build/plugins.js';

export default defineShellConfig({ app: import.meta.dirname, plugins: [inlineBoot(), preloadEveryScript()] });
