import { describe, expect, it } from 'vitest';
import {
  closedQuestionOfKey,
  equalShares,
  parseAnswerKey,
  statedKeyTotal,
  untabulateKey,
} from './answer-key';
import { parseExpectedAnswer } from './expected-answer';
import { keyForReading } from './grading-scale-key';
import { scoreCloze, scoreMultipleChoice } from './closed-questions';

const brief = (key: string) =>
  parseAnswerKey(key).map((u) => ({
    unit: u.isSubtask ? `${u.taskNumber}${u.subtaskLabel}` : u.taskNumber,
    max: u.maxPoints,
    expected: u.expected,
  }));

const aspects = (expected: string, points = 0) =>
  parseExpectedAnswer(expected, points).aspects.map((a) => [a.text, a.points]);

describe('parseAnswerKey', () => {
  it('reads Roman-numbered sections whose items start again as tasks, with a closing „je … P“ line', () => {
    // a Spanish key written as language teachers do: the items of each section numbered from 1 again
    const key = [
      'I. Completa con el verbo ser o estar.        /4',
      '   1. Madrid ... la capital de España.   → es',
      '   2. Nosotros ... cansados.              → estamos',
      '   3. La sopa ... fría.                   → está',
      '   4. Mi padre ... profesor.              → es',
      '   je 1 P.; falsche Form = 0 P.',
      '',
      'II. Traduce.                                  /2',
      '   1. Ich habe Hunger.  → Tengo hambre.',
      '   2. Wir wohnen in Köln.  → Vivimos en Colonia.',
      '   je 1 P.',
      '',
      'Total: /6',
    ].join('\n');
    expect(brief(key)).toEqual([
      { unit: '11', max: 1, expected: 'es' },
      { unit: '12', max: 1, expected: 'estamos' },
      { unit: '13', max: 1, expected: 'está' },
      { unit: '14', max: 1, expected: 'es' },
      { unit: '21', max: 1, expected: 'Tengo hambre.' },
      { unit: '22', max: 1, expected: 'Vivimos en Colonia.' },
    ]);
  });

  it('reads a text with numbered gaps and a line of their solutions as a cloze, alternatives included', () => {
    const [unit] = parseAnswerKey(
      [
        '2. Lückentext: Ergänze die fehlenden Wörter. (je 1 P, zusammen 3 P)',
        '   Die Katze stammt von der (1) ______ ab. Katzen jagen gern (2) ______. Sie sehen auch im (3) ______ gut.',
        '   (1) Falbkatze (Wildkatze)  (2) Mäuse  (3) Dunkeln / Dämmerlicht',
      ].join('\n'),
    );
    const cloze = closedQuestionOfKey(unit!);
    expect(cloze).toMatchObject({
      type: 'cloze',
      correctAnswer: 'Falbkatze/Wildkatze|Mäuse|Dunkeln/Dämmerlicht',
      points: 3,
    });
    // the pupil writes the gaps on one line by their numbers
    expect(scoreCloze(cloze!, '(1) Wildkatze (2) Vögel (3) Dunkeln').achieved).toBe(2);
  });

  it('gives a section’s subtotal to the one task under it that has no points of its own', () => {
    const key = [
      'Part A: Comprehension (6 BE)',
      ' 1. Point out what the author says about school uniforms.        4 BE',
      '    - they create a sense of belonging (2)',
      '    - they hide social differences (2)',
      ' 2. Explain the phrase "dress for success".                      2 BE',
      '    clothes influence how others see you (2)',
      'Part B: Comment (8 BE)',
      ' 3. "Uniforms should be compulsory." Discuss.',
      '    arguments for (3), arguments against (3), reasoned conclusion (2)',
    ].join('\n');
    expect(parseAnswerKey(key).map((u) => [u.taskNumber, u.maxPoints])).toEqual([
      ['1', 4],
      ['2', 2],
      ['3', 8],
    ]);
  });

  it('keeps sections over tasks numbered through as titles only, and reaction arrows in the solution', () => {
    const key = [
      'Teil A – Stoffe',
      'Aufgabe 1 (2 P): Stelle die Wortgleichung auf: Magnesium + Sauerstoff → Magnesiumoxid',
      'Teil B – Rechnen',
      'Aufgabe 2 (2 P): Berechne 7 · 8.',
      '7 · 8 = 56 (2 P)',
    ].join('\n');
    expect(brief(key).map((u) => u.unit)).toEqual(['1', '2']);
    expect(parseAnswerKey(key)[0]!.expected).toContain('Magnesiumoxid');
    expect(parseAnswerKey(key)[0]!.expected).toContain('Magnesium + Sauerstoff');
  });

  it('reads the issue’s simplest key: the question apart from the solution, two marks on one line', () => {
    const [unit] = parseAnswerKey(
      'Aufgabe 1 (2 P): Nenne zwei Aufgaben der Leber.\nDie Leber entgiftet das Blut (1 P) und bildet Galle (1 P).',
    );
    expect(unit).toMatchObject({
      taskNumber: '1',
      question: 'Nenne zwei Aufgaben der Leber.',
      expected: 'Die Leber entgiftet das Blut (1 P) und bildet Galle (1 P).',
      maxPoints: 2,
    });
    expect(aspects(unit!.expected)).toEqual([
      ['Die Leber entgiftet das Blut', 1],
      ['bildet Galle', 1],
    ]);
  });

  it('splits a line with the question and its answer at the question mark', () => {
    const [unit] = parseAnswerKey('2) Was geschah am 14. Juli 1789? – Sturm auf die Bastille (2 P)');
    expect(unit).toMatchObject({
      question: 'Was geschah am 14. Juli 1789?',
      expected: 'Sturm auf die Bastille (2 P)',
      maxPoints: 2,
    });
  });

  it('reads a heading with a dash and a topic, and the question on the line below it', () => {
    const [unit] = parseAnswerKey(
      'Aufgabe 2 – Fotosynthese (4 P)\nGib die Wortgleichung an und erkläre, wo sie stattfindet.\nKohlenstoffdioxid + Wasser → Traubenzucker + Sauerstoff (2 P)\nin den Chloroplasten (1 P), mit Hilfe von Chlorophyll (1 P)',
    );
    expect(unit!.taskTitle).toBe('Aufgabe 2 – Fotosynthese');
    expect(unit!.maxPoints).toBe(4);
    expect(unit!.question).toContain('Gib die Wortgleichung an');
    expect(aspects(unit!.expected).map(([, p]) => p)).toEqual([2, 1, 1]);
  });

  it('reads a task number alone on its line, subtasks, and the solution on the line below its subtask', () => {
    const key = `Aufgabe 1
a) Löse: 3x + 7 = 22 (2 P.)
x = 5
b) Löse: 5(x - 2) = 2x + 8 (3 P.)
5x - 10 = 2x + 8; 3x = 18; x = 6

2
Wie viele Zahlen kann man mit 8 Bit darstellen? Begründe. (2 P.)
2^8 = 256 (1 P.), jedes Bit hat zwei Zustände (1 P.)`;
    expect(brief(key)).toEqual([
      { unit: '1a', max: 2, expected: 'x = 5' },
      { unit: '1b', max: 3, expected: '5x - 10 = 2x + 8; 3x = 18; x = 6' },
      { unit: '2', max: 2, expected: '2^8 = 256 (1 P.), jedes Bit hat zwei Zustände (1 P.)' },
    ]);
  });

  it('reads point marks on bullet lines and skips the total and the Notenschlüssel', () => {
    const key = `1. Erläutern Sie das Ruhepotential. (6 VP)
   - ungleiche Ionenverteilung (2 VP)
   - Membran v. a. für K+ durchlässig (2 VP)
   • Ladungstrennung, innen negativ (1 VP)
   * Natrium-Kalium-Pumpe (1 VP)

Gesamt: 6 VP
Notenschlüssel: 6–5 VP sehr gut, 4 gut, 3 befriedigend
1: 46–50 P`;
    const units = parseAnswerKey(key);
    expect(units).toHaveLength(1);
    expect(units[0]!.maxPoints).toBe(6);
    expect(units[0]!.expected).not.toMatch(/Gesamt|Notenschlüssel|46–50/);
    expect(aspects(units[0]!.expected).map(([, p]) => p)).toEqual([2, 2, 1, 1]);
  });

  it('reads every point notation on the headers', () => {
    const key = `Aufgabe 1 (2 P)\nA\nAufgabe 2 (2 P.)\nB\nAufgabe 3 – 2 Pkt.\nC\nAufgabe 4 (2 Punkte)\nD
Aufgabe 5 (2 BE)\nE\nAufgabe 6  2 VP\nF\nAufgabe 7   /2\nG\nAufgabe 8 [2]\nH`;
    expect(parseAnswerKey(key).map((u) => u.maxPoints)).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('gives each subtask the points of "(5 Punkte, je 1)" and "(je 1 Punkt)"', () => {
    const key = `1\nFill in the simple past. (5 Punkte, je 1)\na) Yesterday we (go) to the zoo.\nwent\nb) She (buy) a bike.\nbought
2\nKreuze an. (je 1 Punkt)\na) Das heilige Buch des Islam: (A) Tora (B) Koran – Lösung: B`;
    expect(brief(key)).toEqual([
      { unit: '1a', max: 1, expected: 'went' },
      { unit: '1b', max: 1, expected: 'bought' },
      { unit: '2a', max: 1, expected: '(B) Koran' },
    ]);
  });

  it('reads Abitur labels, n.m labels and "Teilaufgabe n" headings as units', () => {
    const abitur =
      'Teil A – Grundlagen\nA1 Definieren Sie E. [2 BE]\nE = F / q\nA2 Beschreiben Sie. [2 BE]\nparallel\nTeil B\nB1 Berechnen Sie E. [3 BE]\nE = 20 000 V/m';
    expect(brief(abitur).map((u) => [u.unit, u.max, u.expected])).toEqual([
      ['A1', 2, 'E = F / q'],
      ['A2', 2, 'parallel'],
      ['B1', 3, 'E = 20 000 V/m'],
    ]);
    const decimal = "1.1 Bestimme f'(x).  4 VP\nf'(x) = 3x² (4 VP)\n1.2 Bestimme f''(x).  2 VP\nf''(x) = 6x";
    expect(brief(decimal).map((u) => [u.unit, u.max])).toEqual([
      ['11', 4],
      ['12', 2],
    ]);
    const teil =
      'Teilaufgabe 1 – Formale Analyse (6 P.)\nAnalysiere das Metrum.\ndreihebiger Jambus (6 P.)\nTeilaufgabe 2 – Epoche (3 P.)\nOrdne zu.\nRomantik';
    expect(brief(teil).map((u) => [u.unit, u.max])).toEqual([
      ['1', 6],
      ['2', 3],
    ]);
  });

  it('reads a key without any label as one task, its instruction apart, its points from the instruction', () => {
    const key = `Klassenarbeit Deutsch 7 – Inhaltsangabe

Schreibe eine Inhaltsangabe der Kurzgeschichte. (12 P)

Inhalt:
- Einleitungssatz mit Autor, Titel, Textsorte und Thema (6 P)
Darstellung:
- Präsens, sachlicher Stil (6 P)`;
    const units = parseAnswerKey(key);
    expect(units).toHaveLength(1);
    expect(units[0]!.maxPoints).toBe(12);
    expect(aspects(units[0]!.expected).map(([, p]) => p)).toEqual([6, 6]);
  });

  it('reads a key pasted from a table (tab-separated)', () => {
    const key = `Aufgabe\tErwartete Leistung\tPunkte
1\tNennen Sie Datum und Ort der Reichsgründung.\t
\t18. Januar 1871, Spiegelsaal von Versailles\t2
\tnach dem Sieg im Deutsch-Französischen Krieg\t2
2\tBeurteilen Sie, ob das Kaiserreich eine Demokratie war.\t
\tbegründetes eigenes Urteil\t3
Summe\t\t7`;
    expect(untabulateKey(key).split('\n')[0]).toBe('1. Nennen Sie Datum und Ort der Reichsgründung.');
    const units = parseAnswerKey(key);
    expect(units.map((u) => u.taskNumber)).toEqual(['1', '2']);
    expect(aspects(units[0]!.expected)).toEqual([
      ['18. Januar 1871, Spiegelsaal von Versailles', 2],
      ['nach dem Sieg im Deutsch-Französischen Krieg', 2],
    ]);
    expect(units[1]!.expected).not.toContain('Summe');
  });

  it('takes section titles with subtotals ("II. Stellungnahme (10 BE)", "Teil B") for no task and no aspect', () => {
    const key = `I. Textverständnis (10 BE)
1. Fasse den Text zusammen. (6 BE)
Thema, Hauptaussagen
2. Nenne die These. (4 BE)
Handys schaden der Konzentration.

II. Stellungnahme (10 BE)
3. Nimm Stellung. (10 BE)
eigene Meinung mit zwei Argumenten`;
    expect(brief(key)).toEqual([
      { unit: '1', max: 6, expected: 'Thema, Hauptaussagen' },
      { unit: '2', max: 4, expected: 'Handys schaden der Konzentration.' },
      { unit: '3', max: 10, expected: 'eigene Meinung mit zwei Argumenten' },
    ]);
  });

  it('reads marks that open their line ("2 P – Wetter: …")', () => {
    const [unit] = parseAnswerKey(
      'Aufgabe 2 [4 P]\nErkläre Wetter und Klima.\n2 P – Wetter: kurzfristiger Zustand\n(2 P) Klima: langjähriger Durchschnitt',
    );
    expect(aspects(unit!.expected)).toEqual([
      ['Wetter: kurzfristiger Zustand', 2],
      ['Klima: langjähriger Durchschnitt', 2],
    ]);
  });

  it('keeps the options of a multiple-choice question with the question and expects the named option', () => {
    const [unit] = parseAnswerKey(
      '1. Kreuze an: Welches Tier ist ein Säugetier? (1 Punkt)\n(A) Hai (B) Delfin (C) Pinguin\nLösung: B',
    );
    expect(unit).toMatchObject({ expected: '(B) Delfin', maxPoints: 1 });
    expect(unit!.question).toContain('(B) Delfin');
  });
});

describe('closedQuestionOfKey', () => {
  it('reads a gap sentence and its completed form as a cloze whose gaps are the words filled in', () => {
    const [one, two] = parseAnswerKey(
      'Aufgabe 1 (je 1 P)\na) She ___ (live) in Berlin since 2019. – She has lived in Berlin since 2019. (1 P)\nb) When ___ you ___ (arrive)? – When did you arrive? (1 P)',
    );
    expect(closedQuestionOfKey(one!)).toMatchObject({ type: 'cloze', correctAnswer: 'has lived' });
    expect(closedQuestionOfKey(two!)).toMatchObject({
      type: 'cloze',
      text: 'When [..] you [..] ?',
      correctAnswer: 'did|arrive',
    });
  });

  const unitOf = (key: string) => parseAnswerKey(key)[0]!;

  it('reads lettered options and a letter solution as a multiple-choice question', () => {
    const q = closedQuestionOfKey(
      unitOf(
        'Aufgabe 2\na) Welcher Fluss mündet in die Nordsee?  A) Donau  B) Oder  C) Elbe  D) Main  – Lösung: C (1 P)',
      ),
    );
    expect(q?.options.map((o) => [o.text, o.isCorrect])).toEqual([
      ['Donau', false],
      ['Oder', false],
      ['Elbe', true],
      ['Main', false],
    ]);
    expect(q?.points).toBe(1);
  });

  it('reads "(A) … (B) …" options and two letters', () => {
    const q = closedQuestionOfKey(
      unitOf('1. Welche sind Säugetiere? (A) Hai (B) Delfin (C) Wal (2 P)\nLösung: B, C'),
    );
    expect(q?.options.filter((o) => o.isCorrect).map((o) => o.text)).toEqual(['Delfin', 'Wal']);
  });

  it('leaves an answer that is not only option letters, or letters without options, open', () => {
    expect(closedQuestionOfKey(unitOf('1. Nenne ein Säugetier. (1 P)\nLösung: Wal'))).toBeNull();
    expect(closedQuestionOfKey(unitOf('1. Welcher Vokal fehlt in „H_nd“? (1 P)\nLösung: a'))).toBeNull();
  });
});

describe('parseAnswerKey: points written as a form field, bare marks and the total line', () => {
  it('reads "Punkte: 2" on its own line under a solution, and "(Punkte: 2)" on a heading, as the part\'s points', () => {
    expect(
      brief(
        'Aufgabe 1\na) Photosynthese\nPunkte: 1\nb) Chlorophyll\nPunkte: 1\nAufgabe 2 (Punkte: 2)\nDas Herz pumpt.',
      ),
    ).toEqual([
      { unit: '1a', max: 1, expected: 'Photosynthese' },
      { unit: '1b', max: 1, expected: 'Chlorophyll' },
      { unit: '2', max: 2, expected: 'Das Herz pumpt.' },
    ]);
  });

  it('keeps a note with points under a solution as the solution\'s ("(1 P für das Auflösen)")', () => {
    const [unit] = parseAnswerKey('Aufgabe 1\nx = 6\n(1 P für das Ausmultiplizieren, 1 P für das Auflösen)');
    expect(unit!.maxPoints).toBeNull();
    expect(unit!.expected).toContain('Ausmultiplizieren');
  });

  it('takes bare "(2)" marks as the subtasks\' points where they add up to the task total "/6"', () => {
    expect(brief('Aufgabe 1 – Löse.  /6\na) 3x = 15 → x = 5 (2)\nb) x = 6 (4)').map((u) => u.max)).toEqual([
      2, 4,
    ]);
    // not where they do not: equal shares of the total, as before
    expect(brief('Aufgabe 1 – Löse.  /6\na) 3x = 15 → x = 5 (2)\nb) x = 6 (2)').map((u) => u.max)).toEqual([
      3, 3,
    ]);
  });

  it('gives parts without points an equal share of what the total line leaves, and marks them', () => {
    const units = parseAnswerKey(
      '1) Entgiftung des Blutes (2 P)\n2) Photosynthese\n3) Chlorophyll\n\nGesamt: 6 P',
    );
    expect(units.map((u) => [u.maxPoints, u.pointsFromTotal ?? false])).toEqual([
      [2, false],
      [2, true],
      [2, true],
    ]);
    // a key whose parts all have points keeps them, whatever its total line says (the pipeline warns)
    expect(parseAnswerKey('1) Leber (2 P)\n2) Herz (2 P)\nGesamt: 8 P').map((u) => u.maxPoints)).toEqual([
      2, 2,
    ]);
  });
});

describe('parseAnswerKey: a bare number closing the line that asks a part', () => {
  it('is its points where the solution below has no marks, and leaves the question', () => {
    expect(
      parseAnswerKey('Aufgabe 1\na) Löse: 3x + 7 = 22 (2)\nx = 5\nb) Löse: 2x = 8 (1)\nx = 4').map((u) => [
        u.maxPoints,
        u.question,
      ]),
    ).toEqual([
      [2, 'Löse: 3x + 7 = 22'],
      [1, 'Löse: 2x = 8'],
    ]);
    // the solution's own marks are its aspects' points: the header's number is not read over them
    expect(
      parseAnswerKey('Aufgabe 1\na) Nenne zwei Organe (2)\nLeber (1 P), Herz (1 P)')[0]!.maxPoints,
    ).toBeNull();
  });
});

describe('parseAnswerKey: bare marks beside subtasks with points under a task total', () => {
  it('confirms the bare marks where they add up to what the total leaves', () => {
    const key =
      'Task 1 – True or false?  /4\na) Facebook was founded in 2004. – true  /1\nb) Only students. – true  /1\nc) He finished. – false (1): he dropped out (1)';
    expect(parseAnswerKey(key).map((u) => u.maxPoints)).toEqual([1, 1, 2]);
  });
});

describe('parseAnswerKey: score fields, parts over the whole work and shares that add up', () => {
  it('reads a score field under each part as its points, and one under the last part alone as the task’s', () => {
    const each = [
      '1 Ein Fahrrad fährt 18 km in 45 min.',
      '  a) Berechne die Geschwindigkeit in km/h.',
      '     v = 18 km : 0,75 h (1); v = 24 km/h (1)',
      '     Punkte: 2',
      '  b) Wie weit kommt es in 2 h?',
      '     48 km',
      '     Punkte: 1',
      '2 Ein Zug hält.',
      '  a) Nenne einen Grund.',
      '     Bahnhof',
      '     Punkte: 1',
    ].join('\n');
    expect(brief(each).map((u) => [u.unit, u.max])).toEqual([
      ['1a', 2],
      ['1b', 1],
      ['2a', 1],
    ]);
    const last = [
      'Aufgabe 2 – Setze ins Futur.',
      'a) Ich gehe. → Ich werde gehen.',
      'b) Du singst. → Du wirst singen.',
      'Punkte: 4 (je Satz 2)',
    ].join('\n');
    expect(brief(last).map((u) => [u.unit, u.max, u.expected])).toEqual([
      ['2a', 2, 'Ich werde gehen.'],
      ['2b', 2, 'Du wirst singen.'],
    ]);
  });

  it('reads "Bewertung: 3 Punkte (…)" under a task as its points, not as a Notenschlüssel', () => {
    const key = [
      'Aufgabe 1 – Nenne drei Grundrechte.',
      '   Meinungsfreiheit, Religionsfreiheit, Versammlungsfreiheit',
      '   Bewertung: 3 Punkte (je Grundrecht 1)',
      'Aufgabe 2 – Wer wählt den Bundeskanzler?',
      '   der Bundestag',
      '   Bewertung: 1 Punkt',
    ].join('\n');
    expect(brief(key)).toEqual([
      { unit: '1', max: 3, expected: 'Meinungsfreiheit, Religionsfreiheit, Versammlungsfreiheit' },
      { unit: '2', max: 1, expected: 'der Bundestag' },
    ]);
  });

  it('takes a part assessed over the whole work („Darstellungsleistung“) apart, with its points', () => {
    const units = parseAnswerKey(
      [
        'Aufgabe 1: Fasse den Text zusammen. (Punkte: 10)',
        ' - Thema und Autor (2); Hauptaussagen (8)',
        '',
        'Darstellungsleistung (Punkte: 5)',
        ' Gliederung (2); sprachliche Richtigkeit (3)',
        '',
        'Gesamt: 15 Punkte',
      ].join('\n'),
    );
    expect(units.map((u) => [u.taskNumber, u.maxPoints, u.wholeWork ?? false, u.expected])).toEqual([
      ['1', 10, false, '- Thema und Autor (2); Hauptaussagen (8)'],
      ['Darstellungsleistung', 5, true, 'Gliederung (2); sprachliche Richtigkeit (3)'],
    ]);
  });

  it('reads a total at the end of a question’s last line over a solution with „je“ marks once', () => {
    const key = [
      '2. Ordne die Tiere zu: Adler, Forelle, Frosch –',
      '   A Fisch; B Vogel; C Amphibie  [3 P]',
      '   Adler B, Forelle A, Frosch C (je 1 P)',
    ].join('\n');
    expect(brief(key)).toEqual([{ unit: '2', max: 3, expected: 'Adler B, Forelle A, Frosch C (je 1 P)' }]);
  });

  it('shares a total that does not divide in hundredths so that the shares add up to it exactly', () => {
    expect(equalShares(10, 3)).toEqual([3.34, 3.33, 3.33]);
    const key = [
      '1) Nenne ein Beispiel.',
      '   Eiche',
      '2) Nenne zwei.',
      '   Buche, Linde',
      '3) Nenne drei.',
      '   Ahorn',
      'Gesamt: 5 P',
    ];
    const max = parseAnswerKey(key.join('\n')).map((u) => u.maxPoints!);
    expect(max).toEqual([1.67, 1.67, 1.66]);
    expect(Math.round(max.reduce((a, b) => a + b, 0) * 100)).toBe(500);
  });
});

describe('parseAnswerKey: a topic before the question, after a semicolon', () => {
  it('takes „Wald; Nenne drei Laubbäume.“ for the question, not the solution', () => {
    const [unit] = parseAnswerKey(
      '1) (3 P)\nWald; Nenne drei Laubbäume.\nEiche (1 P), Buche (1 P), Ahorn (1 P)',
    );
    expect([unit!.question, unit!.expected]).toEqual([
      'Wald; Nenne drei Laubbäume.',
      'Eiche (1 P), Buche (1 P), Ahorn (1 P)',
    ]);
  });
});

describe('parseAnswerKey: a total in the right-hand column over a line with its aspects', () => {
  it('reads the column mark as the part’s points where it is worth more than the marks before it', () => {
    const key = [
      '2. Löse die Gleichungen.',
      '   a) 3x + 4 = 19',
      '      3x = 15 (1 P);  x = 5                          (2 P)',
      '   b) 2x = 8',
      '      x = 4 (1 P)       Probe: 2 · 4 = 8 (1 P)',
    ].join('\n');
    expect(brief(key).map((u) => [u.unit, u.max])).toEqual([
      ['2a', 2],
      ['2b', null],
    ]);
  });
});

describe('parseAnswerKey: keys in the notations of other schools', () => {
  it('gives tasks the points of a summary line and reads its total', () => {
    const key = [
      'A1  a) 15 % von 60 kg = 9 kg (1)   b) 12 von 48 = 25 % (1)',
      'A2  Jacke 80 €, 15 % Rabatt: 80 € · 0,85 = 68 €',
      '',
      'Punkte: A1 2 | A2 3 | gesamt 5',
    ].join('\n');
    const units = brief(key);
    expect(units.reduce((sum, u) => sum + (u.max ?? 0), 0)).toBe(5);
    expect(units.find((u) => u.unit === '2')?.max).toBe(3);
    expect(units.some((u) => u.expected.includes('gesamt'))).toBe(false);
  });

  it('reads lettered parts set apart by two spaces, with the points under them', () => {
    const key = [
      'A  Complete the if-clauses.',
      '   1 will stay   2 had',
      '   Score: ___ / 2',
      'B  Join the sentences with a relative pronoun.',
      "   a) That's the girl whose brother is in my class.",
      '   b) I have a dog which/that loves water.',
      '   Score: ___ / 4',
      'Total score: ___ / 6',
    ].join('\n');
    expect(brief(key).map((u) => [u.unit, u.max])).toEqual([
      ['A', 2],
      ['Ba', 2],
      ['Bb', 2],
    ]);
  });

  it('takes the points after an arrow on their own line', () => {
    expect(
      brief('1. Conjugue au présent:\n   je vais / nous allons\n   => 2 P. (je Form 1)').map((u) => u.max),
    ).toEqual([2]);
  });

  it('reads a translation item as the sentence to translate and its translation', () => {
    const key = [
      'A  Traduce.',
      '   1. Gestern habe ich meine Hausaufgaben nicht gemacht. – Ayer no hice mis deberes.',
      '   2. Wir fuhren jeden Sommer ans Meer. – Íbamos al mar cada verano.',
      '   → je Satz 2; je Fehler −1',
      'B  Escribe un correo.',
      '   contenido: dónde, con quién (2)',
      '   lengua: Wortschatz, Korrektheit (2)',
    ].join('\n');
    const units = brief(key);
    expect(units.slice(0, 2)).toEqual([
      { unit: 'A1', max: 2, expected: 'Ayer no hice mis deberes.' },
      { unit: 'A2', max: 2, expected: 'Íbamos al mar cada verano.' },
    ]);
  });

  it('scores a cloze whose solution gives each base form in brackets before the form', () => {
    const [unit] = parseAnswerKey(
      'A  Indefinido o imperfecto (4 P)\n   Cuando yo (ser) era pequeño, (vivir) vivía en Sevilla. Un día (ir) fui al mercado y (conocer) conocí a Ana.\nB  Traduce. (2 P)\n   Ayer no hice mis deberes.',
    );
    const q = closedQuestionOfKey(unit!);
    expect(q?.correctAnswer).toBe('era|vivía|fui|conocí');
    expect(scoreCloze(q!, 'era – vivía – fue – conocí').achieved).toBe(3);
    // a prompt with its solution after an arrow is no such cloze
    const [prompted] = parseAnswerKey(
      'Exercice 1 – Mets au passé composé. (3 P)\n  1. Nous (aller) au cinéma. → sommes allé(e)s\n  2. Elle (finir) ses devoirs. → a fini\n  3. Ils (partir) à huit heures. → sont partis',
    );
    expect(closedQuestionOfKey(prompted!)?.correctAnswer).toBe(
      'sommes allés/sommes allées|a fini|sont partis',
    );
  });

  it('scores items with short solutions after arrows one by one, in the prompts’ order', () => {
    const [unit] = parseAnswerKey(
      'Exercice 1 – Mets au passé composé. (3 P)\n  1. Nous (aller) au cinéma. → sommes allé(e)s\n  2. Elle (finir) ses devoirs. → a fini\n  3. Tu (voir) le film ? → as vu',
    );
    const q = closedQuestionOfKey(unit!)!;
    expect(scoreCloze(q, '1. sommes allées  2. a fini  3. as voir').achieved).toBe(2);
    expect(scoreCloze(q, 'avons allé / a fini / as vu').achieved).toBe(2);
  });

  it('grades a part by the criteria its heading names when it has no solution of its own', () => {
    const units = brief(
      'A  Other (2 P)\n   x\nB  Comment: Should phones be banned? (about 80 words) (8 marks: content 4, language 4)',
    );
    expect(units[1]).toEqual({ unit: 'B', max: 8, expected: 'content (4 P)\nlanguage (4 P)' });
  });
});

describe('parseAnswerKey: tasks set apart by two spaces and points written as a sum', () => {
  it('reads „3  f(x) = …“ as task 3 and „Bewertung: 2 + 2 + 3 = 7 P“ as the subtasks’ points', () => {
    const key = [
      '1  Löse.',
      '   a) x² = 49 → x = 7 oder x = −7',
      '   b) x² − 5x = 0 → x = 0 oder x = 5',
      '   c) x² + 6x + 8 = 0 → x₁ = −2, x₂ = −4',
      '   Bewertung: 2 + 2 + 3 = 7 P',
      '2  Wie viele Lösungen hat x² − 4x + 5 = 0?',
      '   D = −1 < 0 → keine Lösung',
      '   Bewertung: 3 P',
      '3  f(x) = (x − 2)² + 3: Scheitelpunkt?',
      '   S(2|3)',
      '   Teilpunkte: 2 = 2',
      '',
      'Gesamt: 12 P',
    ].join('\n');
    expect(brief(key).map((u) => [u.unit, u.max])).toEqual([
      ['1a', 2],
      ['1b', 2],
      ['1c', 3],
      ['2', 3],
      ['3', 2],
    ]);
  });
});

describe('parseAnswerKey: a line that sums up each task', () => {
  it('reads „Aufgabe 1 zusammen: 8 Punkte“ as task 1’s points, not as its heading, with subtasks by letter', () => {
    const key = [
      '1 a) 3/4 + 1/8 = 7/8',
      '  b) 5/6 − 1/4 = 7/12',
      'Aufgabe 1 zusammen: 4 Punkte (je Teilaufgabe Rechenweg 1, Ergebnis 1)',
      '',
      '2 Kürze vollständig: 18/24 = 3/4',
      'Aufgabe 2 zusammen: 1 Punkt',
      '',
      '3 In der 6b sind 28 Kinder.',
      '  a) Bus: 12 Kinder',
      '  b) zu Fuß: 9 Kinder',
      'Aufgabe 3 zusammen: 6 Punkte (a: 2 + 2, b: 1 + 1)',
      '',
      'Summe: 11 Punkte',
    ].join('\n');
    expect(brief(key).map((u) => [u.unit, u.max])).toEqual([
      ['1a', 2],
      ['1b', 2],
      ['2', 1],
      ['3a', 4],
      ['3b', 2],
    ]);
  });
});

describe('closedQuestionOfKey: a list of forms in the order of the prompts', () => {
  it('scores each form, also where the pupil writes the prompt before it', () => {
    const [forms] = parseAnswerKey(
      'Ex. 1  Write down the simple past: go, buy, see, be (4 P)\n  went – bought – saw – was/were   (1 each)\nEx. 2  Other (1 P)\n  x',
    );
    const q = closedQuestionOfKey(forms!)!;
    expect(q.correctAnswer).toBe('went|bought|saw|was/were');
    expect(scoreCloze(q, 'went, buyed, saw, was/were').achieved).toBe(3);
    const [intervals] = parseAnswerKey(
      '1. Bestimme die Intervalle: c–e, c–g, d–f (3 P)\n   große Terz, (reine) Quinte, kleine Terz\n2. Anderes (1 P)\n   x',
    );
    const iq = closedQuestionOfKey(intervals!)!;
    expect(scoreCloze(iq, 'c–e große Terz, c–g Quinte, d–f große Terz').achieved).toBe(2);
    // pairs that name their prompt are a list of pairs, no list of forms
    const [pairs] = parseAnswerKey(
      '3. Ordne zu: Trompete, Cello, Pauke. (3 P)\nTrompete: Blechblasinstrument; Cello: Streichinstrument; Pauke: Schlaginstrument\n4. x (1 P)\n y',
    );
    expect(closedQuestionOfKey(pairs!)).toBeNull();
  });
});

describe('parseAnswerKey: a Bewertungsbogen of requirements', () => {
  it('reads „Anforderung n: … — max. 3“, skips subtotals and takes a Darstellungsleistung from its subtotal', () => {
    const key = [
      'Erwartungshorizont / Bewertungsbogen',
      'Inhaltliche Leistung – Der Prüfling …',
      'Anforderung 1: formuliert eine Einleitung mit Autor, Titel und Thema — max. 3',
      'Anforderung 2: beschreibt die Form: Strophen, Kreuzreim, Jambus — max. 4',
      'Summe inhaltliche Leistung: 7',
      '',
      'Darstellungsleistung',
      'D1: schlüssiger Aufbau mit Einleitung, Hauptteil, Schluss — max. 3',
      'D2: belegt mit korrekten Zitaten — max. 2',
      'Summe Darstellungsleistung: 5',
      '',
      'Gesamt: 12 Punkte',
    ].join('\n');
    const units = parseAnswerKey(key);
    expect(units.map((u) => [u.taskNumber, u.maxPoints, u.wholeWork ?? false])).toEqual([
      ['1', 3, false],
      ['2', 4, false],
      ['Darstellungsleistung', 5, true],
    ]);
    expect(units.some((u) => u.expected.includes('Summe'))).toBe(false);
  });
});

describe('parseAnswerKey: points in a column before the tasks', () => {
  it('reads „8 pts | Ex. 1 …“ and „2 P: 1. Unterscheide …“ as the tasks’ points, „2 P: Wetter …“ as an aspect’s', () => {
    expect(
      brief(
        '8 pts | Ex. 1  Write down: go, buy\n        went – bought\n4 pts | Ex. 2  Questions\n        Did he go?',
      ).map((u) => [u.unit, u.max]),
    ).toEqual([
      ['1', 8],
      ['2', 4],
    ]);
    expect(
      brief(
        '2 P: 1. Unterscheide aerob und anaerob.\n   aerob: mit Sauerstoff (1); anaerob: ohne (1)\n3 P: 2. Berechne den Puls.\n   180 − 14 = 166 (3)',
      ).map((u) => [u.unit, u.max]),
    ).toEqual([
      ['1', 2],
      ['2', 3],
    ]);
    const aspects = brief('Aufgabe 1 (4 P)\n- 2 P: Wetter ist kurzfristig\n- 2 P: Klima ist langfristig');
    expect(aspects).toEqual([
      { unit: '1', max: 4, expected: '- 2 P: Wetter ist kurzfristig\n- 2 P: Klima ist langfristig' },
    ]);
  });
});

describe('parseAnswerKey: a points column set off by a bar, with task headings in empty cells', () => {
  it('reads the headings, drops the column’s header and rules, and takes its last row as the total', () => {
    const key = [
      'P.  |',
      '----+--------------------------------------------',
      '    | Aufgabe 1   Würfel',
      ' 1  |   a) P(6) = 1/6',
      ' 2  |   b) P(gerade) = 3/6 = 1/2',
      '    |      (Ansatz 1 P., Ergebnis 1 P.)',
      '    | Aufgabe 2   Münze',
      ' 1  |   a) P(Kopf) = 1/2',
      '----+--------------------------------------------',
      ' 4  | Summe',
    ].join('\n');
    expect(parseAnswerKey(key).map((u) => [u.taskNumber, u.subtaskLabel, u.maxPoints])).toEqual([
      ['1', 'a', 1],
      ['1', 'b', 2],
      ['2', 'a', 1],
    ]);
  });
});

describe('closedQuestionOfKey: numbered items in a row', () => {
  it('scores „1 is reading  2 are playing …“ item by item, a misspelt form wrong where the key says so', () => {
    const [unit] = parseAnswerKey(
      '1 Present progressive  /3\n  1 is reading  2 are playing  3 am writing\n  (falsch geschriebene -ing-Form = 0 für das Item)\n2 Other  /1\n  x y',
    );
    const q = closedQuestionOfKey(unit!)!;
    expect(q.correctAnswer).toBe('is reading|are playing|am writing');
    expect(scoreCloze(q, 'is reading 2 are plaing 3 am writing').achieved).toBe(2);
    expect(scoreCloze(q, '1 is reading\n2 are playing\n3 am writing').achieved).toBe(3);
  });

  it('reads „je Frage 2: do/does 1, …“ as each subtask’s points, not as a solution', () => {
    expect(
      brief(
        '1 Questions  /4\n  a) Does she like pizza?  b) Do they play football?\n  je Frage 2: do/does 1, Wortstellung 1\n2 Other  /1\n  yes',
      ).slice(0, 2),
    ).toEqual([
      { unit: '1a', max: 2, expected: 'Does she like pizza?' },
      { unit: '1b', max: 2, expected: 'Do they play football?' },
    ]);
  });
});

describe('parseAnswerKey: bare points in brackets before the tasks („Punkte links“)', () => {
  it('reads „(4)  1. Nenne …“ as task 1 worth 4 points', () => {
    expect(
      brief(
        '(4)  1. Nenne die Schalen der Erde.\n        Kruste – Mantel – Kern\n(3)  2. Erkläre die Bewegung.\n        Konvektion',
      ).map((u) => [u.unit, u.max]),
    ).toEqual([
      ['1', 4],
      ['2', 3],
    ]);
  });
});

describe('parseAnswerKey: points before Abitur labels, set off by two spaces', () => {
  it('reads „4 Pkt.  A1 Nenne …“ as task A1 with 4 points', () => {
    const key =
      '4 Pkt.  A1 Nenne drei Nährstoffe.\n        Kohlenhydrate, Fette, Eiweiß\n2 Pkt.  A2 Warum trinken?\n        Wasserverlust ausgleichen\n\nGesamt 6 Pkt.';
    expect(parseAnswerKey(key).map((u) => [u.taskNumber, u.maxPoints])).toEqual([
      ['1', 4],
      ['2', 2],
    ]);
  });

  it('gives a Roman part the points of the summary line', () => {
    const key =
      'I Bestimme die Formen:\n  rosae: Gen. Sg.\nII Übersetze:\n  Er ruft den Sklaven.\n\nPunkteverteilung: I 2 – II 4 = 6 P.';
    expect(parseAnswerKey(key).map((u) => [u.taskNumber, u.maxPoints])).toEqual([
      ['1', 2],
      ['2', 4],
    ]);
  });
});

describe('closedQuestionOfKey: the prompt joined to its answer by a dash', () => {
  it('reads „Rot - Grün, Gelb - Violett“ as the forms of the prompts', () => {
    const [forms] = parseAnswerKey(
      '1. Nenne die Gegenfarbe zu: Rot, Gelb, Blau. (3 P)\n   Grün, Violett, Orange\n2. x (1 P)\n   y',
    );
    const q = closedQuestionOfKey(forms!)!;
    expect(scoreCloze(q, 'Rot - Grün, Gelb - Violett, Blau - Grün').achieved).toBe(2);
    expect(scoreCloze(q, 'Rot → Grün, Gelb → Violett, Blau → Orange').achieved).toBe(3);
  });
});

describe('closedQuestionOfKey: a form with the other form its note accepts', () => {
  it('reads „4 melts (will melt also ok)“ and „5 were (auch: was)“ as alternatives of the gap', () => {
    const [items] = parseAnswerKey(
      'A  Complete. (4 P)\n   1 will stay   2 had   3 melts (will melt also ok)   4 were (auch: was)\nB  Other (1 P)\n   x',
    );
    const q = closedQuestionOfKey(items!)!;
    expect(q.correctAnswer).toBe('will stay|had|melts/will melt|were/was');
    expect(scoreCloze(q, '1) will stay 2) would have 3) will melt 4) was').achieved).toBe(3);
  });
});

describe('closedQuestionOfKey: the parts of a part in a row, worth „je 1 P.“ each', () => {
  const key =
    'A  Fill in. (je 1 P. – Rechtschreibung der -ing-Form zählt)\n   (1) is swimming  (2) are playing  (3) am writing\nB  Short answers. (je 1 P. für Frage, je 1 P. für Kurzantwort)\n   1 Is Kim reading? – Yes, she is.   2 Are they eating? – No, they aren’t.\nC  Choose. (je 1 P.)\n   1 plays (every Saturday)   2 is playing (now)   3 gets up (usually)\n\ninsgesamt 10 P.';

  it('counts the items for the points, a note per item twice', () => {
    expect(parseAnswerKey(key).map((u) => [u.taskNumber, u.maxPoints])).toEqual([
      ['A', 3],
      ['B', 4],
      ['C', 3],
    ]);
  });

  it('keeps the row as the gaps of one exercise, its hints out of the forms, and the spelling the key counts', () => {
    const [a, , c] = parseAnswerKey(key);
    const qa = closedQuestionOfKey(a!)!;
    expect(scoreCloze(qa, '(1) is swiming (2) are playing (3) am writing').achieved).toBe(2);
    expect(closedQuestionOfKey(c!)!.correctAnswer).toBe('plays|is playing|gets up');
  });
});

describe('closedQuestionOfKey: a key that answers by the option letter alone', () => {
  it('scores the letter, the letter with words, or the option text the key gives in brackets', () => {
    const [first, second] = parseAnswerKey(
      'Lösungen (je richtige Antwort 1 P.)\n\n1  b (sechs Spieler je Mannschaft)\n2  c\n3  Erkläre das Pritschen. (2 P.)\n   Spiel mit den Fingern\n\nGesamt: 4 P.',
    );
    const q1 = closedQuestionOfKey(first!)!;
    expect(q1.type).toBe('multiple-choice');
    expect(scoreMultipleChoice(q1, 'b').achieved).toBe(1);
    expect(scoreMultipleChoice(q1, 'b (6 Spieler)').achieved).toBe(1);
    expect(scoreMultipleChoice(q1, 'sechs Spieler je Mannschaft').achieved).toBe(1);
    expect(scoreMultipleChoice(q1, 'a').achieved).toBe(0);
    expect(scoreMultipleChoice(closedQuestionOfKey(second!)!, 'c) dreimal').achieved).toBe(1);
  });
});

describe('closedQuestionOfKey: options in the solution over the letter chosen', () => {
  it('scores „b“ against „a) Wasser   b) Vakuum   c) Holz“ over „b“', () => {
    const [choice] = parseAnswerKey(
      '1. Kreuze an: Schall breitet sich nicht aus im … (1 P)\n   a) Wasser   b) Vakuum   c) Holz\n   b\n2. x (1 P)\n   y',
    );
    const q = closedQuestionOfKey(choice!)!;
    expect(q.type).toBe('multiple-choice');
    expect(scoreMultipleChoice(q, 'b').achieved).toBe(1);
    expect(scoreMultipleChoice(q, 'a').achieved).toBe(0);
  });
});

describe('parseAnswerKey: points in brackets before Abitur labels', () => {
  it('reads „(6 P)  A1  Strahlungsarten …“ as task A1 worth 6', () => {
    const key =
      '(6 P)  A1  Strahlungsarten\n       α: Heliumkerne\n(4 P)  A2  Zerfall\n       a) Rn (2 P)\n       b) N (2 P)\n\nSumme: 10 P';
    expect(parseAnswerKey(key).map((u) => [u.taskNumber, u.subtaskLabel, u.maxPoints])).toEqual([
      ['1', '1', 6],
      ['2', 'a', 2],
      ['2', 'b', 2],
    ]);
  });
});

describe('parseAnswerKey: a note per quantity, a solution announced by a colon, choices with „richtig: b, d“', () => {
  it('shares „(6 Pkt.)“ over a), b), c) when „je Größe 1 Pkt.“ counts the quantities inside them', () => {
    const key =
      '1) Berechne Umfang und Flächeninhalt.   (6 Pkt.)\n   a) r = 5 cm   u ≈ 31,42 cm   A ≈ 78,54 cm²\n   b) d = 12 m   u ≈ 37,70 m   A ≈ 113,10 m²\n   c) r = 0,8 dm   u ≈ 5,03 dm   A ≈ 2,01 dm²\n   je Größe 1 Pkt.\n\n2) Nenne π auf zwei Stellen. (1 Pkt.)\n   3,14';
    expect(parseAnswerKey(key).map((u) => [u.subtaskLabel, u.maxPoints])).toEqual([
      ['a', 2],
      ['b', 2],
      ['c', 2],
      ['2', 1],
    ]);
  });

  it('reads „Beschrifte das Vogelei (6 Teile): Kalkschale, …“ as the question and the list below it as the solution', () => {
    const [unit] = parseAnswerKey(
      '1  Beschrifte das Vogelei (6 Teile): Kalkschale, Eiklar, Dotter,\n   Keimscheibe, Hagelschnur, Luftkammer – je ½ P.\n\n2  Ordne zu: Trompete, Cello\n   Trompete: Blech; Cello: Streicher (je 1 P.)',
    );
    expect(unit!.question).toBe('Beschrifte das Vogelei (6 Teile):');
    expect(unit!.expected).toContain('Kalkschale');
    // the items given after the colon, named again in the solution below, stay the question's
    expect(
      parseAnswerKey(
        '1  Nenne ein Gas.\n   Luft (1 P.)\n\n2  Ordne zu: Trompete, Cello\n   Trompete: Blech; Cello: Streicher (je 1 P.)',
      )[1]!.question,
    ).toBe('Ordne zu: Trompete, Cello');
  });

  it('reads options over two lines and „richtig: b, d – je richtiges Kreuz 1 P.“ as one multiple-choice task', () => {
    const units = parseAnswerKey(
      '1  Kreuze die zwei richtigen Aussagen an.  (2 P.)\n   a) wechselwarm.   b) gleichwarm.   c) Zähne.\n   d) Kalkschale.\n   richtig: b, d – je richtiges Kreuz 1 P.',
    );
    expect(units).toHaveLength(1);
    const q = closedQuestionOfKey(units[0]!);
    expect(q?.type).toBe('multiple-choice');
    expect(q?.options.filter((o) => o.isCorrect).map((o) => o.id)).toEqual(['b', 'd']);
  });
});

describe('parseAnswerKey: subtasks in two columns, a score field with its parts after a dash', () => {
  it('reads „a) … e) …“ over „b) … f) …“ as a) to h) in order', () => {
    const key =
      '1. Conjuga.  (4 P.)\n   a) hablar – hablé          c) hacer – hicieron\n   b) comer – comiste         d) tener – tuve';
    // each item a prompt and, after the dash, what the pupil writes
    expect(parseAnswerKey(key).map((u) => [u.subtaskLabel, u.expected])).toEqual([
      ['a', 'hablé'],
      ['b', 'comiste'],
      ['c', 'hicieron'],
      ['d', 'tuve'],
    ]);
  });

  it('reads „Puntuación: 6 – contenido 2 (…), lengua 4 (…)“ as 6 points in two criteria', () => {
    const [unit] = parseAnswerKey(
      '1. Escribe un texto corto.\n   Puntuación: 6 – contenido 2 (mind. 5 Sätze), lengua 4 (0–2 Fehler 4, mehr 0)',
    );
    const e = parseExpectedAnswer(unit!.expected, 6, unit!.question);
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([
      ['contenido', 2],
      ['lengua', 4],
    ]);
  });
});

describe('parseAnswerKey: a short prompt and its solution after a dash', () => {
  it('reads „go – went“ as the prompt and the solution, as „go → went“', () => {
    const key =
      '1 Schreibe die Simple-past-Form (je ½ P.)   2 P.\n  a) go – went          b) see – saw\n  c) buy – bought       d) take – took';
    expect(
      parseAnswerKey(key).map((u) => [u.subtaskLabel, u.question.split('\n').at(-1), u.expected]),
    ).toEqual([
      ['a', 'go', 'went'],
      ['b', 'see', 'saw'],
      ['c', 'buy', 'bought'],
      ['d', 'take', 'took'],
    ]);
  });

  it('keeps a dash between statements, a left side with its own points and a verdict with its correction', () => {
    const [statements] = parseAnswerKey(
      'Aufgabe 1 (2 P)\nDie Stromstärke ist überall gleich – die Spannung teilt sich auf die Widerstände auf.',
    );
    expect(statements!.expected).toContain('Die Stromstärke ist überall gleich');
    const [pharao] = parseAnswerKey('Aufgabe 3 (2 P)\nPharao (1) – gilt als Gott, oberster Herrscher (1)');
    expect(pharao!.expected).toContain('Pharao (1)');
    const [verdict] = parseAnswerKey('Aufgabe 6 (1 P)\nfalsch – Die Pyramiden waren Grabmäler.');
    expect(verdict!.expected).toContain('falsch');
  });
});

describe('parseAnswerKey: one task with its points before its label', () => {
  it('reads „(3 P)  Aufgabe 1“ on one line alone as task 1 worth 3', () => {
    const key =
      '(3 P)  Aufgabe 1\nNenne drei Laubbäume.\nEiche, Buche, Ahorn\n\nAufgabe 2\nNenne einen Nadelbaum. (1 P)\nFichte';
    expect(parseAnswerKey(key).map((u) => [u.taskNumber, u.maxPoints])).toEqual([
      ['1', 3],
      ['2', 1],
    ]);
  });
});

describe('parseAnswerKey: a heading over two lines, and its points on a line of their own', () => {
  it('reads the line that ends the heading’s sentence as the question, not the solution', () => {
    const key = [
      'Aufgabe 1 – Beschreibe den Weg des Blutes durch den Körper und',
      'die Aufgabe der Herzklappen.                                  6 P.',
      '  • rechte Herzhälfte → Lunge → linke Herzhälfte (Lungenkreislauf)   3',
      '  • Herzklappen verhindern das Zurückfließen des Blutes             3',
      'Aufgabe 2 – Vergleiche Arterien und Venen.',
      '                                          (AFB II) 4 Punkte',
      '  - Arterien führen vom Herzen weg, dicke Wand (2)',
      '  - Venen führen zum Herzen, Venenklappen (2)',
      '',
      'Gesamt: 10 P.',
    ].join('\n');
    const units = parseAnswerKey(keyForReading(key));
    expect(units.map((u) => [u.taskNumber, u.maxPoints])).toEqual([
      ['1', 6],
      ['2', 4],
    ]);
    expect(units[0]!.question).toBe(
      'Beschreibe den Weg des Blutes durch den Körper und die Aufgabe der Herzklappen.',
    );
    expect(units[0]!.expected).not.toContain('Herzklappen.');
    expect(units[1]!.expected).not.toContain('AFB');
  });

  it('reads „D  Darstellungsleistung (…)“ with its points below the bracket as a part of the whole work', () => {
    const key = [
      'A1  Nenne zwei Ursachen der Französischen Revolution.    4 Punkte',
      '    Staatsverschuldung (2), Privilegien des Adels (2)',
      '',
      'D   Darstellungsleistung (Struktur 2, Fachsprache 2,',
      '    sprachliche Richtigkeit 2)                          6 Punkte',
      '',
      'Summe: 10 Punkte',
    ].join('\n');
    const whole = parseAnswerKey(key).find((u) => u.wholeWork);
    expect([whole?.taskNumber, whole?.maxPoints]).toEqual(['D', 6]);
    expect(whole?.expected).toBe('Struktur 2, Fachsprache 2, sprachliche Richtigkeit 2');
  });
});

describe('parseAnswerKey: a question under its label, over two lines, and a key read by its column', () => {
  it('keeps the question whole, an open bracket’s colon in the solution and „Nimm Stellung.“ in the question', () => {
    const key = [
      'Aufgabe 1',
      'Erkläre, warum die Römer keine Dampfmaschinen bauten, sondern',
      'Sklaven für die Arbeit einsetzten.                                      3',
      '  - Sklaven waren billig und zahlreich',
      '  - kein Anreiz zur Erfindung arbeitssparender Maschinen',
      'Aufgabe 2',
      'Erkläre die Begriffe (je 1 P.)                                          2',
      '  Forum – Marktplatz und Mittelpunkt der Stadt (in Rom:',
      '          Forum Romanum)',
      '  Senat – Rat der erfahrenen Männer',
      'Aufgabe 3',
      '"Rom wurde an einem Tag erbaut."',
      'Nimm Stellung.                                                          2',
      '  Sage / Gründung 753 v. Chr. und langsames Wachstum                 2',
      '                                                                ------',
      '                                                          Summe    7',
    ].join('\n');
    const units = parseAnswerKey(keyForReading(key));
    expect(units.map((u) => [u.taskNumber, u.maxPoints])).toEqual([
      ['1', 3],
      ['2', 2],
      ['3', 2],
    ]);
    expect(units[0]!.expected).not.toContain('einsetzten');
    expect(units[1]!.expected).toContain('Forum – Marktplatz');
    expect(units[2]!.question).toContain('Nimm Stellung');
  });
});

describe('parseAnswerKey: a heading that goes on in lower case', () => {
  it('reads „… unter Folie“ over „angebaut wird, und beurteile die Folgen.“ as one question, in the title too', () => {
    const key = [
      'Aufgabe 1 – Erkläre, warum in Südspanien Gemüse unter Folie',
      'angebaut wird, und beurteile die Folgen.                  3 P.',
      '  • mildes Klima, Anbau auch im Winter (2 P)',
      '  • begründetes Urteil (1 P)',
    ].join('\n');
    const [unit] = parseAnswerKey(key);
    expect(unit!.question).toBe(
      'Erkläre, warum in Südspanien Gemüse unter Folie angebaut wird, und beurteile die Folgen.',
    );
    expect(unit!.taskTitle).toBe(
      'Aufgabe 1 – Erkläre, warum in Südspanien Gemüse unter Folie angebaut wird, und beurteile die Folgen.',
    );
    expect(unit!.maxPoints).toBe(3);
  });
});

describe('parseAnswerKey: a task total over parts with and without points (ADR 0041)', () => {
  const pointsOf = (key: string) =>
    parseAnswerKey(key).map((u) => [u.subtaskLabel, u.maxPoints, u.pointsFromTotal === true]);

  it('gives the parts without points what the task total leaves, marked as a share', () => {
    const key = [
      'Aufgabe 1: Wetter und Klima                                        6 P.',
      'a) Wetter: Zustand der Atmosphäre an einem Ort zu einer Zeit',
      'b) Klima: durchschnittliches Wetter über 30 Jahre',
      'c) Nenne zwei Klimafaktoren: Breitenlage, Meeresnähe                 2 P.',
    ].join('\n');
    expect(pointsOf(key)).toEqual([
      ['a', 2, true],
      ['b', 2, true],
      ['c', 2, false],
    ]);
  });

  it('leaves out a label without points where the items under the task already add up to its total', () => {
    const key = [
      'Aufgabe 2                                                              5',
      'a) Nahrungskette',
      '2.1 Gras → Hase → Fuchs, in der richtigen Richtung                    2',
      '2.2 Produzent, Konsument erster und zweiter Ordnung                    3',
    ].join('\n');
    const units = parseAnswerKey(keyForReading(`${key}\n\nGesamt: 5 Punkte`));
    expect(units.map((u) => u.maxPoints)).toEqual([2, 3]);
  });

  it('reads a heading whose quotation goes on in the next line, with the points there', () => {
    const key = [
      '3. Nenne zwei Aufgaben der Schülervertretung.                          2 Punkte',
      '   Interessen vertreten, Feste organisieren',
      '',
      '4. „Hausaufgaben sollten an allen Schulen abgeschafft',
      '   werden.“ Nimm Stellung.                                           3 Punkte',
      '   • ein Argument dafür, eines dagegen                                  2 P.',
      '   • eigene, begründete Meinung                                         1 P.',
    ].join('\n');
    expect(parseAnswerKey(key).map((u) => u.maxPoints)).toEqual([2, 3]);
  });

  it('counts a "je" mark as often as the question asks ("Nenne vier …   je ½ P.")', () => {
    const key = [
      '1. Gewässer                                                             3 P.',
      '   a) Nenne vier Nebenflüsse des Rheins.                   je ½ P.',
      '      z. B. Main, Mosel, Neckar, Lahn, Ruhr, Lippe',
      '   b) Wo mündet der Rhein?  in die Nordsee                               1 P.',
    ].join('\n');
    expect(parseAnswerKey(keyForReading(key)).map((u) => u.maxPoints)).toEqual([2, 1]);
  });
});

describe('statedKeyTotal: a total set off at the end of a note (ADR 0041)', () => {
  it('reads "Gesamt: 40" after a note on the same line', () => {
    expect(statedKeyTotal('1. Frage   4\n\nHalbe Punkte sind zulässig.                    Gesamt: 40')).toBe(
      40,
    );
    expect(statedKeyTotal('Halbe Punkte sind zulässig. Gesamt 40 Schüler')).toBeNull();
  });
});

describe('keyForReading: of two readings that add up only with shares, the one with fewer shares (ADR 0041)', () => {
  it('keeps the right-hand column where the plain reading shares out every part', () => {
    const key = [
      'Erwartungshorizont                                                 Punkte',
      '',
      '1. Nenne Ursachen der Revolution.                                       4',
      '   – politisch: keine Einheit, Zensur                                  (2)',
      '   – sozial: Missernten, Hunger                                         (2)',
      '',
      '2. Beschreibe den Verlauf im März.                                      4',
      '   – Märzforderungen: Pressefreiheit, Parlament                         (2)',
      '   – Barrikadenkämpfe in Berlin                                         (2)',
      '',
      '3. Beurteile das Ergebnis.',
      '   begründetes Urteil',
      '',
      'Halbe Punkte sind zulässig.                                   Gesamt: 10',
    ].join('\n');
    const units = parseAnswerKey(keyForReading(key));
    expect(units.map((u) => [u.maxPoints, u.pointsFromTotal === true])).toEqual([
      [4, false],
      [4, false],
      [2, true],
    ]);
  });
});
