import { describe, expect, it } from 'vitest';
import { findPointMarks } from '../text/point-marks';
import { parseAnswerKey } from './answer-key';
import { keyForReading } from './grading-scale-key';
import { keyTableAsLines, perTaskPointsAsMarks } from './key-table';

const units = (key: string) =>
  parseAnswerKey(keyForReading(key)).map((u) => [u.taskNumber, u.subtaskLabel, u.maxPoints]);

describe('a key written as a table', () => {
  it('reads each row as a task with its points, with bars or tabs', () => {
    const bars = 'Nr. | Lösung | Punkte\n---|---|---\n1 | Paris | 2\n2a | Rom | 1\n2b | Tiber | 1';
    expect(keyTableAsLines(bars)).toBe('\n\n1) Paris (2 P)\n2a) Rom (1 P)\n2b) Tiber (1 P)');
    expect(units(bars)).toEqual([
      ['1', '1', 2],
      ['2', 'a', 1],
      ['2', 'b', 1],
    ]);
    expect(units('Aufgabe\tErwartete Antwort\tBE\n1\tParis\t2\n2\tRom\t3')).toEqual([
      ['1', '1', 2],
      ['2', '2', 3],
    ]);
  });

  it('leaves a table without a task or a points column alone', () => {
    const text = 'Begriff | Erklärung\nZelle | kleinste Einheit';
    expect(keyTableAsLines(text)).toBe(text);
  });
});

describe('what every task is worth, said once', () => {
  it('gives each task line without a mark of its own the points, and drops the note', () => {
    const key = '1. Paris\n2. Rom (3 P)\n3. Berlin\n\nJe Aufgabe 2 Punkte, insgesamt 7 Punkte.';
    const hasMark = (line: string) => findPointMarks(line).some((mark) => !mark.weak);
    expect(perTaskPointsAsMarks(key, hasMark)).toBe('1. Paris (2 P)\n2. Rom (3 P)\n3. Berlin (2 P)\n\n');
    expect(units(key)).toEqual([
      ['1', '1', 2],
      ['2', '2', 3],
      ['3', '3', 2],
    ]);
  });
});

describe('a table whose solutions mark their own aspects', () => {
  it('keeps the points column as the task’s points, the question apart, and reads the „Summe“ row', () => {
    const key = [
      '| Nr. | Erwartete Lösung | Punkte |',
      '|-----|------------------|--------|',
      '| 1   | Paris | 1 |',
      '| 2   | Ein Läufer schafft 60 m in 4 s. Berechne die Geschwindigkeit. v = s : t (1 P); v = 15 m/s (2 P) | 3 |',
      '|     | Summe | 4 |',
    ].join('\n');
    expect(keyTableAsLines(key).split('\n').filter(Boolean)).toEqual([
      '1) Paris (1 P)',
      '2) (3 P)',
      'Ein Läufer schafft 60 m in 4 s.',
      'Berechne die Geschwindigkeit.',
      'v = s : t (1 P); v = 15 m/s (2 P)',
      'Summe: 4 P',
    ]);
    expect(units(key)).toEqual([
      ['1', '1', 1],
      ['2', '2', 3],
    ]);
    const [, second] = parseAnswerKey(keyForReading(key));
    expect(second!.question).toBe('Ein Läufer schafft 60 m in 4 s. Berechne die Geschwindigkeit.');
  });
});

describe('a points table laid out across', () => {
  it("reads a row of task labels over a row of points as the tasks' points and the total", () => {
    const key =
      '1 Nenne zwei Laubbäume.\n  Eiche, Buche\n2 Was ist Photosynthese?\n  Aufbau von Zucker mit Licht\n\nPunkte\nAufg.\t1\t2\tSumme\nPunkte\t2\t3\t5';
    expect(units(key)).toEqual([
      ['1', '1', 2],
      ['2', '2', 3],
    ]);
    expect(parseAnswerKey(keyForReading(key))[1]!.expected).not.toContain('Punkte');
    expect(
      units('1. Rom\n2. Tiber\n3. Latein\n\n| Aufgabe | 1 | 2 | 3 | Gesamt |\n| P. | 1 | 1 | 2 | 4 |'),
    ).toEqual([
      ['1', '1', 1],
      ['2', '2', 1],
      ['3', '3', 2],
    ]);
  });
});

describe('a key table with a total row and titled cells', () => {
  it('reads „Summe | | 20“ as the total, and a short title before a colon as the question', () => {
    const key = [
      'Nr. | erwartete Leistung | Pkt.',
      '1 | Trennung eines Sand-Salz-Gemisches: in Wasser lösen (1), filtrieren (1) | 2',
      '2 | Chromatografie: die Farbstoffe wandern unterschiedlich weit (1), weil sie verschieden gut haften (1) | 2',
      'Summe | | 4',
    ].join('\n');
    expect(units(key)).toEqual([
      ['1', '1', 2],
      ['2', '2', 2],
    ]);
    const [first, second] = parseAnswerKey(keyForReading(key));
    expect(first!.question).toBe('Trennung eines Sand-Salz-Gemisches:');
    expect(second!.expected).not.toContain('Summe');
    // a calculation stays whole: its title is no question apart from it
    const sum = parseAnswerKey(
      keyForReading('Nr. | Lösung | Pkt.\n1 | Primfaktoren: 60 = 2 · 2 · 3 · 5 | 2\n2 | 7 | 1'),
    );
    expect(sum[0]!.expected).toContain('Primfaktoren');
  });
});

describe('a key table without a border, its rows going on below', () => {
  it('reads rows without a label as parts of the task above: wrapped text, or a part with its own points', () => {
    const key = [
      'Aufg. | Lösung                                   | BE',
      '------+------------------------------------------+----',
      '1     | Primärschlüssel: kennzeichnet eindeutig   | 1',
      '      | Fremdschlüssel: verweist auf eine Tabelle | 1',
      '2     | SELECT titel FROM Buch                    | 2',
      '      | WHERE jahr > 2010;                        |',
      '------+------------------------------------------+----',
      '      | Summe                                     | 4',
    ].join('\n');
    const [first, second] = parseAnswerKey(keyForReading(key));
    // the parts' points add up to the task's when it is scored
    expect(findPointMarks(first!.expected).map((m) => m.value)).toEqual([1, 1]);
    expect(second!.maxPoints).toBe(2);
    expect(second!.expected).toContain('SELECT titel FROM Buch WHERE jahr > 2010;');
  });
});

describe('a cell wrapped after a semicolon', () => {
  it('keeps the pairs of one cell together, the row below going on with them', () => {
    const key = [
      'Aufg. | Lösung                                    | BE',
      '------+-------------------------------------------+----',
      '1     | Zuordnung: 1 Eisen – B rostet;            | 2',
      '      | 2 Gold – A bleibt blank (je 1)            |',
      '2     | Nenne ein Edelmetall. Gold                | 1',
    ].join('\n');
    const [first] = parseAnswerKey(keyForReading(key));
    expect(first!.expected).toContain('1 Eisen – B rostet; 2 Gold – A bleibt blank');
  });
});

describe('a key table typed with spaces', () => {
  it('reads the rows under the header names, a row going on below its task, without the AFB column', () => {
    const key = [
      'Physik 8 – Lösungen',
      '',
      'Nr.   Erwartete Leistung                                  AFB   BE',
      '1     Ein Körper behält seine Geschwindigkeit bei,         I     2',
      '      solange keine Kraft auf ihn wirkt.',
      '2a    F = m · a = 2 kg · 3 m/s² = 6 N                      II    2',
      '2b    Gewichtskraft | Normalkraft                          II    1',
      '                                                          Σ     5',
    ].join('\n');
    expect(units(key)).toEqual([
      ['1', '1', 2],
      ['2', 'a', 2],
      ['2', 'b', 1],
    ]);
    const [first, , third] = parseAnswerKey(keyForReading(key));
    expect(first!.expected).toContain('solange keine Kraft');
    expect(`${first!.question} ${first!.expected}`).not.toMatch(/–\s*I\b/);
    expect(third!.expected).toContain('Gewichtskraft / Normalkraft');
  });
});

describe('keyTableAsLines: a Bewertungsraster with "max." and "erreicht" columns (ADR 0041)', () => {
  it('reads "max." as the points column and leaves the empty "erreicht" column out', () => {
    const key = [
      '| Nr. | Die Schülerin / der Schüler …                         | max. | erreicht |',
      '|-----|-------------------------------------------------------|------|----------|',
      '| 1   | nennt drei Vorteile der Gewaltenteilung                |  3   |          |',
      '| 2   | erklärt die Rolle des Bundesverfassungsgerichts         |  4   |          |',
      '|     | Gesamtpunktzahl                                        |  7   |          |',
    ].join('\n');
    expect(parseAnswerKey(keyForReading(key)).map((u) => [u.taskNumber, u.maxPoints])).toEqual([
      ['1', 3],
      ['2', 4],
    ]);
  });
});
