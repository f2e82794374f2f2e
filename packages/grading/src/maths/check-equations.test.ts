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

describe('solving a quadratic equation as pupils write it', () => {
  it('reads the pq-formula in its notations and charges a wrong line once, the lines after it as Folgefehler', () => {
    const right = [
      'x² - 4x + 3 = 0',
      'x_{1,2} = 2 ± √(2² - 3)',
      'x₁/₂ = 2 ± sqrt(1)',
      'x1 = 3',
      'x2 = 1',
      'L = {1; 3}',
    ].join('\n');
    const r = checkEquations(right);
    expect(r.findings).toEqual([]);
    expect(r.steps).toBe(5);
    // −p/2 with the wrong sign: the pq line is wrong, the rest follows from it
    const wrong = checkEquations('x² + 8x + 15 = 0\nx1,2 = 4 ± √(16 - 15)\nx1,2 = 4 ± 1\nx1 = 5; x2 = 3');
    expect(wrong.findings.map((f) => [f.kind, f.quoted])).toEqual([
      ['wrong', 'x1,2 = 4 ± √(16 - 15)'],
      ['follow-on', 'x1,2 = 4 ± 1'],
      ['follow-on', 'x1 = 5; x2 = 3'],
    ]);
    expect(wrong.findings[0]!.correctForm).toBe('x = -5 oder x = -3');
  });

  it('marks only the wrong one of two solutions written one per line', () => {
    const r = checkEquations('x² - 6x - 16 = 0\nx1,2 = 3 ± √(9 + 16)\nx1,2 = 3 ± 5\nx1 = 8\nx2 = -3');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ kind: 'wrong', quoted: 'x2 = -3' });
    expect(r.steps).toBe(4);
  });

  it('checks p and q read off the normal form, the discriminant and the abc-formula', () => {
    expect(
      checkEquations('x² - 4x + 3 = 0\np = -4 und q = 3\nD = (-4/2)² - 3 = 1\nx1,2 = 2 ± √1').findings,
    ).toEqual([]);
    const p = checkEquations('x² - 4x + 3 = 0\np = 4; q = 3\nx1,2 = -2 ± √(4 - 3)\nx1 = -1; x2 = -3');
    expect(p.findings.map((f) => [f.kind, f.rule])).toEqual([
      ['wrong', 'parameters'],
      ['follow-on', undefined],
      ['follow-on', undefined],
    ]);
    expect(p.findings[0]!.correctForm).toBe('p = -4; q = 3');
    // not divided by 2 first: p and q of 2x² + 12x − 32 = 0 are 6 and −16
    expect(checkEquations('2x² + 12x - 32 = 0\np = 12; q = -32').findings[0]).toMatchObject({
      rule: 'parameters',
    });
    // b² − 4ac is as right as (p/2)² − q
    expect(checkEquations('x² + 6x - 16 = 0\nD = 36 + 64 = 100\nx1/2 = (-6 ± 10) / 2').findings).toEqual([]);
    const d = checkEquations('x² + 6x - 16 = 0\nD = 9 - 16 = -7');
    expect(d.findings[0]).toMatchObject({ kind: 'wrong', rule: 'discriminant', correctForm: 'D = 25' });
  });

  it('leaves the formula in letters alone and does not end the chain there', () => {
    const r = checkEquations(
      'x² + 2x - 8 = 0\nx1,2 = -p/2 ± √((p/2)² - q)\nx1,2 = -1 ± √(1 + 8)\nx1 = 2, x2 = -4',
    );
    expect(r.findings).toEqual([]);
    expect(r.steps).toBe(2);
  });

  it('checks completing the square: the square of half the x coefficient, on both sides', () => {
    const right =
      'x² - 6x - 7 = 0   | + 7\nx² - 6x = 7   | + 3²\nx² - 6x + 9 = 16\n(x - 3)² = 16\nx - 3 = ±4\nx1 = 7; x2 = -1';
    expect(checkEquations(right).findings).toEqual([]);
    expect(checkEquations(right).steps).toBe(5);
    // 3 added instead of 3²: still equivalent, but the square is not completed
    const r = checkEquations('x² - 6x - 7 = 0   | + 7\nx² - 6x = 7   | + 3²\nx² - 6x + 3 = 10');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({
      kind: 'wrong',
      rule: 'completion',
      quoted: 'x² - 6x + 3 = 10',
      correctForm: 'x² − 6x + 9 = 16',
    });
    // the binomial with the wrong sign changes the solutions
    const sign = checkEquations('x² - 6x = 7   | + 3²\nx² - 6x + 9 = 16\n(x + 3)² = 16\nx + 3 = ±4');
    expect(sign.findings.map((f) => f.kind)).toEqual(['wrong', 'follow-on']);
  });

  it('compares a solution set after the solved form', () => {
    expect(checkEquations('3x + 5 = 20\n3x = 15\nx = 5\nL = {5}').findings).toEqual([]);
    expect(checkEquations('3x + 5 = 20\n3x = 15\nx = 5\nL = {6}').findings).toHaveLength(1);
  });
});
