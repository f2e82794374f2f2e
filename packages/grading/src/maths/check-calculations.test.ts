import { describe, expect, it } from 'vitest';
import { checkCalculations, formatNumber } from './check-calculations';

describe('checkCalculations', () => {
  it('accepts right steps with *, :, decimal commas and chains', () => {
    const r = checkCalculations('3 * 4 = 12\n12 : 4 = 3\n2,5 + 1,5 = 4\n3 + 4 = 7 * 2 = 14\n1,5 · 2 = 3,0');
    expect(r.findings).toEqual([]);
    expect(r.steps).toBe(6);
  });

  it('reports a wrong result at its location with the correct value', () => {
    const text = 'Aufgabe 3: 7 * 8 = 54';
    const r = checkCalculations(text);
    expect(r.findings).toHaveLength(1);
    const f = r.findings[0]!;
    expect(f).toMatchObject({ kind: 'wrong', expected: 56, written: 54, quoted: '54' });
    expect(text.slice(f.start, f.end)).toBe('54');
  });

  it('marks a later step that is right given the wrong value as a Folgefehler', () => {
    const r = checkCalculations('7 * 8 = 54\n54 + 6 = 60');
    expect(r.findings.map((f) => f.kind)).toEqual(['wrong', 'follow-on']);
    expect(r.findings[1]).toMatchObject({ expected: 62, written: 60, basedOn: 54 });
  });

  it('reports a wrong step inside a chain', () => {
    const r = checkCalculations('3 + 4 = 7 * 2 = 15');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ expected: 14, written: 15 });
  });

  it('accepts rounding to the written decimals', () => {
    expect(checkCalculations('10 : 3 = 3,33').findings).toEqual([]);
    expect(checkCalculations('10 : 3 = 3,4').findings).toHaveLength(1);
  });

  it('ignores dates, task labels and prose', () => {
    expect(checkCalculations('Datum: 12.03.2025\nAufgabe 1: Rechne nach.').steps).toBe(0);
  });

  it('formats numbers the German way', () => {
    expect(formatNumber(2.5)).toBe('2,5');
    expect(formatNumber(1 / 3)).toBe('0,333333');
  });
});
