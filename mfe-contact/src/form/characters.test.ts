import { afterEach, describe, expect, it, vi } from 'vitest';
import { countCharacters, isBlank } from './characters.ts';

describe('countCharacters', () => {
  it.each([
    ['plain letters', 'Ada', 3],
    ['an emoji', '😀', 1],
    ['a flag', '🇫🇷', 1],
    ['a family emoji (four people joined)', '👨‍👩‍👧‍👦', 1],
    ['a skin-toned thumbs up', '👍🏽', 1],
    ['e with a combining acute accent', 'e\u0301', 1],
    ['a word mixing them', 'Café 🇫🇷👨‍👩‍👧‍👦!', 8],
    ['nothing', '', 0],
  ])('%s', (_, text, characters) => {
    expect(countCharacters(text)).toBe(characters);
  });

  describe('in a browser without Intl.Segmenter', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it('counts code points: an emoji is still one, never two', async () => {
      vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
      vi.resetModules();
      const { countCharacters: countWithoutSegmenter } = await import('./characters.ts');
      expect(countWithoutSegmenter('😀'.repeat(3))).toBe(3);
      expect(countWithoutSegmenter('Ada')).toBe(3);
    });
  });
});

describe('isBlank', () => {
  it.each([
    ['nothing', ''],
    ['spaces, tabs and line breaks', ' \t\n '],
    ['no-break and ideographic spaces', '\u00a0\u3000'],
    ['zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
    ['direction marks and overrides', '\u200e\u200f\u202e\u2066'],
    ['NUL and other control characters', '\u0000\u0007'],
  ])('%s is blank', (_, text) => {
    expect(isBlank(text)).toBe(true);
  });

  it.each([
    ['a letter', ' a '],
    ['an emoji', '\u200b😀'],
    ['a combining accent on a space', ' \u0301'],
  ])('%s is not blank', (_, text) => {
    expect(isBlank(text)).toBe(false);
  });
});
