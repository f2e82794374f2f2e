import { describe, expect, it } from 'vitest';
import { pointsOnLine, segment } from './segment';

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
  it('does not split at a list that restarts inside a numbered task', () => {
    const s = segment('1. Nenne zwei Gründe.\n2. Erkläre.\n1. erstens\n2. zweitens\n3. Fasse zusammen.');
    expect(s.tasks.map((t) => t.number)).toEqual(['1', '2', '3']);
    expect(s.tasks[1]!.body).toContain('1. erstens');
  });
});
