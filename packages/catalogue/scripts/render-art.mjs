// @ts-check
// Renders each game's vector art (art/*.svg) to the webp the catalogue imports (src/art/*.webp).
// Run after editing the art: pnpm --filter @nova/catalogue render-art
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
// Keep in step with gameArtSize in src/games.ts (the img width and height the slices set).
const [width, height] = [800, 450];

for (const file of readdirSync(join(packageRoot, 'art')).filter((name) => name.endsWith('.svg'))) {
  const output = join(packageRoot, 'src/art', `${basename(file, '.svg')}.webp`);
  await sharp(join(packageRoot, 'art', file), { density: 96 })
    .resize(width, height)
    .webp({ quality: 80, effort: 6 })
    .toFile(output);
  console.log(`${output}: ${(statSync(output).size / 1024).toFixed(1)} KiB`);
}
