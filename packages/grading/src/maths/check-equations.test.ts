import { describe, expect, it } from 'vitest';
import { checkEquations } from './check-equations';

describe('checkEquations', () => {
  it('accepts right transformation chains, with notes after "|" and other correct paths', () => {
    const text = [
      'a) 3x + 7 = 22   | -7',
      '3x = 15   | :3',
      'x = 5',
      '',
      'c) x/4 + 3 = 5   | -3',
      'x/4 = 2   | ·4',
      'x = 8',
      '',
      'Umfang: b + b + 4 + b + b + 4 = 36',
      '4b + 8 = 36',
      '4b = 28',
      'b = 7',
      '',
      '5(x - 2) = 2x + 8; 5x - 10 = 2x + 8 ⇔ 3x = 18; x = 6',
      '1/x = 2; 1 = 2x; x = 0,5',
    ].join('\n');
    const r = checkEquations(text);
    expect(r.findings).toEqual([]);
    expect(r.steps).toBeGreaterThanOrEqual(10);
  });

  it('reports the first wrong step with a correct form, and the steps after it as Folgefehler', () => {
    const text = 'b) 5(x - 2) = 2x + 8\n5x - 2 = 2x + 8   | -2x\n3x - 2 = 8   | +2\n3x = 10   | :3\nx = 10/3';
    const r = checkEquations(text);
    expect(r.findings.map((f) => f.kind)).toEqual(['wrong', 'follow-on', 'follow-on', 'follow-on']);
    const wrong = r.findings[0]!;
    expect(text.slice(wrong.start, wrong.end)).toBe('5x - 2 = 2x + 8');
    expect(wrong.correctForm).toBe('5x − 10 = 2x + 8');
    expect(wrong.solutionBefore).toBe('x = 6');
    // "3x = 10" would have been "3x = 18", "x = 10/3" would have been "x = 6"
    expect(r.findings[2]!.followOn).toEqual({ written: 10, expected: 18 });
    // the result's value, as the key's results are read: 10/3, not its leading "10"
    expect(r.findings[3]!.followOn!.written).toBeCloseTo(10 / 3, 9);
    expect(r.findings[3]!.followOn!.expected).toBeCloseTo(6, 9);
  });

  it('gives the right side after a wrong subtraction', () => {
    const r = checkEquations('4b + 8 = 36\n4b = 26\nb = 6,5');
    expect(r.findings[0]).toMatchObject({ kind: 'wrong', correctForm: '4b = 28' });
    expect(r.findings[1]).toMatchObject({ kind: 'follow-on' });
  });

  it('leaves calculations, words, functions and several variables alone', () => {
    expect(checkEquations('3 * 4 = 12\n12 : 4 = 3').steps).toBe(0);
    expect(checkEquations("f(x) = x² - 3x\nf'(x) = 2x - 3").steps).toBe(0);
    expect(checkEquations('y = 2x + 1\ny = 3').steps).toBe(0);
  });

  it('does not invent a step in a fraction equation', () => {
    expect(checkEquations('x/3 = 4/6\nx = 2').findings).toEqual([]);
    expect(checkEquations('3/(x + 1) = 1\n3 = x + 1\nx = 2').findings).toEqual([]);
  });
});

describe('term transformations on their own line', () => {
  it('accepts a right expansion or factorisation and reports a wrong one with the right term', () => {
    expect(checkEquations('b) (2a - 5)(2a + 5) = 4a² - 25\nx² - 10x + 25 = (x - 5)²').findings).toEqual([]);
    const r = checkEquations('a) (x + 3)² = x² + 9');
    expect(r.findings[0]).toMatchObject({
      kind: 'wrong',
      identity: true,
      correctForm: '(x + 3)² = x² + 6x + 9',
    });
  });

  it('leaves an equation to solve alone', () => {
    expect(checkEquations('(x + 3)² = 25').steps).toBe(0);
  });
});

describe('lines that state the solutions', () => {
  it('compares "x = p ± √q" and "x₁ = …, x₂ = …" with the equation before', () => {
    expect(checkEquations('x² - 6x + 8 = 0\n(x - 4)(x - 2) = 0\nx₁ = 4, x₂ = 2').findings).toEqual([]);
    expect(checkEquations('x² - 4x - 5 = 0\nx = 2 ± √(4 + 5)').findings).toEqual([]);
    const r = checkEquations('b) 2x² - 8x - 10 = 0   | :2\nx² - 4x - 5 = 0\nx = 2 ± √(4 - 5)');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({
      kind: 'wrong',
      quoted: 'x = 2 ± √(4 - 5)',
      correctForm: 'x = -1 oder x = 5',
    });
  });
});
