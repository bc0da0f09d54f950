import { defineRemoteConfig } from '@nova/tooling/vite-config';

// Exposes the pages the slice list (packages/contracts/src/slices.js) names, from src/exposes/.
export default defineRemoteConfig('marketing');
