// @ts-check
// Renders each game's vector art (art/*.svg) to the webp the catalogue imports: src/art/{id}.webp
// at full size and src/art/{id}-480.webp for narrow cards.
// Run after editing the art: pnpm --filter @nova/catalogue render-art
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { gameArtSize, gameArtSmallWidth } from '../src/art-size.js';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const renderings = [
  { suffix: '', ...gameArtSize },
  {
    suffix: `-${gameArtSmallWidth}`,
    width: gameArtSmallWidth,
    height: (gameArtSmallWidth * gameArtSize.height) / gameArtSize.width,
  },
];
for (const file of readdirSync(join(packageRoot, 'art')).filter((name) => name.endsWith('.svg'))) {
  for (const { suffix, width, height } of renderings) {
    const output = join(packageRoot, 'src/art', `${basename(file, '.svg')}${suffix}.webp`);
    await sharp(join(packageRoot, 'art', file), { density: 96 })
      .resize(width, height)
      .webp({ quality: 80, effort: 6 })
      .toFile(output);
    console.log(`${output}: ${(statSync(output).size / 1024).toFixed(1)} KiB`);
  }
}
