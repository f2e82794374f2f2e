import { describe, expect, it } from 'vitest';
import { countOf, plural, pupilCount } from './plural';

describe('German number agreement', () => {
  it('takes the singular for exactly one, the plural for nought, more and fractions', () => {
    expect(countOf(1, 'Arbeit', 'Arbeiten')).toBe('1 Arbeit');
    expect(countOf(0, 'Arbeit', 'Arbeiten')).toBe('0 Arbeiten');
    expect(countOf(2, 'Arbeit', 'Arbeiten')).toBe('2 Arbeiten');
    expect(countOf('1', 'Punkt', 'Punkte')).toBe('1 Punkt');
    expect(countOf('1,5', 'Punkt', 'Punkte')).toBe('1,5 Punkte');
    expect(plural(1.0, 'Minute', 'Minuten')).toBe('Minute');
  });

  it('counts pupils in the one written form', () => {
    expect(pupilCount(1)).toBe('1 Schülerin oder Schüler');
    expect(pupilCount(25)).toBe('25 Schülerinnen und Schüler');
  });
});
