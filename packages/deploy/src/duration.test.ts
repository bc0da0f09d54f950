// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.js';

describe('a duration on the command line', () => {
  it('is a whole number and a unit', () => {
    expect(parseDuration('500ms', '--interval')).toBe(500);
    expect(parseDuration('90s', '--window')).toBe(90_000);
    expect(parseDuration('10m', '--window')).toBe(600_000);
    expect(parseDuration('1h', '--window')).toBe(3_600_000);
    expect(parseDuration('90d', '--expires')).toBe(90 * 86_400_000);
  });

  it('is refused otherwise, naming the option', () => {
    for (const text of ['10', '1.5m', 'ten minutes', '-5s', '']) {
      expect(() => parseDuration(text, '--window')).toThrow(
        `--window takes a duration such as 90s, 10m or 500ms, not "${text}".`,
      );
    }
  });
});
