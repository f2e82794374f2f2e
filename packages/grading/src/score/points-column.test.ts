import { describe, expect, it } from 'vitest';
import { keyReadingTotal, parseAnswerKey } from './answer-key';
import { parseExpectedAnswer } from './expected-answer';
import { keyForReading } from './grading-scale-key';
import { withRightColumnAsMarks } from './points-column';

const pointsOf = (key: string) =>
  parseAnswerKey(keyForReading(key)).map((u) => [u.taskNumber, u.subtaskLabel, u.maxPoints]);

describe('withRightColumnAsMarks', () => {
  it('writes a column entry with a sign and any unit as a mark where it stands', () => {
    const key = [
      'I. Setze ins Präteritum.                                → 4 WE',
      '   a) ging   b) lief   c) sah   d) kam',
      'II. Übersetze.                                          Σ 6 WE',
      '   Der Hund lief schnell nach Hause.',
      '',
      'Summe: 10 WE',
    ].join('\n');
    const lines = withRightColumnAsMarks(key).split('\n');
    expect(lines[0]).toBe('I. Setze ins Präteritum. (4 P)');
    expect(lines[2]).toBe('II. Übersetze. (6 P)');
    expect(lines[5]).toBe('Summe: 10 WE');
  });

  it("puts a task's closing sum, set off under its lines, on the task's heading", () => {
    const key = [
      'A1  Nenne drei Nadelbäume.',
      '    Fichte, Kiefer, Tanne, Lärche, Eibe … je [1]',
      '                                                 Σ = 3',
      'A2  Erkläre, warum Laubbäume im Herbst ihre Blätter abwerfen',
      '    (zwei Gründe).',
      '    Wassermangel im Winter [1]; Frostschutz [1]   Σ = 2',
      '',
      '                                            Σ = 5 P.',
    ].join('\n');
    const lines = withRightColumnAsMarks(key).split('\n');
    expect(lines[0]).toBe('A1  Nenne drei Nadelbäume. (3 P)');
    expect(lines[2]!.trim()).toBe('');
    // A2's sum only adds up the marks of its line: the marks stay, the sum goes
    expect(lines[3]).toBe('A2  Erkläre, warum Laubbäume im Herbst ihre Blätter abwerfen');
    expect(lines[5]).toBe('    Wassermangel im Winter [1]; Frostschutz [1]');
    expect(lines[7]).toContain('Σ = 5 P.');
  });

  it("leaves a subtask's entry with the subtask, and needs a wide gap for a bare number", () => {
    const key = [
      'Aufgabe 1',
      '   a) 3 · 4 = 12                                   2',
      '   b) 5 + 7 = 12 (kurz notiert) 12',
      '      Rechnung und Ergebnis',
      '                                                   1 P.',
    ].join('\n');
    const lines = withRightColumnAsMarks(key).split('\n');
    expect(lines[1]).toBe('   a) 3 · 4 = 12 (2 P)');
    expect(lines[2]).toBe('   b) 5 + 7 = 12 (kurz notiert) 12');
    expect(lines[4]).toBe('(1 P)');
  });
});

describe('keyForReading by the key’s own total', () => {
  it('reads the right-hand column where only that reading adds up to the total', () => {
    const key = [
      'Biologie 5 – Test: Der Igel',
      '',
      '1. Nenne drei Merkmale des Igels.',
      '   +1  Stacheln',
      '   +1  spitze Schnauze',
      '   +1  kurze Beine',
      '                                                          = 3',
      '2. Warum hält der Igel Winterschlaf?',
      '   +1  im Winter findet er keine Insekten',
      '   +1  er spart Energie (Körpertemperatur sinkt)',
      '                                                          = 2',
      '',
      'Gesamt: 5 Punkte',
    ].join('\n');
    expect(pointsOf(key)).toEqual([
      ['1', '1', 3],
      ['2', '2', 2],
    ]);
    expect(keyReadingTotal(keyForReading(key))).toMatchObject({ total: 5, shared: false });
  });

  it('keeps the plain reading where it adds up by itself, even with numbers set off at line ends', () => {
    const key = [
      'Aufgabe 1 (2 P)',
      '   Berechne 3 · 4.                     12',
      'Aufgabe 2 (3 P)',
      '   Berechne 20 : 4 + 7.                12',
      '',
      'Gesamt: 5 P',
    ].join('\n');
    expect(pointsOf(key)).toEqual([
      ['1', '1', 2],
      ['2', '2', 3],
    ]);
  });
});

describe('keyForReading where both readings add up', () => {
  const key = [
    'AUFGABE 1 – Beschreibe den Weg des Wassers durch die Pflanze.          6 P.',
    '  • Aufnahme über die Wurzelhaare aus dem Boden,',
    '    Weiterleitung in die Wurzel                                        2',
    '  • Transport in den Leitbündeln (Xylem) durch Stängel und Blattadern 2',
    '  • Abgabe durch die Spaltöffnungen (Transpiration)                    2',
    'AUFGABE 2 – Nenne zwei Aufgaben des Wassers in der Pflanze.            4 P.',
    '  • Ausgangsstoff der Fotosynthese                                     2',
    '  • Transportmittel für Mineralstoffe                                  2',
    '',
    'GESAMT: 10 P.',
  ].join('\n');

  it("reads the items' points in the column where they add up to each task's stated total", () => {
    expect(pointsOf(key)).toEqual([
      ['1', '1', 6],
      ['2', '2', 4],
    ]);
    const [first] = parseAnswerKey(keyForReading(key));
    const aspects = parseExpectedAnswer(first!.expected, 6, first!.question).aspects;
    // a wrapped item is one aspect; the entry after one space stands where the column stands
    expect(aspects.map((a) => [a.text, a.points])).toEqual([
      ['Aufnahme über die Wurzelhaare aus dem Boden, Weiterleitung in die Wurzel', 2],
      ['Transport in den Leitbündeln (Xylem) durch Stängel und Blattadern', 2],
      ['Abgabe durch die Spaltöffnungen (Transpiration)', 2],
    ]);
  });

  it('keeps the plain reading where the column would read other task totals', () => {
    const other = key.replace(
      'Ausgangsstoff der Fotosynthese                                     2',
      'Ausgangsstoff der Fotosynthese                                     3',
    );
    expect(keyForReading(other)).not.toContain('(3 P)');
  });
});

describe('a key that restates the task sheet before its solutions', () => {
  it('reads only the solutions under their heading, with "max." totals and a bare points column', () => {
    const key = [
      'Politik Q1 – Klausur: Die Weimarer Verfassung',
      '',
      'Aufgaben',
      '1. Geben Sie die Bestimmungen von Art. 48 wieder.                  (AFB I)',
      '2. Erläutern Sie, wie der Artikel die Republik schwächte.          (AFB II)',
      '',
      'Erwartungshorizont',
      '',
      'Teilaufgabe 1                                                   max. 4',
      '  1.1 Notverordnungsrecht des Reichspräsidenten                      2',
      '  1.2 Einsatz der Reichswehr, Aufhebung von Grundrechten             2',
      '',
      'Teilaufgabe 2                                                   max. 6',
      '  2.1 Präsidialkabinette ab 1930 ohne parlamentarische Mehrheit      3',
      '  2.2 Aushöhlung der Gewaltenteilung                                 3',
      '',
      '                                                       Summe        10',
    ].join('\n');
    expect(pointsOf(key)).toEqual([
      ['1', '1', 2],
      ['1', '2', 2],
      ['2', '1', 3],
      ['2', '2', 3],
    ]);
  });
});

describe('a column of item points under a task, closed by their sum', () => {
  it('keeps the items’ points, drops the sum that only adds them up, and leaves material and tables alone', () => {
    const key = [
      'M1  Messwerte',
      '    Zeit (min)    0    5   10',
      '    Temp. (°C)   20   35   50',
      '',
      '1.  Beschreiben Sie den Verlauf in M1.',
      '    • Temperatur steigt gleichmäßig                                (1 BE)',
      '    • 3 °C pro Minute                                              (1 BE)',
      '                                                                   = 2 BE',
      '2.  Ordnen Sie zu: Leiter oder Isolator?',
      '    Kupfer – Leiter | Glas – Isolator | Eisen – Leiter',
      '                                                            je 1 BE = 3 BE',
      '',
      '                                                            Summe: 5 BE',
    ].join('\n');
    const lines = withRightColumnAsMarks(key).split('\n');
    expect(lines.slice(0, 4)).toEqual(key.split('\n').slice(0, 4));
    expect(lines[5]).toBe('    • Temperatur steigt gleichmäßig (1 P)');
    expect(lines[7]).toBe('');
    expect(lines[8]).toBe('2.  Ordnen Sie zu: Leiter oder Isolator? (3 P)');
    expect(pointsOf(key).map(([, , p]) => p)).toEqual([null, 3]);
    expect(keyReadingTotal(keyForReading(key))).toMatchObject({ total: 5, shared: false });
  });
});

describe("an item's own marks and its entry in the column", () => {
  it('takes the entry that sums up the marks of its item as no further points, and a subtotal line as none', () => {
    const key = [
      '1  Brechung',
      '1.1  Luft → Glas: zum Lot hin (1 P.); Glas → Luft: vom Lot weg (1 P.)        2 P.',
      '1.2  Totalreflexion: Winkel größer als der Grenzwinkel                      1 P.',
      '                                               Zwischensumme Aufg. 1:  3 P.',
      '',
      '                                                         Gesamt:      3 P.',
    ].join('\n');
    const lines = withRightColumnAsMarks(key).split('\n');
    expect(lines[1]).toBe('1.1  Luft → Glas: zum Lot hin (1 P.); Glas → Luft: vom Lot weg (1 P.)');
    expect(lines[2]).toBe('1.2  Totalreflexion: Winkel größer als der Grenzwinkel (1 P)');
    expect(lines[3]).toBe(key.split('\n')[3]);
  });
});
