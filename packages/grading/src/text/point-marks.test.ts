import { describe, expect, it } from 'vitest';
import {
  findPointMarks,
  isTotalLine,
  pointsDistribution,
  withBareMarksConfirmed,
  withHalfPointsWritten,
  withoutPointMarks,
  withOwnUnitAsPoints,
} from './point-marks';

const values = (text: string) =>
  findPointMarks(text)
    .filter((m) => !m.weak)
    .map((m) => m.value);

describe('findPointMarks', () => {
  it.each([
    ['Aufgabe 1 (4 P)', [4]],
    ['a) Löse: 3x + 7 = 22 (2 P.)', [2]],
    ['1 a) Berechne die molare Masse von Wasser. 1 Pkt.', [1]],
    ['Aufgabe 1 – Krisenjahr 1923 (6 Punkte)', [6]],
    ['Aufgabe 2 (0,5 Punkte)', [0.5]],
    ['a) Beschreibe die Transkription. (3 BE)', [3]],
    ["1.1 Bestimme f'(x) und f''(x).  4 VP", [4]],
    ['1. Ein Radfahrer fährt 36 km in 2 h. Berechne.  /4', [4]],
    ['b) Wo? ___ / 2', [2]],
    ['a) Wozu dient die Erststimme? [4]', [4]],
    ['A1 Definieren Sie die elektrische Feldstärke. [2 BE]', [2]],
    ['1) Gib den kategorischen Imperativ wieder. – 3 Pkt.', [3]],
    ['pflichtgemäß: aus Neigung (1,5 Pkt.); aus Pflicht: aus Achtung (1,5 Pkt.)', [1.5, 1.5]],
    ['Die Leber entgiftet das Blut (1 P) und bildet Galle (1 P).', [1, 1]],
  ])('%s -> %j', (line, expected) => {
    expect(values(line)).toEqual(expected);
  });

  it('reads the unit named first, as on a form: "(Punkte: 2)", "[BE: 3]"', () => {
    expect(findPointMarks('Aufgabe 1 (Punkte: 2)').map((m) => [m.value, m.weak])).toEqual([[2, false]]);
    expect(findPointMarks('a) Nenne zwei Beispiele. [BE: 3]').map((m) => [m.value, m.weak])).toEqual([
      [3, false],
    ]);
  });

  it('reads the value and the note of a group', () => {
    const [order] = findPointMarks('Mund – Magen – Dünndarm (3 P; je vertauschtes Paar 1 P Abzug)');
    expect(order).toMatchObject({ value: 3, each: false });
    const [total] = findPointMarks('Fill in the simple past. (5 Punkte, je 1)');
    expect(total).toMatchObject({ value: 5, eachPart: 1, each: false });
    const [each] = findPointMarks('Europa, Asien, Afrika (je 1 Punkt)');
    expect(each).toMatchObject({ value: 1, each: true });
    const [named] = findPointMarks('return m (Initialisierung 1 BE, Schleife 1 BE, Rückgabe 1 BE)');
    expect(named!.named).toEqual([
      { text: 'Initialisierung', value: 1 },
      { text: 'Schleife', value: 1 },
      { text: 'Rückgabe', value: 1 },
    ]);
  });

  it('takes no fraction, index, argument or variable for a mark', () => {
    expect(findPointMarks('1 - 2/7 = 5/7')).toEqual([]);
    expect(findPointMarks('m = liste[0]; f(2) = 4')).toEqual([]);
    expect(findPointMarks('P(X = 2) = 0,29')).toEqual([]);
    expect(findPointMarks('Pflanzen brauchen 2 Punkte Licht')).toEqual([]);
  });

  it('keeps a bare "(2)" after a result apart as a weak mark', () => {
    const marks = findPointMarks('v = 36 km / 2 h = 18 km/h (2)');
    expect(marks.map((m) => [m.value, m.weak])).toEqual([[2, true]]);
  });
});

describe('withoutPointMarks', () => {
  it('removes every notation and leaves the words', () => {
    expect(withoutPointMarks('Ergänze: (4 P)')).toBe('Ergänze:');
    expect(withoutPointMarks('Es fehlt: (2 P.)')).toBe('Es fehlt:');
    expect(withoutPointMarks('Gib den Imperativ wieder. – 3 Pkt.')).toBe('Gib den Imperativ wieder.');
    expect(withoutPointMarks('Die Leber entgiftet das Blut (1 P) und bildet Galle (1 P).')).toBe(
      'Die Leber entgiftet das Blut und bildet Galle.',
    );
  });
});

describe('totals written with what each part is worth, and a label before the points', () => {
  it('reads "(je 1 P, zusammen 4 P)" and "max. 4 P, je Aspekt 1 P" as the total of 4 with 1 each', () => {
    expect(findPointMarks('Nenne vier Flüsse. (je 1 P, zusammen 4 P)')).toMatchObject([
      { value: 4, each: false, eachPart: 1 },
    ]);
    expect(findPointMarks('Nenne vier Merkmale. max. 4 P, je Aspekt 1 P')).toMatchObject([
      { value: 4, each: false, eachPart: 1 },
    ]);
  });

  it('reads "Punkte: 2" at the end of a line', () => {
    expect(findPointMarks('Nenne die Hauptstadt. Punkte: 2')).toMatchObject([{ value: 2, weak: false }]);
  });

  it('reads "Wertung: 4", "Bewertung: 6 Punkte" and points or marks as units', () => {
    expect(values('1. Nenne die vier Belastungsnormative.      Wertung: 4')).toEqual([4]);
    expect(values('Bewertung: 6 Punkte')).toEqual([6]);
    expect(values('Exercice 1 …… 6 points')).toEqual([6]);
    expect(values('Part A  Reading (6 marks)')).toEqual([6]);
    // a word that only starts like a unit is none
    expect(values('Er hat 2 Punktsiege errungen.')).toEqual([]);
  });

  it('knows the total lines "Σ 20" and "Gesamtwertung: 14"', () => {
    expect(isTotalLine('Σ 20')).toBe(true);
    expect(isTotalLine('Gesamtwertung: 14')).toBe(true);
    expect(isTotalLine('Summe ........................ 15 P')).toBe(true);
    expect(isTotalLine('Σ x = 12')).toBe(false);
  });
});

describe('withBareMarksConfirmed', () => {
  const key = [
    'Aufgabe 1: Nenne die Ausgangsstoffe der Fotosynthese.',
    'Kohlenstoffdioxid (1) und Wasser (1)',
    'Aufgabe 2: Wo findet sie statt?',
    'in den Chloroplasten /1',
    'Chlorophyll nimmt die Lichtenergie auf (1).',
    'Gesamtpunktzahl: 4 P',
  ].join('\n');

  it('writes bare marks as points where they add up to the key’s own total', () => {
    const read = withBareMarksConfirmed(key);
    expect(read).toContain('Kohlenstoffdioxid (1 P) und Wasser (1 P)');
    expect(read).toContain('Lichtenergie auf (1 P).');
    expect(read).toContain('in den Chloroplasten /1');
  });

  it('leaves a key alone whose marks do not add up, or that writes points with a unit', () => {
    expect(withBareMarksConfirmed(key.replace('4 P', '5 P'))).toBe(key.replace('4 P', '5 P'));
    const withUnit = key.replace('/1', '(1 P)');
    expect(withBareMarksConfirmed(withUnit)).toBe(withUnit);
    expect(withBareMarksConfirmed(key.replace(/\nGesamt.*$/, ''))).toBe(key.replace(/\nGesamt.*$/, ''));
  });
});

describe('findPointMarks: a bare number before the colon of its explanation', () => {
  it('reads "false (1): he dropped out (1)" as two weak marks, and "f(1):" as none', () => {
    expect(
      findPointMarks('c) … – false (1): he dropped out of Harvard (1)').map((m) => [m.value, m.weak]),
    ).toEqual([
      [1, true],
      [1, true],
    ]);
    expect(findPointMarks('f(1): der Funktionswert')).toEqual([]);
  });
});

describe('findPointMarks: score fields, notes after a mark, dotted leaders and English and French units', () => {
  it('reads a score field at the end of a line, with its label and note, as one mark', () => {
    expect(findPointMarks('Nenne drei Nadelbäume.          Wertung: 3')).toMatchObject([
      { value: 3, field: true },
    ]);
    const [field] = findPointMarks('Bewertung: 5 Punkte (je Merkmal 1; Fachbegriffe erwartet)');
    expect(field).toMatchObject({ value: 5, field: true, start: 0 });
    expect(withoutPointMarks('Bewertung: 5 Punkte (je Merkmal 1; Fachbegriffe erwartet)')).toBe('');
  });

  it('reads "4 P (je Begriff 1)" as 4, and a "je" note after a total as what each part is worth', () => {
    expect(values('Erkläre die Begriffe Wetter und Klima.     4 P (je Begriff 1)')).toEqual([4]);
    expect(
      findPointMarks('Gib Breite und Länge an. – 3 Pkt. (je 1 Pkt. für Gradzahl und Richtung)'),
    ).toMatchObject([{ value: 3, eachPart: 1, each: false }]);
  });

  it('reads "points" and "marks" after a dotted leader or in brackets', () => {
    expect(values('Exercise 2 – Describe your town. ............ 5 points')).toEqual([5]);
    expect(withoutPointMarks('Exercise 2 – Describe your town. ............ 5 points')).toBe(
      'Exercise 2 – Describe your town.',
    );
    expect(values('Section B  Translation (8 marks; 2 per sentence)')).toEqual([8]);
  });

  it('reads "Σ 24", "Gesamtwertung: 30" and "Total …… 20 points" as total lines', () => {
    expect(
      ['Σ 24', 'Gesamtwertung: 30', 'Total ................ 20 points', 'Total: 30 marks'].map(isTotalLine),
    ).toEqual([true, true, true, true]);
    expect(isTotalLine('Σ der Winkel ist 180°')).toBe(false);
  });
});

describe('point notations of keys written elsewhere', () => {
  it.each([
    ['3. Nenne drei Merkmale.   [Pkte.: 4]', [4]],
    ['2. Allgemeine Summenformel der Alkane: CnH2n+2 (1 VE)', [1]],
    ['Ex. 3  Write four sentences.  4 pts', [4]],
    ['   Punktwert: 5', [5]],
    ['  je Prinzip erklärt 1, je passendes Beispiel 1 – erreichbar: 6', [6]],
    ['1  Wiedergabe und Erläuterung (AFB I/II)        Punkte: 9 von 30', [9]],
    ['   Score: ___ / 6   (1 per item, correct form incl. spelling)', [6]],
  ])('reads %s', (line, expected) => {
    expect(values(line)).toEqual(expected);
  });

  it('reads a total whose criteria follow a colon as named parts', () => {
    const [mark] = findPointMarks('D  Comment (about 80 words) (8 marks: content/arguments 4, language 4)');
    expect(mark?.value).toBe(8);
    expect(mark?.named).toEqual([
      { text: 'content/arguments', value: 4 },
      { text: 'language', value: 4 },
    ]);
    // parts that do not add up to the total are no criteria list
    expect(findPointMarks('(8 marks: content 3, language 4)')[0]?.named).toBeUndefined();
  });

  it.each([
    'Punkte gesamt: 18',
    'Gesamtpunktwert: 20',
    'Total: 16 pts',
    'Total score: ___ / 18',
    'Gesamt [Pkte.: 15]',
    'erreichbar insgesamt: 15',
    'Summe: 15 VE',
    'Punkte: A1 4 | A2 4 | A3 6 | A4 5 | A5 2 | gesamt 21',
  ])('knows the total line %s', (line) => {
    expect(isTotalLine(line)).toBe(true);
  });

  it('reads a line that gives the tasks their points in one place', () => {
    expect(pointsDistribution('Puntuación: A 6 / B 6 / C 8 – total 20')).toEqual({
      points: new Map([
        ['A', 6],
        ['B', 6],
        ['C', 8],
      ]),
      total: 20,
    });
    expect(pointsDistribution('Punkte: A1 4 | A2 4 | gesamt 8')?.points.get('A2')).toBe(4);
    // a sentence with numbers is none
    expect(pointsDistribution('Im Jahr 1871, am 18. Januar, wurde das Reich gegründet.')).toBeNull();
    expect(pointsDistribution('Lösung: 1 B, 2 C, 3 A')).toBeNull();
  });
});

describe('point notations of further keys', () => {
  it('reads a count times the points, a blank „__ von 4“, „max. 3“ set off by spaces and notes after a semicolon', () => {
    expect(findPointMarks('I. Completa. (6 x 1 pto.)')).toMatchObject([{ value: 6, eachPart: 1 }]);
    expect(findPointMarks('Rewrite the sentences. (3 × 2 P)')).toMatchObject([{ value: 6, eachPart: 2 }]);
    expect(values('2  Beschreibe den Aufbau.        Punkte: __ von 5')).toEqual([5]);
    expect(values('3. Nenne die Grundfarben.   max. 3')).toEqual([3]);
    // in a sentence "max. 3" is no mark
    expect(values('Die Gruppe hat max. 3 Mitglieder.')).toEqual([]);
    expect(findPointMarks('Reihenfolge: A – B – C (3; 1 Fehler = 2, 2 Fehler = 1)')).toMatchObject([
      { value: 3, weak: true, each: false },
    ]);
    expect(findPointMarks('a) falsch b) richtig (je 1; bei falsch nur mit Verbesserung)')).toMatchObject([
      { value: 1, weak: true, each: true },
    ]);
    expect(findPointMarks('König (1) – galt als Gott (1)').map((m) => m.value)).toEqual([1, 1]);
    expect(findPointMarks('(1 point par forme ; accord et accents comptent)')).toMatchObject([
      { value: 1, each: true },
    ]);
    // the field, the slash and the unit are one mark
    expect(withoutPointMarks('A. Mets les verbes au passé composé.     barème : / 8 points')).toBe(
      'A. Mets les verbes au passé composé.',
    );
    expect(values('A. Mets les verbes au passé composé.     barème : / 8 points')).toEqual([8]);
    // a note that gives partial credit is no mark of its own
    expect(
      values('Ordne: 950 g < 1 kg 50 g < 1,2 kg        2 P. (1 P. bei einem Vertauschungsfehler)'),
    ).toEqual([2]);
  });

  it('reads totals „max. 15“, „__ von 20“ and a summary line that ends in its total', () => {
    expect(isTotalLine('Gesamtpunktzahl max. 15')).toBe(true);
    expect(isTotalLine('Gesamtpunktzahl: __ von 20')).toBe(true);
    expect(pointsDistribution('Punkteverteilung: I 4 – II 5 – III 11 = 20 P.')).toEqual({
      points: new Map([
        ['I', 4],
        ['II', 5],
        ['III', 11],
      ]),
      total: 20,
    });
  });

  it('takes a closing „= 15 Punkte“ as the total that confirms bare marks, counting „je“ once per part', () => {
    const key =
      '1. Rhein (1)\n2. Quelle in den Alpen (1); Mündung in die Nordsee (1)\n3. a) richtig b) falsch c) richtig (je 1)\n\n= 6 Punkte';
    expect(withBareMarksConfirmed(key)).toBe(
      '1. Rhein (1 P)\n2. Quelle in den Alpen (1 P); Mündung in die Nordsee (1 P)\n3. a) richtig b) falsch c) richtig (je 1 P)\n\nGesamt: 6 P',
    );
    // a sum under a task's parts, with more of the key after it, is no total
    expect(withBareMarksConfirmed('1. a) x (1)\nb) y (1)\n= 2 P\n2. z (1)')).toBe(
      '1. a) x (1)\nb) y (1)\n= 2 P\n2. z (1)',
    );
  });
});

describe("a right-hand column of bare numbers and the rules in a mark's note", () => {
  it("reads the column as points where it adds up to the key's total", () => {
    const key =
      'A1  Einleitung mit Streitfrage                          3\nA2  zwei Argumente (je Argument 3)                   6\n                                              insgesamt 9';
    expect(withBareMarksConfirmed(key)).toBe(
      'A1  Einleitung mit Streitfrage (3 P)\nA2  zwei Argumente (je Argument 3) (6 P)\n                                              insgesamt 9',
    );
    // a column that does not add up stays as written
    const other = 'A1  Einleitung                3\nA2  Hauptteil               5\nGesamt: 9 P';
    expect(withBareMarksConfirmed(other)).toBe(other);
  });

  it("keeps a note without points from the mark's brackets", () => {
    expect(withoutPointMarks('A  Fill in. (je 1 P. – Rechtschreibung zählt)')).toBe(
      'A Fill in. (Rechtschreibung zählt)',
    );
    expect(withoutPointMarks('Übersetze. (11 P.; je Fehler 1 P. Abzug)')).toBe('Übersetze.');
  });
});

describe('a bare mark with its note after a comma, and a row of letters and numbers that is no points line', () => {
  it('reads „(1, Differenz bilden, Folgefehler werden gewertet)“ as a bare 1', () => {
    const marks = findPointMarks(
      'A = 50,27 − 7,07 = 43,20 cm² (1, Differenz bilden, Folgefehler werden gewertet);',
    );
    expect(marks.map((m) => [m.value, m.weak])).toEqual([[1, true]]);
  });

  it('reads „A 2, B 1, C 3“ alone as no points line, with a caption or a total as one', () => {
    expect(pointsDistribution('A 2, B 1, C 3')).toBeNull();
    expect(isTotalLine('A 2, B 1, C 3')).toBe(false);
    expect(pointsDistribution('Punkte: A 2, B 1, C 3')?.points.get('B')).toBe(1);
    expect(pointsDistribution('A 2 | B 1 | C 3 | gesamt 6')?.total).toBe(6);
  });
});

describe('a checklist with dotted leaders', () => {
  it('reads the bare number after „........“ at the line end as the points', () => {
    const text =
      '  ☐ Begriff von G. W. Leibniz (1710) ........................ 1\n  ☐ „Trilemma“: Allmacht und Güte scheinen sich auszuschließen ... 1\n  ☐ Er sagt: „Das war 1710 ...“ und 3';
    expect(findPointMarks(text).map((m) => [m.value, m.weak])).toEqual([
      [1, false],
      [1, false],
    ]);
  });
});

describe("a key's own unit, named by its total line", () => {
  it('writes the marks in the unit the total is counted in as points', () => {
    const key = [
      'I. Bestimme die Formen.                 → 4 WE',
      'II. Übersetze.                          → 8 WE',
      '',
      'Summe: 12 WE',
    ].join('\n');
    const read = withOwnUnitAsPoints(key).split('\n');
    expect(read[0]).toContain('→ 4 P');
    expect(read[3]).toBe('Summe: 12 P');
  });

  it('leaves a key alone whose total is in a known unit or names none', () => {
    const known = 'Aufgabe 1 (4 BE)\nGesamt: 4 BE';
    expect(withOwnUnitAsPoints(known)).toBe(known);
    const none = 'Aufgabe 1: 4 Punkte, die AG trifft sich um 4 UHR\nGesamt: 4';
    expect(withOwnUnitAsPoints(none)).toBe(none);
  });

  it('reads a total written with the sum sign after its word', () => {
    expect(isTotalLine('                                    Gesamt Σ 20')).toBe(true);
    expect(isTotalLine('Summe: Σ = 30 P.')).toBe(true);
  });
});

describe('the points a partial answer earns', () => {
  it('are no marks of their own, in brackets or on their line, but a score field and points first stay', () => {
    expect(values("BB' = 2,5 cm (3 P)\n(nur SB' = 7,5 cm angegeben: 2 BE)")).toEqual([3]);
    expect(values('AB = 18 m (1 BE)\n  wird SB als Flussbreite angegeben: 2 BE')).toEqual([1]);
    expect(values('=B2-C2   (Reihenfolge vertauscht: 1 P)')).toEqual([]);
    expect(values('Ohne Licht keine Fotosynthese. (1 P)')).toEqual([1]);
    expect(values('Ohne Licht keine Fotosynthese: 1 P')).toEqual([1]);
    expect(values('Nur Pflanzen mit Chlorophyll: 2 P')).toEqual([2]);
    expect(values('=WENN(D2>=0;"ok";"Schulden")   (ohne Anführungszeichen: 1 P)')).toEqual([]);
    expect(values('Nur eine Antwort. Punkte: 2')).toEqual([2]);
    expect(
      findPointMarks('Sekundärfarben Orange, Grün, Violett (2; eine fehlt oder falsch: 1)').map(
        (m) => m.value,
      ),
    ).toEqual([2]);
  });
});

describe('a closing „zusammen“ line', () => {
  it('is the key’s total line, and „Zusammenfassung“ is none', () => {
    expect(isTotalLine('zusammen 12 Punkte')).toBe(true);
    expect(isTotalLine('Zusammenfassung des Textes (4 P)')).toBe(false);
  });
});

describe('withHalfPointsWritten (ADR 0041)', () => {
  it('writes half points as the marks are read, and leaves a formula alone', () => {
    expect(
      withHalfPointsWritten('a) Oboe (je ½ P.)  b) Antwort ½ P.  c) (1½ P.)  d) [½]  e) je ½; f) 2 ½ Punkte'),
    ).toBe('a) Oboe (je 0,5 P.)  b) Antwort 0,5 P.  c) (1,5 P.)  d) [0,5]  e) je 0,5; f) 2,5 Punkte');
    expect(withHalfPointsWritten('s = ½ · a · t²; M = ½(A + B); T½ = 5 730 a')).toBe(
      's = ½ · a · t²; M = ½(A + B); T½ = 5 730 a',
    );
    expect(findPointMarks(withHalfPointsWritten('Stockwerk, Keller (je ½ P.)'))[0]).toMatchObject({
      value: 0.5,
      each: true,
    });
  });
});
