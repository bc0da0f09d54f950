// @ts-check
// Draws the testimonial avatars once (src/home/testimonials/avatars/{id}.svg), so the page ships
// plain files instead of generating them. Run after changing a testimonial:
// pnpm --filter mfe-marketing render-avatars
import * as bottts from '@dicebear/bottts';
import { createAvatar } from '@dicebear/core';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const avatarsDir = fileURLToPath(new URL('../src/home/testimonials/avatars/', import.meta.url));
const ids = ['maya', 'jonas', 'priya'];

for (const id of ids) {
  const svg = createAvatar(bottts, {
    seed: `testimonial-${id}`,
    size: 64,
    radius: 50,
    backgroundColor: ['18213f'],
  }).toString();
  const file = `${avatarsDir}${id}.svg`;
  writeFileSync(file, `${svg}\n`);
  console.log(`${file}: ${(svg.length / 1024).toFixed(1)} KiB`);
}
