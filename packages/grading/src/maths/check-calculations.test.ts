import { describe, expect, it } from 'vitest';
import { checkCalculations, formatExpected, formatNumber } from './check-calculations';

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

  it('checks results followed by a unit or a currency, and suggests the right step', () => {
    const text = 'Wechselgeld:\n12 € + 18 € = 30 €\n40 - 10 = 35 €';
    const r = checkCalculations(text);
    expect(r.findings).toHaveLength(1);
    const f = r.findings[0]!;
    expect(text.slice(f.start, f.end)).toBe('35');
    expect(f).toMatchObject({ kind: 'wrong', expected: 30, correctStep: '40 - 10 = 30 €' });
    expect(checkCalculations('40 g - 10 g = 35 g').findings[0]).toMatchObject({
      expected: 30,
      correctStep: '40 g - 10 g = 30 g',
    });
    expect(checkCalculations('12 cm · 3 = 36 cm\n2,5 kg + 1,5 kg = 4 kg').findings).toEqual([]);
    expect(checkCalculations('12 cm · 3 = 36 cm').steps).toBe(1);
  });

  it('reads percentages: "15 % von 80" and a result in per cent', () => {
    expect(checkCalculations('15 % von 80 = 12').findings).toEqual([]);
    expect(checkCalculations('15 % von 80 = 14').findings[0]).toMatchObject({ expected: 12 });
    expect(checkCalculations('12 : 80 = 15 %\n12 : 80 · 100 = 15 %').findings).toEqual([]);
  });

  it('reads fraction bars before ":" and "·" and reports fractions as fractions', () => {
    expect(checkCalculations('5/6 : 5/12 = 5/6 · 12/5 = 60/30 = 2').findings).toEqual([]);
    const r = checkCalculations('1/4 + 1/3 = 2/7');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ expectedText: '7/12', correctStep: '1/4 + 1/3 = 7/12' });
  });

  it('checks divisions with a remainder', () => {
    expect(checkCalculations('45 : 2 = 22 Rest 1\n22 : 2 = 11 Rest 0').findings).toEqual([]);
    const r = checkCalculations('11 : 2 = 5 Rest 2');
    expect(r.findings[0]).toMatchObject({ expectedText: '5 Rest 1', correctStep: '11 : 2 = 5 Rest 1' });
  });

  it('formats the right value as the student wrote theirs', () => {
    expect(formatExpected(5 / 6, '1/3')).toBe('5/6');
    expect(formatExpected(10 / 3, '3,4')).toBe('≈ 3,33');
    expect(formatExpected(30, '35')).toBe('30');
  });

  it('reports a fraction calculation with fractions, money with two decimals and its unit', () => {
    const decimal = checkCalculations('1/2 + 1/3 = 0,33').findings[0]!;
    expect(decimal).toMatchObject({ expectedText: '5/6', correctStep: '1/2 + 1/3 = 5/6' });
    const money = checkCalculations('50 € - 12,30 € = 35 €').findings[0]!;
    expect(money).toMatchObject({ quoted: '35', writtenText: '35 €', expectedText: '37,70 €' });
    expect(money.correctStep).toBe('50 € - 12,30 € = 37,70 €');
  });

  it('takes wrong values other checks found (a molar mass) as the start of Folgefehler', () => {
    const text = 'M(H2O) = 1 + 16 = 17 g/mol\nn = m / M = 90 g / 17 g/mol = 5,3 mol';
    expect(checkCalculations(text).findings).toEqual([]);
    const r = checkCalculations(text, [{ written: 17, expected: 18 }]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ kind: 'follow-on', written: 5.3, expected: 5 });
  });

  it('follows a wrong fraction into the next step as a Folgefehler, named as written', () => {
    const r = checkCalculations('1/2 + 1/3 = 2/5\n2/5 · 3 = 6/5');
    expect(r.findings.map((f) => f.kind)).toEqual(['wrong', 'follow-on']);
    expect(r.findings[1]).toMatchObject({ basedOnText: '2/5', expectedText: '5/2' });
  });
});

describe('checkCalculations in terms with variables', () => {
  it('leaves pieces of equations and function values alone', () => {
    expect(checkCalculations('b + b + 4 + b + b + 4 = 36\n4b + 8 = 36').findings).toEqual([]);
    expect(checkCalculations("f''(0) = -9\n2(b + 4) = 36").findings).toEqual([]);
  });
});

describe('checkCalculations with physical units', () => {
  it('converts units: a value right in numbers but wrong in its unit is an error', () => {
    const r = checkCalculations('18 km/h · 3,6 = 64,8 m/s');
    expect(r.findings[0]).toMatchObject({ quoted: '64,8', correctStep: '18 km/h · 3,6 = 18 m/s' });
  });

  it('reports units that do not fit, naming the unit the left side gives', () => {
    const r = checkCalculations('P = W / t = 50 kg · 10 m/s² · 2 m / 10 s = 100 J');
    expect(r.findings[0]).toMatchObject({ unitMismatch: { left: 'W', right: 'J' } });
    expect(r.findings[0]!.quoted).toBe('P = W / t = 50 kg · 10 m/s² · 2 m / 10 s = 100 J');
    expect(
      checkCalculations('t = s · v = 300 km · 120 km/h = 36000 h').findings[0]!.unitMismatch,
    ).toMatchObject({
      right: 'h',
    });
  });

  it('accepts right quantities', () => {
    expect(
      checkCalculations('36 km : 2 h = 18 km/h\n2,5 kg + 1,5 kg = 4 kg\n20 N · 3 m = 60 J').findings,
    ).toEqual([]);
  });
});

describe('checkCalculations with roots and ≈', () => {
  it('checks a rounded result after ≈ and square roots', () => {
    expect(checkCalculations('√(10 · 1/6 · 5/6) = √1,39 ≈ 1,18').findings).toEqual([]);
    const r = checkCalculations('σ = √(10 · 1/6 · 5/6) = √1,39 ≈ 1,39');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ quoted: '1,39', expectedText: '≈ 1,18' });
  });
});

describe('checkCalculations with rounded inputs', () => {
  it('accepts a result within the rounding of the inputs, and not beyond', () => {
    expect(checkCalculations('45 · 0,0278 · 0,2326 = 0,2907').findings).toEqual([]);
    expect(checkCalculations('45 · 0,0278 · 0,2326 = 0,2807').findings).toHaveLength(1);
  });
});

describe('checkCalculations: school notation', () => {
  it('reads mixed numbers, also with „ganze“, as whole plus fraction', () => {
    expect(checkCalculations('2 1/8 · 5 = 10 5/8').findings).toEqual([]);
    expect(checkCalculations('3 ganze 1/2 = 7/2').findings).toEqual([]);
    expect(checkCalculations('4 ganze 1/3 + 2 ganze 1/2 = 6 ganze 5/6').findings).toEqual([]);
    const wrong = checkCalculations('2 1/8 · 5 = 10 1/8').findings;
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatchObject({ kind: 'wrong', quoted: '10 1/8', expectedText: '10 5/8' });
  });

  it('reads thousands points as German numbers write them', () => {
    expect(checkCalculations('12.000 : 4 = 3.000').findings).toEqual([]);
    expect(checkCalculations('1.250 + 0,5 = 1.250,5').findings).toEqual([]);
    expect(checkCalculations('0.125 · 8 = 1').findings).toEqual([]);
    expect(checkCalculations('12.000 : 4 = 300').findings).toHaveLength(1);
  });

  it('checks conversions and sums of one kind of quantity in different units as quantities', () => {
    expect(checkCalculations('831 km = 831.000 m = 83.100.000 cm').findings).toEqual([]);
    expect(checkCalculations('2,6 km + 640 m = 3,24 km').findings).toEqual([]);
    expect(checkCalculations('1,9 l + 510 ml = 2,41 l').findings).toEqual([]);
    const conversion = checkCalculations('7,81 kg = 781 g');
    expect(conversion.findings).toHaveLength(1);
    expect(conversion.findings[0]).toMatchObject({ written: 781, expectedText: '7810 g' });
    expect(checkCalculations('2,6 km + 640 m = 3,4 km').findings).toHaveLength(1);
    // different kinds, or a side without its unit: not checked, never called wrong
    const unreadable = checkCalculations('7 Stunden = 33,6 km\n2,6 km + 640 m = 3240');
    expect(unreadable.findings).toEqual([]);
    expect(unreadable.steps).toBe(0);
  });
});

describe('checkCalculations: exact givens and times', () => {
  it('converts hours and minutes', () => {
    expect(checkCalculations('45 min = 0,75 h\n2,5 h = 150 min').findings).toEqual([]);
    const r = checkCalculations('1,5 h = 150 min');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ quoted: '150', expectedText: '90 min', step: '1,5 h = 150 min' });
    // the right number in the wrong unit
    expect(checkCalculations('3 · 40 min = 120 h').findings).toHaveLength(1);
  });

  it('takes prices and short rates as exact, not as rounded inputs', () => {
    expect(checkCalculations('8 · 1,30 € = 10,40 €\n320 € · 0,12 = 38,40 €').findings).toEqual([]);
    expect(checkCalculations('8 · 1,30 € = 10,41 €').findings).toHaveLength(1);
    expect(checkCalculations('1120 € · 0,6 = 671 €').findings).toHaveLength(1);
    // a rounded constant still carries its rounding: π as 3,14 with the calculator's π
    expect(checkCalculations('3,14 · 25 = 78,54').findings).toEqual([]);
  });

  it('takes a conversion or a sum of quantities that ends within a few decimals as exact', () => {
    expect(checkCalculations('59 cm = 0,59 m\n6,4 kg + 210 g = 6,61 kg').findings).toEqual([]);
    expect(checkCalculations('59 cm = 0,6 m').findings).toHaveLength(1);
    expect(checkCalculations('6,4 kg + 210 g = 6,6 kg').findings).toHaveLength(1);
    // a value that does not end is rounded to the decimals written; "≈" may round
    expect(checkCalculations('100 min = 1,67 h\n1250 m ≈ 1,3 km').findings).toEqual([]);
  });

  it('does not accept a rounded sum written with "=", but with "≈"', () => {
    expect(checkCalculations('902,3 + 67,51 = 969,81').findings).toEqual([]);
    expect(checkCalculations('902,3 + 67,51 = 969,8').findings).toHaveLength(1);
    expect(checkCalculations('902,3 + 67,51 ≈ 969,8').findings).toEqual([]);
  });

  it('reads a fraction after "=" as a fraction, not as a chain going on from its numerator', () => {
    const r = checkCalculations('2/3 : 1/3 = 2/3 · 1/3 = 2/9');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ kind: 'wrong', quoted: '2/3 · 1/3' });
    expect(checkCalculations('2/3 : 1/3 = 2/3 · 3/1 = 6/3 = 2').findings).toEqual([]);
  });
});
