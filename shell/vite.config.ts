import { defineShellConfig } from '@nova/tooling/vite-config';
import { inlineBoot, preloadEveryScript, serveDevRemoteMap } from './build/plugins.js';

export default defineShellConfig({ plugins: [inlineBoot(), preloadEveryScript(), serveDevRemoteMap()] });
