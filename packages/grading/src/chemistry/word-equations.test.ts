import { describe, expect, it } from 'vitest';
import { scoreWordEquation } from './word-equations';

describe('scoreWordEquation', () => {
  const key = 'Kohlenstoffdioxid + Wasser → (Licht) Traubenzucker (Glucose) + Sauerstoff (je Stoff 1 P)';

  it('counts each substance on its side of the arrow only', () => {
    expect(scoreWordEquation(key, 'Kohlendioxid + Wasser -> Glucose + Sauerstoff', 4)).toMatchObject({
      achieved: 4,
      misplaced: [],
    });
    expect(scoreWordEquation(key, 'Sauerstoff + Wasser → Zucker + Kohlendioxid', 4)).toMatchObject({
      achieved: 2,
      misplaced: ['Kohlenstoffdioxid', 'Sauerstoff'],
      feedback: '2 von 4 Stoffen auf der richtigen Seite des Pfeils.',
    });
  });

  it('leaves prose and formula equations to the other scorers', () => {
    expect(scoreWordEquation(key, 'Die Pflanze macht aus Licht Zucker.', 4)).toBeNull();
    expect(scoreWordEquation('2 H2 + O2 → 2 H2O', '2 H2 + O2 → 2 H2O', 2)).toBeNull();
  });
});
