import { defineRemoteConfig } from '@nova/build-preset/vite-config';

// Exposes the pages the slice list (@nova/contracts/slices) names, from src/exposes/.
export default defineRemoteConfig('contact', import.meta.dirname);
