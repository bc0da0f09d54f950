import { defineRemoteConfig } from '@nova/build-preset/vite-config';

// Exposes src/exposes/<Page>.ts, and declares the pages of src/exposes/pages.json.
export default defineRemoteConfig('contact', import.meta.dirname);
