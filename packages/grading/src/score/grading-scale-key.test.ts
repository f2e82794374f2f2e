import { gradeFromPoints, gradingScales, type GradingScale } from '@korrigo/domain';
import { describe, expect, it } from 'vitest';
import { chooseGradingScale, parseGradingScaleFromKey, withoutGradingScale } from './grading-scale-key';

const rowsOf = (scale: GradingScale | null) =>
  scale?.rows.map((r) => `${r.grade}@${Math.round(r.minPercent * 100) / 100}`) ?? null;

describe('parseGradingScaleFromKey', () => {
  it('reads a one-line Notenschlüssel in points and converts by the table top', () => {
    const key = [
      'Aufgabe 1 (20 P): ...',
      'Aufgabe 2 (30 P): ...',
      '',
      'Notenschlüssel: 1: 46–50 P, 2: 38–45 P, 3: 31–37 P, 4: 23–30 P, 5: 12–22 P, 6: 0–11 P',
    ].join('\n');
    const scale = parseGradingScaleFromKey(key);
    expect(rowsOf(scale)).toEqual(['1@92', '2@76', '3@62', '4@46', '5@24', '6@0']);
    expect(scale?.id).toBe('key');
    expect(gradeFromPoints(45.5, 50, scale!)?.grade).toBe('2');
    expect(gradeFromPoints(46, 50, scale!)?.grade).toBe('1');
    expect(gradeFromPoints(11.5, 50, scale!)?.grade).toBe('6');
  });

  it('reads a table with a header row, in percent, and adds the 6 below the last row', () => {
    const key = [
      'Erwartungshorizont Klasse 8',
      '',
      '| Note | Prozent |',
      '|------|---------|',
      '| Note 1 | ab 92 % |',
      '| Note 2 | ab 80 % |',
      '| Note 3 | ab 65 % |',
      '| Note 4 | ab 50 % |',
      '| Note 5 | ab 25 % |',
    ].join('\n');
    expect(rowsOf(parseGradingScaleFromKey(key))).toEqual(['1@92', '2@80', '3@65', '4@50', '5@25', '6@0']);
    // the same without the markdown pipes at the ends
    const plain = ['Note 1 | ab 92 %', 'Note 2 | ab 80 %', 'Note 3 | ab 65 %', 'Note 4 | ab 50 %'].join('\n');
    expect(rowsOf(parseGradingScaleFromKey(plain))).toEqual(['1@92', '2@80', '3@65', '4@50', '6@0']);
  });

  it('reads grade words with the grade in brackets, with the key total from the table', () => {
    const key = [
      'Bewertung:',
      'sehr gut (1): 28–30 Punkte',
      'gut (2): 24–27 Punkte',
      'befriedigend (3): 19–23 Punkte',
      'ausreichend (4): 15–18 Punkte',
      'mangelhaft (5): 8–14 Punkte',
      'ungenügend (6): 0–7 Punkte',
    ].join('\n');
    const scale = parseGradingScaleFromKey(key)!;
    expect(rowsOf(scale)).toEqual(['1@93.33', '2@80', '3@63.33', '4@50', '5@26.67', '6@0']);
    expect(gradeFromPoints(28, 30, scale)?.grade).toBe('1');
    expect(gradeFromPoints(27.5, 30, scale)?.grade).toBe('2');
  });

  it('reads "1 = 100–92 %" under a heading, + and − included, and ranges written from the top', () => {
    const key = [
      'Notenschlüssel',
      '1 = 100–92 %',
      '2 = 91–81 %',
      '3 = 80–67 %',
      '4 = 66–50 %',
      '5 = 49–30 %',
      '6 = 29–0 %',
    ].join('\n');
    expect(rowsOf(parseGradingScaleFromKey(key))).toEqual(['1@92', '2@81', '3@67', '4@50', '5@30', '6@0']);
    const plusMinus =
      'Notengrenzen: 1+: ab 97 %; 1: ab 92 %; 2: ab 80 %; 3−: ab 60 %; 4: ab 45 %; 6: unter 20 %';
    expect(rowsOf(parseGradingScaleFromKey(plusMinus))).toEqual([
      '1+@97',
      '1@92',
      '2@80',
      '3-@60',
      '4@45',
      '6@0',
    ]);
  });

  it('reads a table laid on its side: a line of grades and a line of ranges, in either order', () => {
    const tabs =
      'Aufgabe 1 (30 P)\n…\n\nNotenschlüssel\nNote\t1\t2\t3\t4\t5\t6\nPunkte\t30-28\t27-23\t22-18\t17-13\t12-6\t5-0';
    expect(rowsOf(parseGradingScaleFromKey(tabs, 30))).toEqual([
      '1@93.33',
      '2@76.67',
      '3@60',
      '4@43.33',
      '5@20',
      '6@0',
    ]);
    // the table and its heading are no task content
    expect(withoutGradingScale(tabs).trimEnd()).toBe('Aufgabe 1 (30 P)\n…');
    const bars =
      '| Prozent | ab 92 | ab 81 | ab 67 | ab 50 | ab 30 | darunter |\n| Note | 1 | 2 | 3 | 4 | 5 | 6 |';
    expect(rowsOf(parseGradingScaleFromKey(bars, 30))).toEqual([
      '1@92',
      '2@81',
      '3@67',
      '4@50',
      '5@30',
      '6@0',
    ]);
  });

  it('reads ranges before the grade and "bis" ranges', () => {
    const key = [
      'Punkteschlüssel (24 BE):',
      '22 bis 24 BE – Note 1',
      '18 bis 21 BE – Note 2',
      '14 bis 17 BE – Note 3',
      '10 bis 13 BE – Note 4',
      '5 bis 9 BE – Note 5',
      '0 bis 4 BE – Note 6',
    ].join('\n');
    expect(rowsOf(parseGradingScaleFromKey(key))).toEqual([
      '1@91.67',
      '2@75',
      '3@58.33',
      '4@41.67',
      '5@20.83',
      '6@0',
    ]);
  });

  it('reads a table with a name column and an inline list written points first', () => {
    const table = [
      '| Note | Bezeichnung | Punkte |',
      '|---|---|---|',
      '| 1 | sehr gut | 38–40 |',
      '| 2 | gut | 32–37 |',
      '| 3 | befriedigend | 26–31 |',
      '| 4 | ausreichend | 20–25 |',
      '| 5 | mangelhaft | 10–19 |',
      '| 6 | ungenügend | 0–9 |',
    ].join('\n');
    expect(rowsOf(parseGradingScaleFromKey(table))).toEqual(['1@95', '2@80', '3@65', '4@50', '5@25', '6@0']);
    const inline = 'Bewertungsschlüssel (20 P): 18 P = 1, 15 P = 2, 12 P = 3, 9 P = 4, 5 P = 5';
    expect(rowsOf(parseGradingScaleFromKey(inline, 20))).toEqual([
      '1@90',
      '2@75',
      '3@60',
      '4@45',
      '5@25',
      '6@0',
    ]);
  });

  it('reads a heading after other text on its line, words after the points, and "darunter"', () => {
    const vp =
      'Gesamt 12 VP. Notenschlüssel: 12–11 VP sehr gut, 10 gut, 9–8 befriedigend, 7–6 ausreichend, 5–3 mangelhaft, 2–0 ungenügend';
    expect(rowsOf(parseGradingScaleFromKey(vp))).toEqual([
      '1@91.67',
      '2@83.33',
      '3@66.67',
      '4@50',
      '5@25',
      '6@0',
    ]);
    // the total before the heading stays in the key
    expect(withoutGradingScale(`Aufgabe 1 (12 VP)\n${vp}`)).toBe('Aufgabe 1 (12 VP)\nGesamt 12 VP.');
    const percent =
      'Notenschlüssel: ab 95 % = 1, ab 80 % = 2, ab 65 % = 3, ab 50 % = 4, ab 25 % = 5, darunter 6';
    expect(rowsOf(parseGradingScaleFromKey(percent))).toEqual([
      '1@95',
      '2@80',
      '3@65',
      '4@50',
      '5@25',
      '6@0',
    ]);
    const lower =
      'Notenschlüssel: 1: ab 17 VP, 2: ab 14 VP, 3: ab 11 VP, 4: ab 8 VP, 5: ab 4 VP, 6: darunter';
    expect(rowsOf(parseGradingScaleFromKey(lower, 20))).toEqual([
      '1@85',
      '2@70',
      '3@55',
      '4@40',
      '5@20',
      '6@0',
    ]);
  });

  it('reads a list separated by bars, and one under the general heading "Bewertung:"', () => {
    const bars = 'Notenschlüssel: 10–9 P: 1 | 8 P: 2 | 7–6 P: 3 | 5 P: 4 | 4–2 P: 5 | 1–0 P: 6';
    expect(rowsOf(parseGradingScaleFromKey(bars))).toEqual(['1@90', '2@80', '3@60', '4@50', '5@20', '6@0']);
    const general = 'Summe: 15 BE\nBewertung: 1 ab 85 %, 2 ab 70 %, 3 ab 55 %, 4 ab 40 %, 5 ab 20 %';
    expect(rowsOf(parseGradingScaleFromKey(general))).toEqual([
      '1@85',
      '2@70',
      '3@55',
      '4@40',
      '5@20',
      '6@0',
    ]);
    expect(withoutGradingScale(general)).toBe('Summe: 15 BE\n');
    // "Bewertung:" before criteria is no table
    expect(parseGradingScaleFromKey('Bewertung: Inhalt 60 %, Sprache 40 %')).toBeNull();
  });

  it('uses the key total for points given only as lower limits', () => {
    const key = 'Notenschlüssel: 1 ab 37 P; 2 ab 31 P; 3 ab 25 P; 4 ab 19 P; 5 ab 10 P';
    expect(parseGradingScaleFromKey(key)).toBeNull();
    expect(rowsOf(parseGradingScaleFromKey(key, 40))).toEqual([
      '1@92.5',
      '2@77.5',
      '3@62.5',
      '4@47.5',
      '5@25',
      '6@0',
    ]);
  });

  it('finds none in a key without one, and none in task lines that look a little like rows', () => {
    const key = [
      'Aufgabe 1 (2 P): Nenne zwei Aufgaben der Leber.',
      'Die Leber entgiftet das Blut (1 P) und bildet Galle (1 P).',
      '1) 5 P',
      '2) 4 P',
      '3) 3 P',
      '1: 5 P',
      '2: 4 P',
      '3: 2 P',
      'Aufgabe 2: 3 · 4 = 12 (2 P)',
    ].join('\n');
    expect(parseGradingScaleFromKey(key)).toBeNull();
    expect(withoutGradingScale(key)).toBe(key);
  });

  it('rejects a table whose grades do not get worse as the limits fall', () => {
    const key = 'Notenschlüssel: 1: 0–20 P, 2: 21–30 P, 3: 31–40 P';
    expect(parseGradingScaleFromKey(key)).toBeNull();
  });
});

describe('withoutGradingScale', () => {
  it('blanks the Notenschlüssel lines and keeps the rest line for line', () => {
    const key = [
      'Aufgabe 1 (4 P)',
      'Photosynthese (2 P), Chlorophyll (2 P)',
      '',
      'Notenschlüssel:',
      '1: 4 P',
      '2: 3 P',
      '3: 2 P',
      '4: 1 P',
      '',
      'Viel Erfolg!',
    ].join('\n');
    const stripped = withoutGradingScale(key).split('\n');
    expect(stripped).toHaveLength(10);
    expect(stripped.slice(0, 2)).toEqual(['Aufgabe 1 (4 P)', 'Photosynthese (2 P), Chlorophyll (2 P)']);
    expect(stripped.slice(3, 8).every((l) => l === '')).toBe(true);
    expect(stripped[9]).toBe('Viel Erfolg!');
  });
});

describe('chooseGradingScale', () => {
  const keyWithScale = { kind: 'text' as const, text: 'Notenschlüssel: 1: ab 90 %, 2: ab 70 %, 4: ab 40 %' };
  const test = (gradingScale?: 'ihk' | 'oberstufe') => ({
    kind: 'test' as const,
    test: {
      id: 't',
      title: 'T',
      subject: 'Mathematik',
      grade: '7. Klasse',
      testType: 'Offene Fragen',
      duration: 45,
      topic: '',
      learningObjectives: '',
      lastSaved: '2025-01-01T00:00:00.000Z',
      userId: 'u',
      questions: [],
      resources: [],
      ...(gradingScale ? { gradingScale } : {}),
    },
  });

  it('prefers the key table, then the analysis choice, then the saved test, then the default', () => {
    expect(chooseGradingScale(keyWithScale, 'oberstufe', 10).id).toBe('key');
    expect(chooseGradingScale({ kind: 'text', text: 'Aufgabe 1 (2 P)' }, 'oberstufe', 2).id).toBe(
      'oberstufe',
    );
    expect(chooseGradingScale(test('ihk'), 'oberstufe', 10).id).toBe('oberstufe');
    expect(chooseGradingScale(test('ihk'), undefined, 10)).toBe(gradingScales.ihk);
    expect(chooseGradingScale(test(), undefined, 10).id).toBe('standard');
    expect(chooseGradingScale(undefined, undefined, null).id).toBe('standard');
  });
});

describe('parseGradingScaleFromKey: a table of Notenpunkte', () => {
  it('reads points per Notenpunkt on one line after its heading, converted by the table top', () => {
    const key = [
      'Aufgabe 1 (20 P): …',
      'Gesamt: 20 P',
      '',
      'Notenpunkte: 15: 20–19 | 14: 18 | 13: 17 | 12: 16 | 11: 15 | 10: 14 | 9: 13 | 8: 12 | 7: 11 | 6: 10 | 5: 9 | 4: 8 | 3: 7 | 2: 6 | 1: 5–4 | 0: 3–0',
    ].join('\n');
    const scale = parseGradingScaleFromKey(key)!;
    expect(scale.rows).toHaveLength(16);
    expect(gradeFromPoints(18.5, 20, scale)?.grade).toBe('14 Punkte (1)');
    expect(gradeFromPoints(9, 20, scale)?.grade).toBe('5 Punkte (4)');
    expect(gradeFromPoints(2, 20, scale)?.grade).toBe('0 Punkte (6)');
    expect(withoutGradingScale(key).split('\n').at(-1)).toBe('');
  });

  it('reads percent per Notenpunkt after a heading line, separated by „·“, down to „unter“', () => {
    const key = [
      'Notenschlüssel (Prozent → Notenpunkte):',
      '15 ab 96 % · 14 ab 91 % · 13 ab 86 % · 12 ab 81 % · 11 ab 76 % · 10 ab 71 % · 9 ab 66 % · 8 ab 61 %',
      '7 ab 56 % · 6 ab 51 % · 5 ab 46 % · 4 ab 41 % · 3 ab 34 % · 2 ab 28 % · 1 ab 21 % · 0 unter 21 %',
    ].join('\n');
    const scale = parseGradingScaleFromKey(key)!;
    expect(gradeFromPoints(9.5, 10, scale)?.grade).toBe('14 Punkte (1)');
    expect(gradeFromPoints(5.6, 10, scale)?.grade).toBe('7 Punkte (3-)');
    expect(gradeFromPoints(2, 10, scale)?.grade).toBe('0 Punkte (6)');
  });
});
