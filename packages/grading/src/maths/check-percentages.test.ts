import { describe, expect, it } from 'vitest';
import { checkPercentages } from './check-percentages';

describe('checkPercentages: the wrong base', () => {
  it('marks the per cent taken of the price after the change, not the way over the right base', () => {
    const wrong = checkPercentages(
      'Ein Fahrrad kostet nach 20 % Rabatt noch 416 €. Wie teuer war es vorher?\n20 % von 416 € = 83,20 €\n416 € + 83,20 € = 499,20 €',
    );
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatchObject({
      rule: 'base',
      quoted: '83,20',
      correctStep: '80 % ≙ 416 €; 100 % ≙ 520 €',
      percent: { given: '416 €', givenShare: '80', base: '520 €' },
    });
    expect(checkPercentages('Preis inkl. 19 % MwSt.: 238 €\n238 € · 0,19 = 45,22 €')[0]).toMatchObject({
      rule: 'base',
      percent: { givenShare: '119', base: '200 €' },
    });
    // the right way: the given price is 80 %
    expect(
      checkPercentages('Preis nach 20 % Rabatt: 416 €\n80 % ≙ 416 €\n1 % ≙ 5,20 €\n100 % ≙ 520 €'),
    ).toEqual([]);
    // the per cent of the price before is no mistake
    expect(checkPercentages('Preis vorher: 520 €, Rabatt 20 %\n20 % von 520 € = 104 €')).toEqual([]);
  });
});

describe('checkPercentages: a discount added, a surcharge taken off', () => {
  it('marks the new price when the discount is added', () => {
    const r = checkPercentages('Rabatt: 30 % von 620 € = 186 €\nNeuer Preis: 620 € + 186 € = 806 €');
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({
      rule: 'discount-added',
      quoted: '806',
      correctStep: '620 € − 186 € = 434 €',
    });
    expect(checkPercentages('Skonto: 2 % von 450 € = 9 €\nZu zahlen: 450 € - 9 € = 441 €')).toEqual([]);
    expect(checkPercentages('MwSt.: 19 % von 200 € = 38 €\n200 € - 38 € = 162 €')[0]).toMatchObject({
      rule: 'surcharge-subtracted',
    });
    expect(checkPercentages('MwSt.: 19 % von 200 € = 38 €\nBrutto: 200 € + 38 € = 238 €')).toEqual([]);
  });
});
