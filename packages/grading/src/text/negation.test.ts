import { describe, expect, it } from 'vitest';
import { isNegated, isNegator } from './negation';
import { tokenize } from './tokenize';

const negated = (text: string, word: string) => {
  const tokens = tokenize(text);
  return isNegated(
    tokens,
    tokens.findIndex((t) => t.text === word),
    text,
  );
};

describe('isNegated', () => {
  it('reads a negation before a word and a verb-final one after a verb', () => {
    expect(negated('Eine Säure gibt keine Protonen ab.', 'Protonen')).toBe(true);
    expect(negated('Ich fotografiere das nicht.', 'fotografiere')).toBe(true);
  });

  it('does not negate across a clause boundary', () => {
    expect(negated('Nicht immer, aber Viren brauchen eine Wirtszelle.', 'Wirtszelle')).toBe(false);
  });

  it('does not negate a noun before a verb-final „nicht“', () => {
    expect(negated('wenn Bundestag und Bundesrat sich nicht einigen', 'Bundesrat')).toBe(false);
  });

  it('reads „nicht selbst“, „nicht nur“ and „nicht allein“ as restrictions', () => {
    expect(negated('Viren können sich nicht selbst vermehren.', 'vermehren')).toBe(false);
    expect(negated('Antibiotika wirken nicht nur gegen Bakterien.', 'Bakterien')).toBe(false);
    expect(negated('Antibiotika wirken nicht gegen Viren.', 'Viren')).toBe(true);
  });
});

describe('isNegator', () => {
  it('knows the negating words and nothing that contains them', () => {
    expect(isNegator('nicht')).toBe(true);
    expect(isNegator('Keine')).toBe(true);
    expect(isNegator('vernichtet')).toBe(false);
  });
});
