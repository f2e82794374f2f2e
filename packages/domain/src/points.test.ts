import { describe, expect, it } from 'vitest';
import { parsePoints, readPoints } from './points';

describe('readPoints', () => {
  it('reads the German decimal comma and the point alike', () => {
    expect(readPoints('1,5')).toBe(1.5);
    expect(readPoints(' 1.5 ')).toBe(1.5);
    expect(readPoints('0')).toBe(0);
    expect(readPoints(',5')).toBe(0.5);
    expect(readPoints('12')).toBe(12);
  });

  it('takes nothing else for a number', () => {
    for (const text of ['', ' ', ',', '1,5,0', '1.000,5', '-1', '1e2', 'abc', '1 5', '1,']) {
      expect(readPoints(text)).toBeNull();
    }
  });
});

describe('parsePoints', () => {
  it('accepts 1,5 and 0 within the range', () => {
    expect(parsePoints('1,5', { max: 4 })).toEqual({ ok: true, value: 1.5 });
    expect(parsePoints('0', { max: 4 })).toEqual({ ok: true, value: 0 });
    expect(parsePoints('4', { max: 4 })).toEqual({ ok: true, value: 4 });
  });

  it('says the range in German for a number above it and for no number', () => {
    const message = 'Bitte eine Zahl zwischen 0 und 4 eingeben (z. B. 1,5).';
    expect(parsePoints('15', { max: 4 })).toEqual({ ok: false, message });
    expect(parsePoints('150', { max: 4 })).toEqual({ ok: false, message });
    expect(parsePoints('', { max: 4 })).toEqual({ ok: false, message });
    expect(parsePoints('1,5,', { max: 4 })).toEqual({ ok: false, message });
    expect(parsePoints('3', { max: 2.5 })).toEqual({
      ok: false,
      message: 'Bitte eine Zahl zwischen 0 und 2,5 eingeben (z. B. 1,5).',
    });
  });

  it('asks for whole points where only those count', () => {
    expect(parsePoints('7', { min: 1, max: 100, whole: true })).toEqual({ ok: true, value: 7 });
    expect(parsePoints('1,5', { min: 1, max: 100, whole: true })).toEqual({
      ok: false,
      message: 'Bitte eine ganze Zahl zwischen 1 und 100 eingeben.',
    });
    expect(parsePoints('0', { min: 1, max: 100, whole: true }).ok).toBe(false);
  });
});
