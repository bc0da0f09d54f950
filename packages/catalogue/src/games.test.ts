import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gameArtSize, gameArtSmallWidth } from './art-size.js';
import { findGame, games } from './games.ts';

describe('the catalogue', () => {
  it('has the six games in order', () => {
    expect(games.map(({ id, title }) => [id, title])).toEqual([
      ['pug-life', 'Pug Life'],
      ['undead-fortune', 'Undead Fortune'],
      ['break-bones', 'Break Bones'],
      ['alpha-eagle', 'Alpha Eagle'],
      ['forest-fortune', 'Forest Fortune'],
      ['time-spinners', 'Time Spinners'],
    ]);
  });

  it('uses unique slug ids and unique provider codes', () => {
    expect(new Set(games.map((game) => game.id)).size).toBe(games.length);
    expect(new Set(games.map((game) => game.providerGameCode)).size).toBe(games.length);
    for (const { id } of games) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('has a description and committed webp art, made from vector art, for every game', () => {
    for (const game of games) {
      expect(game.description.length).toBeGreaterThan(20);
      expect(game.image).toContain(`/art/${game.id}.webp`);
      expect(game.imageSmall).toContain(`/art/${game.id}-480.webp`);
      expect(existsSync(join(import.meta.dirname, 'art', `${game.id}.webp`))).toBe(true);
      expect(existsSync(join(import.meta.dirname, 'art', `${game.id}-480.webp`))).toBe(true);
      expect(existsSync(join(import.meta.dirname, '..', 'art', `${game.id}.svg`))).toBe(true);
    }
  });

  it('describes every piece of art for its alt text', () => {
    for (const game of games) expect(game.imageAlt).toMatch(/^[A-Z].{20,}[^.]$/);
    expect(new Set(games.map((game) => game.imageAlt)).size).toBe(games.length);
  });

  it('ships every webp at the declared 16:9 size, and narrow, and a few tens of KB at most', async () => {
    expect(gameArtSize.width * 9).toBe(gameArtSize.height * 16);
    for (const { id } of games) {
      const full = join(import.meta.dirname, 'art', `${id}.webp`);
      const small = join(import.meta.dirname, 'art', `${id}-${gameArtSmallWidth}.webp`);
      expect(await sharp(full).metadata()).toMatchObject({ format: 'webp', ...gameArtSize });
      expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 480, height: 270 });
      expect(statSync(full).size).toBeLessThan(40 * 1024);
      expect(statSync(small).size).toBeLessThan(statSync(full).size * 0.7);
    }
  });

  it('features at least three games', () => {
    expect(games.filter((game) => game.featured).length).toBeGreaterThanOrEqual(3);
  });

  it('finds a game only by its exact id', () => {
    expect(findGame('alpha-eagle')?.title).toBe('Alpha Eagle');
    for (const id of [
      undefined,
      '',
      'Alpha-Eagle',
      'alpha-eagle ',
      'alpha-eagle/',
      '../alpha-eagle',
      'constructor',
      '__proto__',
    ]) {
      expect(findGame(id)).toBeUndefined();
    }
  });
});
