import { defineAppConfig } from '../packages/contracts/src/vite-config.ts';

export default defineAppConfig({
  name: 'legal',
  port: 4176,
  exposes: {
    './TermsPage': './src/exposes/TermsPage.ts',
    './PrivacyPage': './src/exposes/PrivacyPage.ts',
  },
});
