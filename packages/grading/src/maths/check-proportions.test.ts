import { describe, expect, it } from 'vitest';
import { checkProportions } from './check-proportions';

describe('checkProportions: the Dreisatz', () => {
  it('accepts a right Dreisatz, with margin notes, with „=“ and with a rounded middle line', () => {
    expect(
      checkProportions('4 Stunden ≙ 396,8 km\n1 Stunde ≙ 99,2 km\n6 Stunden ≙ 595,2 km').findings,
    ).toEqual([]);
    expect(checkProportions('100 % ≙ 8 €   | : 100\n1 % ≙ 0,08 €   | · 35\n35 % ≙ 2,80 €').findings).toEqual(
      [],
    );
    expect(checkProportions('7 Äpfel = 2,10 €\n1 Apfel = 0,30 €\n5 Äpfel = 1,50 €').findings).toEqual([]);
    const rounded = checkProportions('7 Stunden ≙ 34 km\n1 Stunde ≙ 4,86 km\n6 Stunden ≙ 29,14 km');
    expect(rounded.findings).toEqual([]);
    expect(rounded.stepStarts).toHaveLength(2);
  });

  it('marks the wrong line with the right value, and credits a line built on it as a Folgefehler', () => {
    const text = '80 % ≙ 272 €\n1 % ≙ 3,50 €\n100 % ≙ 350 €';
    const { findings } = checkProportions(text);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ quoted: '3,50', expectedText: '3,40 €', written: 3.5 });
    expect(text.slice(findings[0]!.start, findings[0]!.end)).toBe('3,50');
    expect(
      checkProportions('4 Stunden ≙ 396,8 km\n1 Stunde ≙ 99,2 km\n6 Stunden ≙ 590 km').findings,
    ).toHaveLength(1);
  });

  it('accepts an antiproportional Dreisatz and judges it by its own relation', () => {
    const text = '4 Arbeiter ≙ 6 Tage\n1 Arbeiter ≙ 24 Tage\n3 Arbeiter ≙ 8 Tage';
    expect(checkProportions(text).findings).toEqual([]);
    expect(
      checkProportions('4 Arbeiter ≙ 6 Tage\n1 Arbeiter ≙ 24 Tage\n3 Arbeiter ≙ 9 Tage').findings,
    ).toHaveLength(1);
  });

  it('leaves conversions, single lines and lines of other kinds alone', () => {
    expect(checkProportions('1 m = 100 cm\n3 m = 30 cm').stepStarts).toEqual([]);
    expect(checkProportions('100 % ≙ 18 €').stepStarts).toEqual([]);
    expect(checkProportions('4 Stunden ≙ 396,8 km\n1 Liter ≙ 2 €').stepStarts).toEqual([]);
  });
});

describe('checkProportions: what pupils write beside the numbers', () => {
  it('reads a unit with its thing („2 l Milch“) and a middle line that is exact', () => {
    expect(
      checkProportions('4 kg Äpfel ≙ 10,08 €\n1 kg Äpfel ≙ 2,52 €\n6 kg Äpfel ≙ 15,12 €').findings,
    ).toEqual([]);
    const wrong = checkProportions(
      '4 l Milch ≙ 12,28 €   | : 4\n1 l Milch ≙ 49,12 €   | · 9\n9 l Milch ≙ 442,08 €',
    );
    expect(wrong.findings).toHaveLength(1);
    expect(wrong.findings[0]).toMatchObject({ quoted: '49,12', expectedText: '3,07 €' });
    // 278,7 : 3 = 92,9 exactly: the line after it may not be off by a hundredth
    expect(
      checkProportions('3 Stunden = 278,7 km\n1 Stunde = 92,9 km\n2 Stunden = 185,81 km').findings,
    ).toHaveLength(1);
  });

  it('gives where the first line stands, read but nothing to check', () => {
    const r = checkProportions('100 % ≙ 480 €\n1 % ≙ 4,80 €\n15 % ≙ 72 €');
    expect(r.givenStarts).toEqual([8]);
    expect(r.stepStarts).toHaveLength(2);
  });
});
