import { mergeConfig } from 'vite';
import { defineAppConfig } from '../packages/contracts/src/vite-config.ts';

export default mergeConfig(
  defineAppConfig({
    name: 'contact',
    port: 4177,
    exposes: {
      './ContactPage': './src/exposes/ContactPage.ts',
    },
  }),
  {
    // Dev only. The federation plugin seeds zustand's shares for @nova/store (which runs
    // `persist(createJSONStorage(...))` as it loads) only while Vite pre-bundles that package;
    // with a reused pre-bundle cache the store loads before them and the harness crashes.
    optimizeDeps: { force: true },
  },
);
