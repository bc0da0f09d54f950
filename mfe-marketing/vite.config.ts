import { defineAppConfig } from '../packages/contracts/src/vite-config.ts';

export default defineAppConfig({
  name: 'marketing',
  port: 4174,
  exposes: {
    './HomePage': './src/exposes/HomePage.ts',
  },
});
