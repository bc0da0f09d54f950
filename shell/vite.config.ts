import { defineShellConfig } from '@nova/tooling/vite-config';
import { inlineBoot, preloadEveryScript } from './build/plugins.js';

export default defineShellConfig({ plugins: [inlineBoot(), preloadEveryScript()] });
