import { defineAppConfig } from '../packages/contracts/src/vite-config.ts';

export default defineAppConfig({
  name: 'contact',
  port: 4177,
  exposes: {
    './ContactPage': './src/exposes/ContactPage.ts',
  },
});
