import { defineAppConfig } from '../packages/contracts/src/vite-config.ts';

export default defineAppConfig({
  name: 'games',
  port: 4175,
  exposes: {
    './GamesPage': './src/exposes/GamesPage.ts',
    './GamePage': './src/exposes/GamePage.ts',
  },
});
