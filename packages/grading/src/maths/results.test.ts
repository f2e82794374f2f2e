import { describe, expect, it } from 'vitest';
import { parseExpectedAnswer } from '../score/expected-answer';
import { scoreOpenAnswer } from '../score/open-answer';
import { answerHasStep, keyResults, keySteps, readValue, sameValue, writtenResults } from './results';

const value = (s: string) => {
  const v = readValue(s);
  if (!v) throw new Error(`not a value: ${s}`);
  return v;
};
const same = (student: string, key: string) => sameValue(value(student), value(key));
const results = (key: string) => keyResults(key)?.map((r) => r.text) ?? null;
const written = (answer: string) => writtenResults(answer).map((w) => w.text);
const points = (key: string, answer: string, max: number) =>
  scoreOpenAnswer(answer, parseExpectedAnswer(key, max), max).achieved;

describe('reading and comparing results', () => {
  it('converts units: 200 V/cm is 20 000 V/m, 18 km/h is 5 m/s', () => {
    expect(same('200 V/cm', '20 000 V/m')).toBe(true);
    expect(same('5 m/s', '18 km/h')).toBe(true);
    expect(same('2 V/cm', '20 000 V/m')).toBe(false);
    expect(same('20 °C', '20 °C')).toBe(true);
    expect(same('1,5 kΩ', '1500 Ω')).toBe(true);
  });

  it('accepts the rounding either side wrote: "≈ 2,4 m/s" and "2,35 m/s", "0,29" for 0,2907', () => {
    expect(sameValue(value('2,35 m/s'), readValue('2,4 m/s', true)!)).toBe(true);
    expect(same('0,29', '0,2907')).toBe(true);
    expect(same('1,67', '10/6')).toBe(true);
    // a whole number in the key is exact, and a student's whole number does not round
    expect(same('5,2 m/s', '5 m/s')).toBe(false);
    expect(same('2', '2,4')).toBe(false);
  });

  it('reads powers of ten, money after a number, per cent and fractions', () => {
    expect(same('3,2 · 10^-15 N', '3,2 · 10^-15 N')).toBe(true);
    expect(same('3,2 · 10^-17 N', '3,2 · 10^-15 N')).toBe(false);
    expect(same('35 €', '35')).toBe(true);
    expect(same('0,32', '32 %')).toBe(true);
    expect(same('2/12', '1/6')).toBe(true);
    expect(same('1/3', '5/6')).toBe(false);
  });

  it('reads numbers of other number systems by their digits: "101101₂", "(101101)₂", "0010 1101"', () => {
    expect(same('101101₂', '101101')).toBe(true);
    expect(same('(101101)₂', '101101')).toBe(true);
    expect(same('0010 1101', '101101')).toBe(true);
    expect(same('26₁₀', '26')).toBe(true);
    expect(same('101100₂', '101101')).toBe(false);
  });

  it('compares terms by their values and their form', () => {
    expect(same('4a² - 25', '4a² − 25')).toBe(true);
    expect(same('x² + 9', 'x² + 6x + 9')).toBe(false);
    expect(same('(x - 5)²', '(x − 5)²')).toBe(true);
    // the same values multiplied out is not the factorised form asked for
    expect(same('x² - 10x + 25', '(x − 5)²')).toBe(false);
  });

  it('compares lists in order, points, and the two values of "±" in any order', () => {
    expect(same('[1, 4, 2, 5]', '[1, 4, 2, 5]')).toBe(true);
    expect(same('[1, 2, 4, 5]', '[1, 4, 2, 5]')).toBe(false);
    expect(same('S(2 | -3)', 'S(-2 | -3)')).toBe(false);
    expect(same('{-1; 5}', '2 ± 3')).toBe(true);
  });
});

describe('keyResults: what a key asks for', () => {
  it('takes the value after the last "=" or "≈", with units, and leaves out words that are units', () => {
    expect(results('E = U / d = 400 V / 0,02 m = 20 000 V/m')).toEqual(['20 000 V/m']);
    expect(results('P(X = 2) = (10 über 2) · (1/6)² · (5/6)⁸ ≈ 0,2907')).toEqual(['0,2907']);
    expect(results('t = s / v = 300 km / 120 km/h = 2,5 h')).toEqual(['2,5 h']);
    expect(results('m(CO2) = 2 mol · 44 g/mol = 88 g')).toEqual(['88 g']);
  });

  it('names each named result ("n = 10, p = 1/6"; "x₁ = 5, x₂ = −1") and drops a "±" that says the same', () => {
    expect(results('n = 10, p = 1/6')).toEqual(['10', '1/6']);
    expect(results('pq-Formel: x = 3 ± √(9 - 8), x₁ = 4, x₂ = 2')).toEqual(['4', '2']);
    expect(results('f(x) = (x + 2)² - 3, S(-2 | -3)')).toEqual(['(x + 2)² - 3', 'S(-2 | -3)']);
  });

  it('reads a label before the maths and leaves sentences to the word scorer', () => {
    expect(results('nach dem ersten Durchlauf: [1, 4, 2, 5]')).toEqual(['[1, 4, 2, 5]']);
    expect(results('neuer Preis 480 € - 72 € = 408 €')).toEqual(['408 €']);
    expect(results('Rechenweg z. B. 7 · 98 = 7 · 100 − 7 · 2')).toBeNull();
    expect(results('Wiedervereinigung 1990')).toBeNull();
    expect(results('Länge 11 cm')).toEqual(['11 cm']);
    expect(results('Die Stromstärke ist überall gleich')).toBeNull();
  });

  it('finds the steps of the way: formulas and equations before the result', () => {
    expect(keySteps('F = e · E = 1,6 · 10^-19 C · 20 000 V/m = 3,2 · 10^-15 N')).toContain('e · E');
    expect(keySteps('x² - 4x - 5 = 0, x = 2 ± √(4 + 5) = 2 ± 3, x₁ = 5, x₂ = -1')).toContain(
      'x² - 4x - 5 = 0',
    );
    expect(answerHasStep('B2 F = e · E = 1,6 · 10^-19 C · 200 V/cm', 'e · E')).toBe(true);
    expect(answerHasStep('R = U · I = 230 V · 0,5 A = 115 Ω', 'U / I')).toBe(false);
  });
});

describe('writtenResults: what an answer writes', () => {
  it('reads the values after "=", "≈", "→" or a label, not the left side of a chain', () => {
    expect(written('b) 51² = 51 · 51 = 2551')).toEqual(['2551']);
    expect(written('von unten gelesen: 101101')).toEqual(['101101']);
    // "p = 1/6" is also an equation: another way may solve it further
    expect(written('Also Bernoulli-Kette mit n = 10 und p = 1/6.')).toEqual(['10', 'p = 1/6', '1/6']);
    expect(written('[5, 1, 4, 2] → [1, 5, 4, 2] → [1, 4, 2, 5]')).toEqual(['[1, 5, 4, 2]', '[1, 4, 2, 5]']);
    expect(written('man kann 2 · 8 = 16 verschiedene Zahlen darstellen')).toEqual(['16']);
    expect(written('Die Breite ist 7 cm und die Länge 11 cm.')).toEqual(['7 cm', '11 cm']);
  });
});

describe('scoring calculation aspects', () => {
  it('gives a result in another unit its points, unless the key asks for the conversion', () => {
    expect(points('E = U / d = 400 V / 0,02 m = 20 000 V/m', 'E = U / d = 400 V / 2 cm = 200 V/cm', 3)).toBe(
      3,
    );
    expect(points('18 km/h = 18 : 3,6 m/s = 5 m/s', 'v = 18 km/h\n18 km/h · 3,6 = 64,8 m/s', 2)).toBe(0);
  });

  it('gives half for a result missed on the key’s way; nothing for a wrong formula', () => {
    const key = 'F = e · E = 1,6 · 10^-19 C · 20 000 V/m = 3,2 · 10^-15 N';
    expect(points(key, 'F = e · E = 1,6 · 10^-19 C · 200 V/cm = 3,2 · 10^-17 N', 3)).toBe(1.5);
    expect(points('R = U / I = 230 V / 0,5 A = 460 Ω', 'R = U · I = 230 V · 0,5 A = 115 Ω', 2)).toBe(0);
  });

  it('gives half for a result the key asks alone when a slip after right steps caused it', () => {
    const e = parseExpectedAnswer('26', 2);
    const answer = '1·16 + 1·8 + 0·4 + 1·2 + 0·1 = 16 + 8 + 2 = 24';
    expect(scoreOpenAnswer(answer, e, 2).achieved).toBe(0);
    expect(scoreOpenAnswer(answer, e, 2, undefined, [], { slips: 1, flagged: true }).achieved).toBe(1);
  });

  it('accepts any equivalent equation for an equation of the key (another way)', () => {
    expect(points('Ansatz 2b + 2(b + 4) = 36', 'Umfang: b + b + 4 + b + b + 4 = 36', 2)).toBe(2);
    expect(points('5x - 10 = 2x + 8', '5x - 2 = 2x + 8', 1)).toBe(0);
  });

  it('credits an intermediate result when the answer reaches the final one another way', () => {
    const key = 'Rabatt: 480 € · 0,15 = 72 € (1 P); neuer Preis 480 € - 72 € = 408 € (2 P)';
    expect(points(key, '100 % ≙ 480 €\n85 % ≙ 408 €\nDas Fahrrad kostet jetzt 408 €.', 3)).toBe(3);
    // a Folgefehler in the final result proves nothing about the step before
    const chain = parseExpectedAnswer('3,5 * 2 = 7 (2 P)\n7 * 4 = 28 (2 P)', 4);
    expect(
      scoreOpenAnswer('3,5 * 2 = 8\n8 * 4 = 32', chain, 4, undefined, [{ written: 32, expected: 28 }])
        .achieved,
    ).toBe(2);
  });
});

describe('solution sets and values in prose', () => {
  it('takes a set of solutions written as single values, and single values written as a set', () => {
    expect(points('L = {2; 3} (2 P)', 'x1 = 2, x2 = 3', 2)).toBe(2);
    expect(points('x₁ = 2, x₂ = 3 (2 P)', 'L = {2; 3}', 2)).toBe(2);
    expect(points('L = {2; 3} (2 P)', 'x1 = 2, x2 = 4', 2)).toBe(0);
    expect(points('L = {5} (1 P)', '2x = 10\nx = 5', 1)).toBe(1);
    expect(points('L = { } (1 P)', 'x² = -4\nDas geht nicht, also keine Lösung.', 1)).toBe(1);
    expect(points('L = { } (1 P)', 'x = 2', 1)).toBe(0);
    expect(points('x₁ = 5, x₂ = -1 (2 P)', '√(-1) gibt es nicht, also keine Lösung.', 2)).toBe(0);
  });

  it('reads a value in a sentence and a result in another unit of the same kind', () => {
    expect(points('s = 120 km (2 P)', 'Die Strecke beträgt 120 km.', 2)).toBe(2);
    expect(points('V = 1,5 l (1 P)', 'V = 1500 ml', 1)).toBe(1);
    expect(points('F = 1,5 · 10^3 N (1 P)', 'F = 1,5 kN', 1)).toBe(1);
  });
});

describe('units and rounding words in the key', () => {
  it('gives half for the right number of a substance in a wrong unit ("88 mol" for "88 g")', () => {
    expect(points('m(CO2) = 2 mol · 44 g/mol = 88 g (2 P)', 'm = n · M = 2 mol · 44 g/mol = 88 mol', 2)).toBe(
      1,
    );
  });

  it('reads "ca." as a rounded value and gives half for the right number in a wrong unit', () => {
    expect(results('ca. 2300 mm')).toEqual(['2300 mm']);
    const key = 'ca. 27 °C (1 P.), ca. 2300 mm (1 P.)';
    expect(points(key, 'Die Temperatur beträgt 27 °C und der Niederschlag 2300 mm.', 2)).toBe(2);
    expect(points(key, 'Die Temperatur beträgt 27 °C und der Niederschlag ist etwa 2300 °C.', 2)).toBe(1.5);
  });
});

describe('a sentence of the key stating a measured result', () => {
  it('lets the value decide: the right value earns the aspect, none of its values nothing', () => {
    expect(points('Er muss 24,50 € bezahlen. (2 P)', 'Er muss 25,50 € bezahlen.', 2)).toBe(0);
    expect(points('Der Zug braucht 2,5 Stunden. (2 P)', 't = 2,5 h', 2)).toBe(2);
    expect(
      points('Die Wahrscheinlichkeit beträgt 1/6. (2 P)', 'Die Wahrscheinlichkeit beträgt 1/3.', 2),
    ).toBe(0);
    expect(points('Der Gesamtwiderstand beträgt 50 Ω. (1 P)', 'R = 20 Ω + 30 Ω = 50 Ω', 1)).toBe(1);
  });

  it('leaves years, spans of years and values another aspect states to the words', () => {
    const years = parseExpectedAnswer('verantwortlich für die Schreckensherrschaft 1793/94 (1 P)', 1);
    expect(
      scoreOpenAnswer('Er hat die Schreckensherrschaft zu verantworten.', years, 1).achieved,
    ).toBeGreaterThan(0);
    const key = '2,1 : 42 = 0,05 = 5 % (2 P) → ja, genau 5 % reichen (1 P)';
    expect(points(key, '2,1 : 42 = 0,05 = 5 %\nSie kommt nicht in den Bundestag.', 3)).toBeLessThan(3);
  });
});

describe('a key that writes its solution as a chain of steps', () => {
  it('takes the last link as the result, and solutions joined by „oder“ as a list', () => {
    const values = (text: string) =>
      keyResults(text)?.map((r) => (r.value.kind === 'quantity' ? r.value.value : r.value.kind));
    expect(values('x² = 49 → x = 7 oder x = −7')).toEqual([7, -7]);
    expect(values('x² − 5x = 0 → x(x − 5) = 0 → x = 0 oder x = 5')).toEqual([0, 5]);
    // a word equation's arrow is no step to a result
    expect(keyResults('Magnesium + Sauerstoff → Magnesiumoxid')).toBeNull();
  });
});

describe('keyResults: a term transformed', () => {
  it('takes the right side of an identity as the result, which an equal term in any order matches', () => {
    const [result] = keyResults('3x + 5y − x + 2y = 2x + 7y')!;
    expect(result!.value.kind).toBe('term');
    expect(sameValue(readValue('7y + 2x')!, result!.value)).toBe(true);
    expect(sameValue(readValue('2x + 5y')!, result!.value)).toBe(false);
    const [product] = keyResults('(x + 4)(x − 2) = x² + 2x − 8')!;
    expect(sameValue(readValue('2x + x² - 8')!, product!.value)).toBe(true);
    // an equation to solve stays one
    expect(keyResults('5x − 10 = 2x + 8')![0]!.value.kind).toBe('equation');
  });
});

describe('writtenResults: a result and its answer sentence on one line', () => {
  it('reads „340 · 3 = 1020 m. Das Gewitter ist 1020 m entfernt.“ as the result 1020 m', () => {
    expect(writtenResults('340 · 3 = 1020 m. Das Gewitter ist 1020 m entfernt.').map((w) => w.text)).toEqual([
      '1020 m',
    ]);
  });
});
