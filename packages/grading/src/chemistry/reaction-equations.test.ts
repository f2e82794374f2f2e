import { describe, expect, it } from 'vitest';
import {
  checkMolarMasses,
  checkReactionEquations,
  isChemicalFormula,
  parseFormula,
  scoreReactionEquations,
} from './reaction-equations';

describe('parseFormula', () => {
  it('counts atoms with indices, brackets and subscripts', () => {
    expect(Object.fromEntries(parseFormula('Ca(OH)2')!)).toEqual({ Ca: 1, O: 2, H: 2 });
    expect(Object.fromEntries(parseFormula('Al2(SO4)3')!)).toEqual({ Al: 2, S: 3, O: 12 });
    expect(Object.fromEntries(parseFormula('H₂O')!)).toEqual({ H: 2, O: 1 });
    expect(parseFormula('Wasser')).toBeNull();
    expect(parseFormula('Nina')).toBeNull();
  });

  it('tells formulas from words and names', () => {
    for (const f of ['MgO', 'H2O', 'NaCl', 'Ca(OH)2', 'CO2', 'Al2O3'])
      expect(isChemicalFormula(f)).toBe(true);
    for (const w of ['Mia', 'Nina', 'Hof', 'Sauerstoff', 'Co']) expect(isChemicalFormula(w)).toBe(false);
  });
});

describe('checkReactionEquations', () => {
  it('accepts balanced equations', () => {
    const r = checkReactionEquations(
      'a) 2 H2 + O2 → 2 H2O\nc) CH4 + 2 O2 → CO2 + 2 H2O\nCa(OH)2 + 2 HCl -> CaCl2 + 2 H2O',
    );
    expect(r).toEqual({ equations: 3, starts: [3, 24, 49], findings: [] });
  });

  it('reports an unbalanced equation at its location with the elements and the balanced form', () => {
    const text = 'b) Mg + O2 → MgO\n';
    const r = checkReactionEquations(text);
    expect(r.findings).toHaveLength(1);
    const f = r.findings[0]!;
    expect(text.slice(f.start, f.end)).toBe('Mg + O2 → MgO');
    expect(f.imbalance).toEqual([{ element: 'O', left: 2, right: 1 }]);
    expect(f.balancedEquation).toBe('2 Mg + O2 → 2 MgO');
    expect(checkReactionEquations('2 Al + O2 → Al2O3').findings[0]!.balancedEquation).toBe(
      '4 Al + 3 O2 → 2 Al2O3',
    );
  });

  it('leaves word equations alone', () => {
    expect(checkReactionEquations('Traubenzucker + Sauerstoff → Kohlenstoffdioxid + Wasser').equations).toBe(
      0,
    );
  });
});

describe('scoreReactionEquations', () => {
  it('gives full points for a balanced equation, also with other coefficients, and half for unbalanced', () => {
    expect(scoreReactionEquations('2 H2 + O2 → 2 H2O (2 P.)', 'a) 2 H2 + O2 → 2 H2O', 2)).toEqual({
      achieved: 2,
      expected: ['2 H2 + O2 → 2 H2O'],
    });
    expect(scoreReactionEquations('2 H2 + O2 → 2 H2O', '4 H2 + 2 O2 → 4 H2O', 2)?.achieved).toBe(2);
    expect(scoreReactionEquations('2 Mg + O2 → 2 MgO', 'Mg + O2 → MgO', 2)?.achieved).toBe(1);
    expect(scoreReactionEquations('2 Mg + O2 → 2 MgO', 'Mg + O → MgO', 2)?.achieved).toBe(0);
  });

  it('reads subscripts as typed digits', () => {
    expect(scoreReactionEquations('2 H₂ + O₂ → 2 H₂O (1)', '2 H2 + O2 → 2 H2O', 1)?.achieved).toBe(1);
  });

  it('leaves keys with words to the text scorer', () => {
    expect(scoreReactionEquations('exotherme Reaktion (1 P.), weil Energie frei wird', 'x', 2)).toBeNull();
    expect(scoreReactionEquations('Mg + O2 → MgO, weil Magnesium oxidiert', 'x', 2)).toBeNull();
  });
});

describe('checkMolarMasses', () => {
  it('accepts right molar masses and reports a wrong one with the right value', () => {
    expect(
      checkMolarMasses('M(H2O) = 2 · 1 + 16 = 18 g/mol\nM(CO2) = 44 g/mol\nM(NaCl) = 58,5 g/mol').findings,
    ).toEqual([]);
    const text = '1 a) M(H2O) = 1 + 16 = 17 g/mol';
    const f = checkMolarMasses(text).findings[0]!;
    expect(f).toMatchObject({ formula: 'H2O', expected: 18, written: 17 });
    expect(text.slice(f.start, f.end)).toBe('M(H2O) = 1 + 16 = 17 g/mol');
  });
});
