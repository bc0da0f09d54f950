import { describe, expect, it } from 'vitest';
import { coinFormatter } from './money.ts';

describe('coinFormatter', () => {
  it("shows coins in the requested currency's format for the requested language", () => {
    expect(coinFormatter('en', 'EUR')(1000)).toBe('€1,000.00');
    expect(coinFormatter('en', 'USD')(2.5)).toBe('$2.50');
    expect(coinFormatter('en', 'GBP')(0)).toBe('£0.00');
    // German puts the sign after the amount and groups with dots; yen has no minor unit.
    expect(coinFormatter('de', 'EUR')(1234)).toBe('1.234,00\u00a0€');
    expect(coinFormatter('en', 'JPY')(1000)).toBe('¥1,000');
  });

  it('shows a currency it has no symbol for by its code', () => {
    expect(coinFormatter('en', 'XYZ')(10)).toBe('XYZ\u00a010.00');
  });
});
