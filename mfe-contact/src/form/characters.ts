// Grapheme clusters: what a visitor sees as one character (an emoji, a flag, a letter with its accent).
const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : undefined;

/** How many characters the visitor sees in `text`; browsers without Intl.Segmenter count code points. */
export function countCharacters(text: string): number {
  return graphemes ? [...graphemes.segment(text)].length : [...text].length;
}

/** True when `text` shows nothing: only spaces, line breaks and invisible characters (zero-width, direction marks, NUL). */
export function isBlank(text: string): boolean {
  return /^[\p{White_Space}\p{Cc}\p{Cf}]*$/u.test(text);
}
