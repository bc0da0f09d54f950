import { defineShellConfig } from '@nova/tooling/vite-config';

export default defineShellConfig();
