// @ts-check
// Renders each game's vector art (art/*.svg) to the webp the catalogue imports (src/art/*.webp).
// Run after editing the art: pnpm --filter @nova/catalogue render-art
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { gameArtSize } from '../src/art-size.js';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
for (const file of readdirSync(join(packageRoot, 'art')).filter((name) => name.endsWith('.svg'))) {
  const output = join(packageRoot, 'src/art', `${basename(file, '.svg')}.webp`);
  await sharp(join(packageRoot, 'art', file), { density: 96 })
    .resize(gameArtSize.width, gameArtSize.height)
    .webp({ quality: 80, effort: 6 })
    .toFile(output);
  console.log(`${output}: ${(statSync(output).size / 1024).toFixed(1)} KiB`);
}
