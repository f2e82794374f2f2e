import { describe, expect, it } from 'vitest';
import { alignUnits } from './units';

const keyed = (text: string, key: string) =>
  alignUnits(text, { kind: 'text', text: key }).units.map((u) => [
    `${u.taskNumber}${u.subtaskLabel !== u.taskNumber ? u.subtaskLabel : ''}`,
    u.maxPoints,
    u.answer.trim(),
  ]);

describe('alignUnits with a key as text', () => {
  it('takes an essay without any label as the answer to a one-task key', () => {
    const a = alignUnits('Handys lenken ab.\n\nSie helfen aber beim Lernen.', {
      kind: 'text',
      text: 'Frage 7 (2 P): Sollten Handys verboten werden?\nAblenkung (1 P), Lernhilfe (1 P)',
    });
    expect(a.unplaced).toEqual([]);
    expect(a.units.map((u) => u.answer)).toEqual(['Handys lenken ab.\n\nSie helfen aber beim Lernen.']);
  });

  it('takes a one-task answer whose numbers are a list of reasons as one answer', () => {
    const key =
      'Aufgabe 1.6 (2 P): Which encoding should be used? Give reasons.\nBinary encoding (1 P), best use of the bandwidth (1 P)';
    const prose =
      'I think binary encoding should be used in this network. The reasons are the following ones:\n1. The clocks are perfect.\n2. The bandwidth is used best.';
    expect(keyed(prose, key)).toEqual([['16', 2, prose]]);
    const list = 'Binary encoding.\n1. The clocks are perfect.\n2. The bandwidth is used best.';
    expect(keyed(list, key)).toEqual([['16', 2, list]]);
    // a line of the answer that repeats some of the question's words is still the answer
    expect(keyed('Binary encoding should be used.\nIt uses the bandwidth best.', key)[0]![2]).toBe(
      'Binary encoding should be used.\nIt uses the bandwidth best.',
    );
  });

  it('starts the whole text as one answer after the name lines', () => {
    const key = 'Aufgabe 1 (2 P)\nNenne zwei Organe.\nHerz (1 P), Lunge (1 P)';
    expect(keyed('Name: Lena Schmidt, Klasse 7b\n\nHerz und Lunge', key)).toEqual([
      ['1', 2, 'Herz und Lunge'],
    ]);
  });

  it('drops the question the student copied above the answer', () => {
    const key = 'Aufgabe 1\na) Eisen reagiert mit Sauerstoff zu Eisenoxid. (2 P)\n4 Fe + 3 O2 → 2 Fe2O3';
    expect(
      keyed('Aufgabe 1\na) Eisen reagiert mit Sauerstoff zu Eisenoxid.\n4 Fe + 3 O2 → 2 Fe2O3', key),
    ).toEqual([['1a', 2, '4 Fe + 3 O2 → 2 Fe2O3']]);
    expect(
      keyed(
        '1. Nenne zwei Merkmale. (2 P)\nBlätter und Wurzeln.',
        '1. Nenne zwei Merkmale. (2 P)\nBlätter (1 P), Wurzeln (1 P)',
      ),
    ).toEqual([['1', 2, 'Blätter und Wurzeln.']]);
  });

  it('gives each subtask of the key the whole task when the student wrote it without subtask labels', () => {
    const key = 'Aufgabe 1\na) Nenne ein Organ. (1 P)\nLeber\nb) Nenne ein zweites. (1 P)\nNiere';
    expect(keyed('Aufgabe 1\nLeber und Niere', key)).toEqual([
      ['1a', 1, 'Leber und Niere'],
      ['1b', 1, 'Leber und Niere'],
    ]);
  });

  it('aligns subtasks by position when the student labels them otherwise ("1.1" in the key, "a)" in the answer)', () => {
    const key = "1.1 Bestimme f'(x). (2 P)\nf'(x) = 2x\n1.2 Bestimme f'(1). (1 P)\nf'(1) = 2";
    expect(keyed("Aufgabe 1\na) f'(x) = 2x\nb) f'(1) = 2", key)).toEqual([
      ['1', 2, "f'(x) = 2x"], // subtask 1 of task 1
      ['12', 1, "f'(1) = 2"],
    ]);
  });

  it('aligns "1.a)", "1 a)", "a." and a number alone on its line', () => {
    const key = '1\na) Hund (1 P)\nNomen\nb) bellt (1 P)\nVerb\n2\nc) laut (1 P)\nAdjektiv';
    expect(keyed('1.a) Nomen\n1.b) Verb\n2\nc. Adjektiv', key).map((u) => u[2])).toEqual([
      'Nomen',
      'Verb',
      'Adjektiv',
    ]);
  });
});

describe('alignUnits: a test labelled a), b) only', () => {
  it('takes the letters for the tasks in the key and in the answer', () => {
    const key = 'a) Nenne zwei Organe. (2 P)\nHerz (1 P), Lunge (1 P)\nb) Was pumpt das Herz? (1 P)\nBlut';
    expect(keyed('a) Herz und Lunge\nb) Blut', key)).toEqual([
      ['a', 2, 'Herz und Lunge'],
      ['b', 1, 'Blut'],
    ]);
  });
});

describe('alignUnits: a sheet whose labels the key does not have', () => {
  const key = '1. Nenne zwei Organe. (2 P)\nHerz (1 P), Lunge (1 P)\n2. Was pumpt das Herz? (1 P)\nBlut';

  it('reads as many tasks as the key has in order, and leaves the placing to the teacher', () => {
    const a = alignUnits('a) Herz und Lunge\nb) Blut', { kind: 'text', text: key });
    expect(a.units.map((u) => [u.taskNumber, u.answer.trim()])).toEqual([
      ['1', 'Herz und Lunge'],
      ['2', 'Blut'],
    ]);
    expect(a.unplaced).toEqual(['1', '2']);
  });

  it('names the writing under labels the key has no task for', () => {
    const a = alignUnits('1. Herz und Lunge\n2. Blut\n3. Die Niere filtert.', { kind: 'text', text: key });
    expect(a.unplaced).toEqual([]);
    expect(a.foreign).toEqual(['3']);
  });

  it('places the blocks of a sheet with other labels by order and content', () => {
    const a = alignUnits('a) Herz\nb) Lunge\nc) Niere\n\nDas Herz pumpt Blut.', { kind: 'text', text: key });
    expect(a.units.map((u) => [u.taskNumber, u.answer.trim()])).toEqual([
      ['1', 'a) Herz\nb) Lunge\nc) Niere'],
      ['2', 'Das Herz pumpt Blut.'],
    ]);
  });
});

describe('alignUnits without a key', () => {
  it('reads each task’s and subtask’s maximum from the sheet', () => {
    const text = `Aufgabe 1 (6 BE)\na) 4 Fe + 3 O2 → 2 Fe2O3\nb) 2 Al + O2 → Al2O3\nc) 2 CuO + C → 2 Cu + CO2
Aufgabe 2 (je 1 P)\na) Nomen\nb) Verb\nAufgabe 3 (4 BE)\nText`;
    const units = alignUnits(text, undefined).units;
    expect(units.map((u) => [u.taskNumber, u.subtaskLabel, u.maxPoints])).toEqual([
      ['1', 'a', 2],
      ['1', 'b', 2],
      ['1', 'c', 2],
      ['2', 'a', 1],
      ['2', 'b', 1],
      ['3', '3', 4],
    ]);
    expect(units.every((u) => u.key.kind === 'none')).toBe(true);
  });
});

describe('alignUnits: a part the key assesses over the whole work', () => {
  it('gives the Darstellungsleistung all of the work as its answer, and leaves the tasks their own', () => {
    const key = [
      'Aufgabe 1: Nenne das Thema. (Punkte: 2)',
      ' Klimawandel (2)',
      'Aufgabe 2: Nimm Stellung. (Punkte: 4)',
      ' eigene Position (2); Begründung (2)',
      '',
      'Darstellungsleistung (Punkte: 3)',
      ' Gliederung (1); sprachliche Richtigkeit (2)',
    ].join('\n');
    const text = '1. Es geht um den Klimawandel.\n2. Ich finde, wir müssen handeln, weil es wärmer wird.';
    const a = alignUnits(text, { kind: 'text', text: key });
    expect(a.unplaced).toEqual([]);
    expect(a.units.map((u) => [u.taskNumber, u.maxPoints, u.answer.trim()])).toEqual([
      ['1', 2, 'Es geht um den Klimawandel.'],
      ['2', 4, 'Ich finde, wir müssen handeln, weil es wärmer wird.'],
      ['Darstellungsleistung', 3, text],
    ]);
  });
});

describe('alignUnits: the key’s parts with numbered items, the pupil’s labels joining both', () => {
  it('finds item 2 of part A under „A2“', () => {
    const key = [
      'A Listening (3 P)',
      '  1. Who is calling? – Tom (1 P)',
      '  2. Where is he? – at the station (2 P)',
      'B Vocabulary (2 P)',
      '  1. Hund – dog (1 P)',
      '  2. Katze – cat (1 P)',
    ].join('\n');
    const text = 'A1 Tom\nA2 He is at the station.\nB1 dog\nB2 cat';
    const a = alignUnits(text, { kind: 'text', text: key });
    expect(a.unplaced).toEqual([]);
    expect(a.units.map((u) => [`${u.taskNumber}${u.subtaskLabel}`, u.answer.trim()])).toEqual([
      ['A1', 'Tom'],
      ['A2', 'He is at the station.'],
      ['B1', 'dog'],
      ['B2', 'cat'],
    ]);
  });
});
