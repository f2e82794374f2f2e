import { describe, expect, it } from 'vitest';
import { formatEuroDe, formatNumberDe } from './format-number';

describe('formatNumberDe', () => {
  it.each([
    [0, 0],
    [3, 0],
    [95, 0],
    [1234, 0],
    [1234567, 0],
    [93.3, 1],
    [0.05, 1],
    [47.1234, 1],
    [1000.5, 1],
    [-12.5, 1],
    [12.75, 2],
  ])('writes %d with %d decimals like Intl de-DE', (value, decimals) => {
    const intl = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    expect(formatNumberDe(value, decimals)).toBe(intl.format(value));
  });

  it('drops trailing zeros down to the minimum', () => {
    expect(formatNumberDe(96, 0, 2)).toBe('96');
    expect(formatNumberDe(9.6, 0, 2)).toBe('9,6');
    expect(formatNumberDe(9.6, 2, 2)).toBe('9,60');
  });
});

describe('formatEuroDe', () => {
  it.each([0, 10, 15, 96, 144, 384, 8, 9.6, 12.8, 32])('writes %d € like Intl de-DE', (value) => {
    const intl = new Intl.NumberFormat('de-DE', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
      maximumFractionDigits: 2,
    });
    expect(formatEuroDe(value)).toBe(intl.format(value));
  });
});
