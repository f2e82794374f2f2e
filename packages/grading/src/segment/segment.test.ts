import { describe, expect, it } from 'vitest';
import { isGradingScaleLine, pointsOnLine, segment } from './segment';

const sheet = `Klassenarbeit Biologie
Name: Max Mustermann   Klasse: 7b   Datum: 12.03.2025

Aufgabe 1 (4 P)
Nenne zwei Merkmale.
Antwort: Blätter und Wurzeln.

2. Fotosynthese   4 BE
a) Was entsteht? (2 P)
Sauerstoff und Zucker
b) Wo? ___ / 2
In den Chloroplasten.

3a) Rechne 3 * 4 (1 Punkt)
3 * 4 = 12
3b) Teile 12 durch 4 (1 P)
Teilaufgabe c: Gib an. 2 Punkte
Text`;

describe('segment', () => {
  const seg = segment(sheet);

  it('reads name, class and date into metadata', () => {
    expect(seg.metadata).toEqual({ studentName: 'Max Mustermann', className: '7b', date: '12.03.2025' });
    expect(seg.preamble.startsWith('Klassenarbeit Biologie')).toBe(true);
  });

  it('finds tasks with their points in every notation', () => {
    expect(seg.tasks.map((t) => [t.number, t.maxPoints])).toEqual([
      ['1', 4],
      ['2', 4],
      ['3', 4],
    ]);
  });

  it('finds subtasks (a), 3a), Teilaufgabe c) with their points', () => {
    expect(seg.tasks[1]!.subtasks.map((s) => [s.label, s.maxPoints])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    expect(seg.tasks[2]!.subtasks.map((s) => [s.label, s.maxPoints])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ]);
  });

  it('keeps body offsets into the original text', () => {
    for (const t of seg.tasks) {
      expect(sheet.slice(t.bodyStart, t.bodyStart + t.body.length)).toBe(t.body);
      for (const s of t.subtasks) expect(sheet.slice(s.bodyStart, s.bodyStart + s.body.length)).toBe(s.body);
    }
    expect(seg.tasks[1]!.subtasks[0]!.body).toContain('Sauerstoff und Zucker');
  });

  it('does not take dates or decimals for task numbers', () => {
    const s = segment('12.03.2025 war die Arbeit.\n3.5 m sind gemessen.');
    expect(s.tasks).toEqual([]);
  });

  it('takes a number alone on its line for a task only a small step after the tasks before it', () => {
    const s = segment(
      '1.\na) Wandle 11010 um. (2 P)\n26\nb) Wandle 255 um. (2 P)\nFF\n\n2.\nWie viele Zahlen? (2 P)\n256',
    );
    expect(s.tasks.map((task) => [task.number, task.subtasks.map((sub) => sub.label)])).toEqual([
      ['1', ['a', 'b']],
      ['2', []],
    ]);
    // a task skipped is still a step
    expect(segment('1.\nA\n\n3.\nB').tasks.map((task) => task.number)).toEqual(['1', '3']);
  });

  it('reads parts whose numbering starts again as tasks, their numbered items as subtasks', () => {
    const parts = (text: string) =>
      segment(text).tasks.map((task) => [task.number, task.subtasks.map((sub) => sub.label)]);
    expect(
      parts('Teil A – Lesen\n1. Paris (2 P)\n2. Rom (2 P)\nTeil B – Schreiben\n1. Berlin (2 P)'),
    ).toEqual([
      ['A', ['1', '2']],
      ['B', ['1']],
    ]);
    expect(parts('I. Leseverstehen\n1) Paris\n2) Rom\nII. Wortschatz\n1) Berlin\n2) Madrid')).toEqual([
      ['1', ['1', '2']],
      ['2', ['1', '2']],
    ]);
    // numbered on through the parts: the numbers stay the tasks
    expect(parts('Teil A\n1. Paris\n2. Rom\nTeil B\n3. Berlin').map(([n]) => n)).toEqual(['1', '2', '3']);
  });

  it('returns no tasks and empty metadata for plain prose', () => {
    const s = segment('Ein Aufsatz ohne Aufgaben.');
    expect(s.tasks).toEqual([]);
    expect(s.metadata).toEqual({});
  });
});

describe('pointsOnLine', () => {
  it.each([
    ['Aufgabe 1 (4 P)', 4],
    ['Aufgabe 2 (0,5 Punkte)', 0.5],
    ['3. Fotosynthese 6 BE', 6],
    ['b) Wo? ___ / 6', 6],
    ['Aufgabe 4 [3 P.]', 3],
    ['Aufgabe 5: Erkläre', null],
    ['Aufgabe 6 – 3 Pkt.', 3],
    ['1.1 Bestimme f(x).  4 VP', 4],
    ['a) Wozu? [2]', 2],
    ['Die Leber entgiftet (1 P) und bildet Galle (1 P).', null],
  ])('%s -> %s', (line, points) => {
    expect(pointsOnLine(line)).toBe(points);
  });
});

describe('numbered lists inside answers', () => {
  it('does not split a task at a list when the text uses Aufgabe headers', () => {
    const s = segment('Aufgabe 1 (2 P)\nZwei Gründe:\n1. Licht\n2. Wasser\nAufgabe 2 (1 P)\nText');
    expect(s.tasks.map((t) => t.number)).toEqual(['1', '2']);
    expect(s.tasks[0]!.body).toContain('2. Wasser');
  });
  it('does not split a task at a marked list when an Aufgabe header has that number', () => {
    const s = segment(
      'Aufgabe 1 (3 P)\nNenne drei Gründe.\n1. Licht (1 P)\n2. Wasser (1 P)\n3. CO2 (1 P)\nAufgabe 2 (2 P)\nText',
    );
    expect(s.tasks.map((t) => [t.number, t.maxPoints])).toEqual([
      ['1', 3],
      ['2', 2],
    ]);
    expect(s.tasks[0]!.body).toContain('2. Wasser (1 P)');
  });
  it('does not split at a list that restarts inside a numbered task', () => {
    const s = segment('1. Nenne zwei Gründe.\n2. Erkläre.\n1. erstens\n2. zweitens\n3. Fasse zusammen.');
    expect(s.tasks.map((t) => t.number)).toEqual(['1', '2', '3']);
    expect(s.tasks[1]!.body).toContain('1. erstens');
  });
});

describe('layouts of tasks and subtasks', () => {
  const shape = (text: string) =>
    segment(text).tasks.map((t) => [t.number, t.maxPoints, t.subtasks.map((s) => s.label)]);

  it('reads a task number alone on its line followed by "a)" lines', () => {
    expect(shape('1\na) goed\nb) bought\n\n2\nLast weekend I visited my uncle.')).toEqual([
      ['1', null, ['a', 'b']],
      ['2', null, []],
    ]);
    expect(shape('1.\na) 2 H2 + O2 → 2 H2O\nb) Mg + O2 → MgO\n\n2. Das ist exotherm.')).toEqual([
      ['1', null, ['a', 'b']],
      ['2', null, []],
    ]);
    expect(shape('Aufgabe 1\na) Nomen\nb) Verb\nAufgabe 2\ndass – das')).toEqual([
      ['1', null, ['a', 'b']],
      ['2', null, []],
    ]);
  });

  it('keeps an answer written under its subtask line with that subtask', () => {
    const s = segment(
      'Aufgabe 1 (6 BE)\na) Eisen reagiert mit Sauerstoff.\n4 Fe + 3 O2 → 2 Fe2O3\nb) Aluminium.\n2 Al + O2 → Al2O3',
    );
    expect(s.tasks[0]!.subtasks.map((x) => x.body.trim())).toEqual([
      'Eisen reagiert mit Sauerstoff.\n4 Fe + 3 O2 → 2 Fe2O3',
      'Aluminium.\n2 Al + O2 → Al2O3',
    ]);
  });

  it('takes letter labels for subtasks only in order: "i)" in a list or "c)" again after "d)" start none', () => {
    expect(shape('Aufgabe 1\na) A\nb) B\ni) ein Punkt der Liste\nc) C')).toEqual([
      ['1', null, ['a', 'b', 'c']],
    ]);
    expect(shape('1.1 Bestimme.\nText\na) eins\n1.2 Zeige.\nText')).toEqual([['1', null, ['1', '2']]]);
  });

  it('never takes an equation line for a task', () => {
    const text =
      'Aufgabe 1\na) 3x + 7 = 22   | -7\n3x = 15\nx = 5\n\nb) 5(x - 2) = 2x + 8\n5x - 10 = 2x + 8; 3x = 18\nx = 6';
    expect(shape(text)).toEqual([['1', null, ['a', 'b']]]);
    expect(shape('x = 5')).toEqual([]);
    expect(shape('5x - 10 = 2x + 8; 3x = 18')).toEqual([]);
    expect(shape('1a) x = 2\n1b) 3x = 18')).toEqual([['1', null, ['a', 'b']]]);
  });

  it('reads a heading with a dash and a topic before the points, and an answer after a dash', () => {
    const key = segment('Aufgabe 2 – Fotosynthese (4 P)\nGib die Wortgleichung an.');
    expect(key.tasks[0]).toMatchObject({ number: '2', maxPoints: 4 });
    expect(key.tasks[0]!.body.startsWith('Fotosynthese')).toBe(true);
    const answer = segment('Aufgabe 1 – Im Bundesrat sitzen die Vertreter der Länder.');
    expect(answer.tasks[0]!.body).toBe('Im Bundesrat sitzen die Vertreter der Länder.');
  });

  it('reads Abitur labels A1, B2 and n.m labels', () => {
    expect(shape('A1 Die Feldstärke ist F/q.\n\nA2 Parallel.\n\nB1 E = U / d\n\nB2 F = e · E')).toEqual([
      ['A1', null, []],
      ['A2', null, []],
      ['B1', null, []],
      ['B2', null, []],
    ]);
    expect(shape("1.1 f'(x) = 3x²\n1.2 f'(x) = 0\nx = 3\n1.4 m = f'(0) = -9")).toEqual([
      ['1', null, ['1', '2', '4']],
    ]);
  });

  it('reads the other usual labels: "(1)", "1.)", "Aufgabe 1.2", "Zu Aufgabe 2:", "zu b)", "Task 3", "Exercice 1"', () => {
    expect(shape('(1) Blätter\n(2) Wurzeln')).toEqual([
      ['1', null, []],
      ['2', null, []],
    ]);
    expect(shape('1.) Blätter\n2.) Wurzeln')).toEqual([
      ['1', null, []],
      ['2', null, []],
    ]);
    expect(shape('Aufgabe 1.1 (2 P)\nA\nAufgabe 1.2 (3 P)\nB')).toEqual([['1', 5, ['1', '2']]]);
    expect(shape('Zu Aufgabe 1:\nzu a) Nomen\nzu b) Verb\nZu Aufgabe 2: Das')).toEqual([
      ['1', null, ['a', 'b']],
      ['2', null, []],
    ]);
    expect(shape('Task 3\nB\nExercice 1\na) sommes allés')).toEqual([
      ['3', null, []],
      ['1', null, ['a']],
    ]);
  });

  it('takes a text without any label for no task, and totals and grading tables for none', () => {
    expect(shape('Sollten Handys verboten werden?\n\nImmer mehr Schulen verbieten Handys.')).toEqual([]);
    const s = segment(
      '1. Nenne. (2 P)\nA\n2. Erkläre. (3 P)\nB\n\nGesamt: 30 P\nNotenschlüssel: 5–4 P: 1 | 3 P: 2',
    );
    expect(s.tasks.map((t) => t.number)).toEqual(['1', '2']);
    expect(s.tasks[1]!.body).not.toContain('Gesamt');
    const answer = segment('1. Lena kauft ein.\nInsgesamt 30 € kostet alles.\n2. Text');
    expect(answer.tasks[0]!.body).toContain('Insgesamt 30 €');
  });
});

describe('one label style per level', () => {
  it('reads "(1)", "(2)" under a task labelled "1)" as its gaps, not as tasks', () => {
    const s = segment('1)\n(1) 16\n(2) Berlin\n(3) Zugspitze\n\n2)\na) B\nb) Elbe\n\n3)\na) richtig');
    expect(s.tasks.map((t) => [t.number, t.subtasks.map((x) => x.label)])).toEqual([
      ['1', []],
      ['2', ['a', 'b']],
      ['3', ['a']],
    ]);
    expect(s.tasks[0]!.body).toContain('(3) Zugspitze');
  });

  it('keeps "(1)" as the task label of a sheet that numbers its tasks so', () => {
    expect(segment('(1) Blätter\n(2) Wurzeln\n(3) Stängel').tasks.map((t) => t.number)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('reads "A1", "A2" with one letter as tasks 1, 2 and "(1)" alone on its line as a task', () => {
    expect(segment('A1\nBerlin\nA2: Rhein').tasks.map((t) => t.number)).toEqual(['1', '2']);
    expect(segment('(1)\nBerlin\n(2)\nRhein').tasks.map((t) => t.number)).toEqual(['1', '2']);
  });

  it('reads Roman task numbers "Aufgabe I", "Aufgabe IV" as 1 and 4', () => {
    expect(segment('Aufgabe I (3 P)\nBerlin\nAufgabe IV – Rhein').tasks.map((t) => t.number)).toEqual([
      '1',
      '4',
    ]);
  });

  it('reads task numbers alone on their line over items numbered from 1 again as tasks with subtasks', () => {
    const seg = segment(
      'Niklas 7c\n\n1.\n1. sont\n2. as\n\n2.\n1. Je ne parle pas anglais.\n2. Il n’a pas de vélo.',
    );
    expect(seg.tasks.map((t) => [t.number, t.subtasks.map((s) => s.label)])).toEqual([
      ['1', ['1', '2']],
      ['2', ['1', '2']],
    ]);
    // numbers alone over plain answers stay tasks without subtasks
    expect(segment('1.\nBerlin\n2.\nRhein').tasks.map((t) => [t.number, t.subtasks.length])).toEqual([
      ['1', 0],
      ['2', 0],
    ]);
  });

  it('reads a task answered out of order, but not a list restarting inside an answer', () => {
    expect(segment('1. Berlin\n3. Rhein\n2. Donau').tasks.map((t) => t.number)).toEqual(['1', '3', '2']);
    const listed = segment('1. Berlin\n3. Gründe:\n1. Lage\n2. Handel');
    expect(listed.tasks.map((t) => t.number)).toEqual(['1', '3']);
  });

  it('reads Roman numerals alone on their line as tasks, and a repeated "F1" as no label', () => {
    const essay = segment('I.\nDer Text handelt von …\n\nII.\nDie Autorin nutzt …\n\nIII.\nIch stimme zu.');
    expect(essay.tasks.map((t) => [t.number, t.body.trim()])).toEqual([
      ['1', 'Der Text handelt von …'],
      ['2', 'Die Autorin nutzt …'],
      ['3', 'Ich stimme zu.'],
    ]);
    const lever = segment('1.\nF1 · l1 = F2 · l2\nF1 = 120 Nm : 1,2 m = 100 N\n2. Holz – B');
    expect(lever.tasks.map((t) => t.number)).toEqual(['1', '2']);
  });

  it('reads subtask labels inside a line, in order', () => {
    const sheet = segment(
      'A1: a) prop. b) antiprop. c) keins\nA2: a) 15,80 €\nb) Nein, wegen der Grundgebühr (a) ist fix).',
    );
    expect(sheet.tasks.map((t) => [t.number, t.subtasks.map((s) => [s.label, s.body.trim()])])).toEqual([
      [
        '1',
        [
          ['a', 'prop.'],
          ['b', 'antiprop.'],
          ['c', 'keins'],
        ],
      ],
      [
        '2',
        [
          ['a', '15,80 €'],
          ['b', 'Nein, wegen der Grundgebühr (a) ist fix).'],
        ],
      ],
    ]);
    // a letter in brackets inside the text, or out of order, is no label
    expect(segment('1. Die Funktion f hat bei x = 2 c) kein Maximum.').tasks[0]!.subtasks).toHaveLength(0);
  });

  it('reads "1 …", "2 …", "3 …" as the tasks of a sheet with no other labels', () => {
    const sheet = segment('Jonas 6b\n\n1 Hund, Katze\n2 drei Beine\n3 Die Katze jagt 2 Mäuse.\n4 im Winter');
    expect(sheet.tasks.map((t) => [t.number, t.body.trim()])).toEqual([
      ['1', 'Hund, Katze'],
      ['2', 'drei Beine'],
      ['3', 'Die Katze jagt 2 Mäuse.'],
      ['4', 'im Winter'],
    ]);
    // two numbered lines are no sequence: a text that starts two lines with numbers stays whole
    expect(segment('2 Äpfel kosten 1 €.\n1 Birne kostet mehr.').tasks).toHaveLength(0);
  });

  it('reads "zu 1)" and "zu 2." as task labels', () => {
    const s = segment('zu 1) Die Hauptstadt ist Berlin.\nzu 2.\nDer Rhein');
    expect(s.tasks.map((t) => [t.number, t.body.trim()])).toEqual([
      ['1', 'Die Hauptstadt ist Berlin.'],
      ['2', 'Der Rhein'],
    ]);
  });
});

describe('name and class lines', () => {
  it.each([
    ['Name: Lena Schmidt, Klasse 7b\nAufgabe 1', { studentName: 'Lena Schmidt', className: '7b' }],
    ['Name: Finn Becker\nKlasse: 7b\n\n1. Text', { studentName: 'Finn Becker', className: '7b' }],
    ['Lena Schmidt\n7b\n\n1. Text', { className: '7b' }],
    ['Kurztest Brüche                     Name: Jonas\n\n1) Kürze.', { studentName: 'Jonas' }],
    ['Name: Mia Kowalski, Kl. 5c\nAufgabe 1', { studentName: 'Mia Kowalski', className: '5c' }],
    ['Lena Schmidt, 7b\n\n1. Text', { studentName: 'Lena Schmidt', className: '7b' }],
    ['Lena Schmidt 7b\n\n1. Text', { studentName: 'Lena Schmidt', className: '7b' }],
    ['Name: Schmidt, Lena   Klasse: 7 b\n1. Text', { studentName: 'Lena Schmidt', className: '7b' }],
    ['Mathe Test 7b\n\n1. Text', {}],
  ])('%j', (text, metadata) => {
    expect(segment(text).metadata).toEqual(metadata);
  });
});

describe('isGradingScaleLine', () => {
  it.each([
    ['Notenschlüssel: 10–9 P: 1 | 8 P: 2', true],
    ['Bewertung: 1 ab 85 %, 2 ab 70 %', true],
    ['1: 46–50 P', true],
    ['2 = 40–45 Punkte', true],
    ['Note 1: ab 17 VP', true],
    ['sehr gut: 15–13 P', true],
    ['4 : 2', false],
    ['2 = 2', false],
    ['1: Die Leber entgiftet das Blut.', false],
  ])('%s -> %s', (line, expected) => {
    expect(isGradingScaleLine(line)).toBe(expected);
  });
});

describe('segment: task labels of keys without "Aufgabe"', () => {
  const shape = (text: string) =>
    segment(text).tasks.map((t) => [t.number, t.maxPoints, t.subtasks.map((s) => s.label).join('')]);

  it('reads "3. a)" as task 3 with its first subtask', () => {
    const text =
      '1. Rechne 4 · 5.  [1 P]\n2. a) Wandle 2 m in cm um.  [1 P]\n   b) Wandle 3 kg in g um.  [1 P]';
    expect(shape(text)).toEqual([
      ['1', 1, ''],
      ['2', 2, 'ab'],
    ]);
  });

  it('reads Roman numerals and "Part A" as the tasks where no numbered task stands in them', () => {
    const roman =
      'I. Nenne die Planeten.  (max. 3 P)\n   Merkur, Venus, Erde\n\nII. Erkläre Ebbe.  (max. 2 P)\n   Mond';
    expect(shape(roman)).toEqual([
      ['1', 3, ''],
      ['2', 2, ''],
    ]);
    const parts =
      'Part A  Vocabulary (4 marks)\n  a) house – Haus\n  b) tree – Baum\nPart B  Writing (6 marks)\n  a letter';
    expect(shape(parts)).toEqual([
      ['A', 4, 'ab'],
      ['B', 6, ''],
    ]);
    // letters alone before a title with points ("B Listening (5 P)"), their items numbered from 1 again;
    // not the options of a matching task
    expect(shape('A Listening (5 P)\n  1. Tom\n  2. Ann\nB Reading (3 P)\n  1. true')).toEqual([
      ['A', 5, '12'],
      ['B', 3, '1'],
    ]);
    expect(segment('1. Ordne zu (4 P)\nA leicht, Metall\nB schwer, Metall (2 P)').tasks).toHaveLength(1);
  });

  it('reads a run of unindented "1 Ein …", "2 Ein …" lines as tasks without points, their lists inside', () => {
    const text = [
      '1 Ein Zug fährt 240 km in 3 h.',
      '  a) Berechne die Geschwindigkeit.  v = 80 km/h  (2 P)',
      '     1. Formel  2. Einsetzen',
      '2 Ein Auto bremst.',
      '  a) Nenne zwei Gründe.  Reaktionszeit, Bremsweg  (2 P)',
    ].join('\n');
    expect(shape(text)).toEqual([
      ['1', 2, 'a'],
      ['2', 2, 'a'],
    ]);
    // one such line is a sentence, not a task
    expect(segment('3 Kinder spielen im Hof.').tasks).toEqual([]);
  });

  it('reads "2 there is / there are  /4" as the next task, not "5 h 40 min + …"', () => {
    expect(shape('1 Simple past  /3\n  went, saw, came\n2 there is / there are  /4\n  There is')).toEqual([
      ['1', 3, ''],
      ['2', 4, ''],
    ]);
    expect(shape('1) Wie lange? (2 P)\n   5 h 40 min + 50 min = 6 h 30 min (2 P)')).toEqual([['1', 2, '']]);
  });

  it('reads "Bewertung: 6 Punkte" as a score field, not as a Notenschlüssel line', () => {
    expect(isGradingScaleLine('   Bewertung: 6 Punkte (je Art 2)')).toBe(false);
    expect(isGradingScaleLine('Bewertung: 1 ab 90 %, 2 ab 75 %')).toBe(true);
  });
});

describe('segment: lettered parts and abbreviations of other schools', () => {
  it('reads letters set apart by two spaces, alone on their line or before a colon as the parts', () => {
    const key =
      'A  Complete the if-clauses.\n   1 will stay\nB  Join the sentences.\n   a) whose\n   b) which';
    expect(segment(key).tasks.map((t) => [t.number, t.subtasks.map((s) => s.label)])).toEqual([
      ['A', []],
      ['B', ['a', 'b']],
    ]);
    const sheet =
      'Name: Tobias\n\nA\n1 will stay\n2 had\nB:\n1. Ayer no hice mis deberes.\n2. Íbamos a la playa.\nC: ¡Hola Marta!';
    expect(segment(sheet).tasks.map((t) => [t.number, t.subtasks.map((s) => s.label)])).toEqual([
      ['A', []],
      ['B', ['1', '2']],
      ['C', []],
    ]);
    expect(segment(sheet).tasks[2]!.body.trim()).toBe('¡Hola Marta!');
  });

  it('keeps a letter answer inside a numbered task, and numbered tasks across parts', () => {
    // a multiple-choice answer alone on its line is no part
    expect(segment('1.\nA\n\n2.\nB').tasks.map((t) => t.number)).toEqual(['1', '2']);
    // numbers that go on across the parts are the tasks
    expect(segment('A  Teil eins\n1. x\n2. y\nB  Teil zwei\n3. z').tasks.map((t) => t.number)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('reads a letter alone after Abitur labels as its own task, and „Ex. 1“ as a task', () => {
    expect(segment('A1 Because.\nA2 Cold.\nB1 will stay\n\nC\nHi Priya,').tasks.map((t) => t.number)).toEqual(
      ['A1', 'A2', 'B1', 'C'],
    );
    expect(segment('Ex. 1\nwent, saw\nEx. 2\na) Tom didn’t play.').tasks.map((t) => t.number)).toEqual([
      '1',
      '2',
    ]);
  });
});

describe('segment: numbers with a colon', () => {
  it('reads „1: …“ and „zu 1: …“ as task labels, not a time or a ratio', () => {
    expect(
      segment('1: ganze Note = 4 Viertel\n2: zwei\n3: Der Punkt verlängert').tasks.map((t) => t.number),
    ).toEqual(['1', '2', '3']);
    expect(segment('zu 1: 13 = 1011\nzu 2: 1011 + 0110').tasks.map((t) => t.number)).toEqual(['1', '2']);
    expect(segment('Aufgabe 1\nUm 10:30 Uhr beginnt es.\nVerhältnis 1:3').tasks.map((t) => t.number)).toEqual(
      ['1'],
    );
  });
});

describe('segment: a division is no label', () => {
  it('keeps „22 : 2 = 11 Rest 0“ inside its task', () => {
    expect(
      segment('1.\na) 45 : 2 = 22 Rest 1\n22 : 2 = 11 Rest 0\n2 : 2 = 1 Rest 0\n2.\n16').tasks.map(
        (t) => t.number,
      ),
    ).toEqual(['1', '2']);
  });
});

describe('segment: a pupil who starts with a later task', () => {
  it('takes „zu 4:“ alone on its line as task 4, before „zu 1:“', () => {
    expect(
      segment('zu 4:\na) 12 Kinder\nb) 9 Kinder\nzu 1:\na) 7/8\nzu 2: 3/4').tasks.map((t) => t.number),
    ).toEqual(['4', '1', '2']);
  });
});

describe('segment: a part whose first item stands on its heading line', () => {
  it('reads „II. 1. amicos – clamare“ over „2. se …“ as part II', () => {
    const sheet =
      'I. Marcus hört die Freunde.\nII. 1. amicos – clamare\n2. se bezieht sich auf den Vater.\nIII. audit: 3. Person\nIV. Er ist das Oberhaupt.';
    expect(segment(sheet).tasks.map((t) => t.number)).toEqual(['1', '2', '3', '4']);
  });
});

describe('segment: a name line with the class after a comma', () => {
  it('reads „Name: Jonas Weber, 7c“ as the name and the class', () => {
    expect(segment('Name: Jonas Weber, 7c\n\n1. went').metadata).toMatchObject({
      studentName: 'Jonas Weber',
      className: '7c',
    });
  });
});

describe('segment: tasks numbered before a word in small letters', () => {
  it('reads „1 is reading 2 are …“, „2 There is …“ in a run from 1 as the tasks', () => {
    expect(
      segment(
        'Ayla 5a\n\n1 is reading 2 are plaing\n\n2 There is, There are\n\n3 a) Does she like pizza?\n\n4 My room is big.',
      ).tasks.map((t) => t.number),
    ).toEqual(['1', '2', '3', '4']);
  });
});

describe('segment: numbers alone are parts only at the top level', () => {
  it('keeps „1) Fell, …“ over „2)“ alone with a cloze’s „(1) Wolf“ as tasks 1 to 4', () => {
    const sheet =
      'Felix, 5a\n\n1) Fell, Zähne\n\n2)\n(1) Wolf\n(2) Rudel\n(4) Eckzähnen\n\n3)\nA [x]\n\n4) Weil sie einen Winterschlaf machen.';
    expect(segment(sheet).tasks.map((t) => t.number)).toEqual(['1', '2', '3', '4']);
  });
});

describe('segment: parts with a full stop or a Roman numeral before the instruction', () => {
  it('reads „A. Schreibe …“ and „I Bestimme …“ as the parts of a key', () => {
    expect(
      segment(
        'A. Schreibe die Formen.\n   1 ging  2 sah\nB. Verneine die Sätze.\n   1 Er kam nicht.',
      ).tasks.map((t) => t.number),
    ).toEqual(['A', 'B']);
    expect(
      segment(
        'I Bestimme die Formen:\n  1 rosae: Gen. Sg.\nII Bilde die Formen:\n  1 amicorum\nIII Übersetze:\n  Er ruft.',
      ).tasks.map((t) => t.number),
    ).toEqual(['1', '2', '3']);
    // an initial before a name is no part
    expect(segment('1. A. Müller schrieb den Brief.\n2. Berlin').tasks.map((t) => t.number)).toEqual([
      '1',
      '2',
    ]);
  });
});

describe('segment: tasks numbered 1, 2, 3 … before a formula', () => {
  it('reads „2 [x² + x] …“, „3 x² - 4 = 0“ as tasks where such lines number the sheet in a run', () => {
    const sheet =
      'Tom\n\n1 a) F(x) = x³\nb) G(x) = e^x\n2 [1/3 x³ + x] von 0 bis 2 = 14/3\n3 x² - 4 = 0 → x = 2\n∫ (x² - 4) dx = -32/3\n4 falsch, denn …';
    expect(segment(sheet).tasks.map((t) => t.number)).toEqual(['1', '2', '3', '4']);
    // lines of a calculation that open with numbers out of order are no tasks
    expect(segment('1. Rechne.\n2 · 3 = 6\n4 · 5 = 20\n2. Fertig').tasks.map((t) => t.number)).toEqual([
      '1',
      '2',
    ]);
  });
});

describe('segment: a sheet that answers a key of lettered parts', () => {
  it('reads „A 1 … 2 …“ and „C Samedi, …“ as the parts A, B, C', () => {
    const sheet =
      'A 1 nous avons mangé 2 elle est allée\nB 1 Je n’ai pas regardé la télé.\nC Samedi, je suis allée au marché.';
    expect(segment(sheet).tasks.map((t) => t.number)).toEqual(['A', 'B', 'C']);
  });
});

describe('segment: parts in a row under one mark with its note', () => {
  it('gives each part of „a) … b) … c) …   3 P. (je 1 P.)“ what the note says', () => {
    const key =
      '1. Wandle um.\n   a) 2 m = 200 cm   b) 3 kg = 3000 g   c) 1 h = 60 min        3 P. (je 1 P.)\n2. x (1 P.)';
    const [task] = segment(key).tasks;
    expect(task!.subtasks.map((s) => [s.label, s.maxPoints])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
  });
});

describe('segment: a Bewertungsraster of parts and criteria', () => {
  it("takes „B  Darstellung“ over „B1 …“ as the part's title, not the content of A2", () => {
    const key = 'A  Inhalt\n   A1  Einleitung  3\n   A2  Schluss  3\nB  Darstellung\n   B1  Aufbau  2';
    const seg = segment(key);
    expect(seg.tasks.map((t) => t.number)).toEqual(['A1', 'A2', 'B1']);
    expect(seg.tasks[1]!.body).not.toContain('Darstellung');
  });

  it('reads „A (1) is swimming (2) …“ as part A', () => {
    const sheet = 'A (1) is swimming (2) are playing\nB\n1 Sue isn’t reading.\nC 1 plays 2 is playing';
    expect(segment(sheet).tasks.map((t) => t.number)).toEqual(['A', 'B', 'C']);
  });
});

describe('segment: Roman parts alone on their line over items numbered with a space', () => {
  it('reads „I“, „II“, „III …“ as the parts and „1 servos …“ as their items, not as tasks', () => {
    const sheet =
      'Sophie 6b\nI\n1 servos Akk. Pl.\n2 puellae Gen. Sg.\nII\n1 amicorum\n2 villa\nIII Marcus und Cornelia sind auf dem Forum.';
    expect(segment(sheet).tasks.map((t) => t.number)).toEqual(['1', '2', '3']);
    expect(segment(sheet).tasks[0]!.body).toContain('puellae');
  });
});

describe('segment: the options of a choice in a row over the letter chosen', () => {
  it('keeps „a) Wasser   b) Vakuum   c) Holz“ over „b“ in the task, no subtasks', () => {
    const key =
      '1. Kreuze an: Schall breitet sich nicht aus im …\n   a) Wasser   b) Vakuum   c) Holz\n   b\n2. Nenne x.';
    expect(segment(key).tasks[0]!.subtasks).toEqual([]);
    // parts in a row with their own answers stay subtasks
    expect(
      segment('1. Rechne.\n   a) 2 + 2 = 4   b) 3 + 3 = 6\n2. x').tasks[0]!.subtasks.map((s) => s.label),
    ).toEqual(['a', 'b']);
  });
});

describe('segment: tasks numbered „2    g durch A …“ above a Notenpunkte list, and steps with a closing total', () => {
  it('reads the run 1 … 5 although „8 ab 60 %“ starts a line below, and the set-off total as the points', () => {
    const key = [
      '1 a) AB = (2|−4|4) [1 BE]; |AB| = 6 [2 BE]                 3 BE',
      '  b) M = (2|0|2)                                          2 BE',
      '2    g: x = (1|2|0) + r·(2|−4|4)                            2 BE',
      '3    Lage: parallel (1), windschief (1)                     2 BE',
      '4    D = (−3|4|−2) [2 BE];',
      '     Nachweis AB = DC [2 BE]                                4 BE',
      '5    Zwei Geraden einer Ebene schneiden sich                 2 BE',
      '',
      'Umrechnung: 15 NP ab 95 % | 14 ab 90 % | 9 ab 65 % |',
      '8 ab 60 % | 7 ab 55 % | 0 unter 20 %',
    ].join('\n');
    const seg = segment(key);
    expect(seg.tasks.map((t) => [t.number, t.maxPoints])).toEqual([
      ['1', 5],
      ['2', 2],
      ['3', 2],
      ['4', 4],
      ['5', 2],
    ]);
    expect(seg.tasks[0]!.subtasks.map((s) => s.maxPoints)).toEqual([3, 2]);
  });
});

describe('segment: „Task A“, „Task B“ as parts', () => {
  it('reads „Task A – Mediation“ and „Task B – Comment“ as the tasks, their numbered aspects inside', () => {
    const key =
      'Task A – Mediation (10 P.)\n   (1) about 40 % volunteer\n   (2) short projects\n\nTask B – Comment (10 P.)\n   introduction, clear position';
    expect(segment(key).tasks.map((t) => t.number)).toEqual(['A', 'B']);
  });

  it('reads „Teilaufgabe A (AFB I) …“ as part A, with its points set off at the end of its wrapped heading', () => {
    const key =
      'Teilaufgabe A (AFB I)  Beschreiben Sie das Modell.      12 BE\n   i  Register  2 BE\n\nTeilaufgabe B (AFB II) Erklären Sie.   8 BE\n   i  Aufmerksamkeit  2 BE';
    expect(segment(key).tasks.map((t) => t.number)).toEqual(['A', 'B']);
  });
});

describe('segment: a matching answered „A 2, B 1, C 3“', () => {
  it('keeps the line as the answer of its task, no points line', () => {
    const seg = segment('1\nfoo bar\n\n2\nA 2, B 1, C 3\n\n3\nbar baz');
    expect(seg.tasks.map((t) => t.body.trim())).toEqual(['foo bar', 'A 2, B 1, C 3', 'bar baz']);
  });
});

describe('segment: numbered items indented under tasks numbered at the line start', () => {
  it('keeps „   3 Tom, whose …“ in task 2 and reads the next task at the line start as task 3', () => {
    const key = [
      '1  Fill in who, which or whose.        4 P',
      '   1 who   2 which   3 whose   4 who',
      '2  Join the sentences.',
      '   1 The girl who lives next door is my friend.      2 P',
      '   2 The bike which I bought is broken.              2 P',
      '   3 Tom, whose father is a doctor, is my friend.    2 P',
      '3  Defining or non-defining?            2 P',
      '   a) D    b) N',
    ].join('\n');
    const seg = segment(key);
    expect(seg.tasks.map((t) => t.number)).toEqual(['1', '2', '3']);
    expect(seg.tasks[1]!.body).toContain('3 Tom, whose father');
  });
});

describe('segment: exercises labelled by a number alone, with numbered items under them', () => {
  it('reads the numbers alone as the tasks and the items as their subtasks', () => {
    const text = [
      '1',
      '1. has got',
      '2. have got',
      '3. hasn’t got',
      '',
      '2',
      'a) This is Tom’s bag.',
      'b) These are the girls’ bikes.',
      '',
      '3',
      'grandma, uncle, cousin',
    ].join('\n');
    const s = segment(text);
    expect(s.tasks.map((t) => [t.number, t.subtasks.map((x) => x.label).join(',')])).toEqual([
      ['1', '1,2,3'],
      ['2', 'a,b'],
      ['3', ''],
    ]);
  });
});

describe('segment: task labels of Spanish and Italian sheets (ADR 0041)', () => {
  it('reads "Ejercicio 1", "Ej. 2" and "Esercizio 3" as tasks', () => {
    const seg = segment('Ejercicio 1\nhabla, come\n\nEj. 2\nno hables\n\nEsercizio 3\nparlo');
    expect(seg.tasks.map((t) => t.number)).toEqual(['1', '2', '3']);
  });
});
