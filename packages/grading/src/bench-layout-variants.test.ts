// The rewrites of bench:layouts (bench/layout-variants.ts) change the form of a test and nothing else; a
// rewrite that silently did something else would change what the benchmark measures.
import { describe, expect, it } from 'vitest';
import {
  addNameLine,
  addTotalLine,
  crossOut,
  hyphenate,
  keyAsTable,
  parseLabels,
  pointsBelowParts,
  removeLabels,
  restyleSubtasks,
  restyleTasks,
  rewritePoints,
  swapTasks,
  type GoldShape,
} from '../bench/layout-variants';

const shape: GoldShape = {
  tasks: ['1', '2'],
  subs: new Map([['1', ['a', 'b']]]),
  fullTasks: ['2'],
};
const answer = `Aufgabe 1
a) 3x = 15
b) x = 5

Aufgabe 2
Die Fotosynthese ist ein Vorgang in den Chloroplasten.
2 Al + O2 → Al2O3`;
const text = (r: { text: string } | { skip: string }) => ('text' in r ? r.text : `SKIP ${r.skip}`);

describe('bench:layouts rewrites', () => {
  it('reads labels at line starts only where they fit the gold', () => {
    expect(parseLabels(answer, shape).map((l) => `${l.kind} ${l.task}${l.sub ?? ''}`)).toEqual([
      'task 1',
      'sub 1a',
      'sub 1b',
      'task 2',
    ]);
    expect(parseLabels('1a) x\n1b) y\n2) z', shape).map((l) => `${l.kind} ${l.task}${l.sub ?? ''}`)).toEqual([
      'both 1a',
      'both 1b',
      'task 2',
    ]);
  });

  it('restyles task and subtask labels, and says when there is nothing to restyle', () => {
    expect(text(restyleTasks(answer, shape, 'zu 1)'))).toBe(answer.replace(/Aufgabe (\d)/g, 'zu $1)'));
    expect(text(restyleTasks('1a) x\n1b) y\n2) z', shape, 'Aufgabe 1'))).toBe(
      'Aufgabe 1\na) x\nb) y\nAufgabe 2: z',
    );
    expect(text(restyleTasks(answer, shape, 'Aufgabe 1'))).toBe('SKIP already in this style');
    expect(text(restyleSubtasks(answer, shape, '1a)'))).toContain('1a) 3x = 15\n1b) x = 5');
    expect(text(restyleSubtasks('Die Antwort.', shape, '(a)'))).toBe('SKIP no subtask labels in the answer');
  });

  it('removes labels, swaps tasks, adds a name line, hyphenates, crosses out', () => {
    expect(text(removeLabels(answer, shape))).toBe(
      '3x = 15\nx = 5\n\nDie Fotosynthese ist ein Vorgang in den Chloroplasten.\n2 Al + O2 → Al2O3',
    );
    expect(text(swapTasks(answer, shape))).toBe(
      'Aufgabe 2\nDie Fotosynthese ist ein Vorgang in den Chloroplasten.\n2 Al + O2 → Al2O3\n\nAufgabe 1\na) 3x = 15\nb) x = 5',
    );
    expect(text(addNameLine(answer))).toMatch(/^Name: Max Mustermann, Klasse 8b\nDatum: .+\n\nAufgabe 1/);
    expect(text(hyphenate(answer, shape))).toContain('Fotosy-\nnthese');
    expect(text(crossOut(answer, shape, false))).toContain(
      '[durchgestrichen: Die Fotosynthese ist nicht ein Vorgang in den Chloroplasten.] Die Fotosynthese ist',
    );
  });

  it("rewrites the key's point marks, not its totals or the marks inside a sentence", () => {
    const key = '1. Löse. (2 P)\nx = 5 (1 P), Probe (1 P)\n(1 P für den Ansatz)\nGesamt: 4 P';
    expect(text(rewritePoints(key, '/2'))).toBe(
      '1. Löse.  /2\nx = 5 (1), Probe (1)\n(1 P für den Ansatz)\nGesamt: 4 P',
    );
    expect(text(rewritePoints(key, '2 BE'))).toBe(
      '1. Löse. 2 BE\nx = 5 (1 BE), Probe (1 BE)\n(1 P für den Ansatz)\nGesamt: 4 P',
    );
    expect(text(rewritePoints(key, 'Punkte: 2'))).toBe(
      '1. Löse. – Punkte: 2\nx = 5 (Punkte: 1), Probe (Punkte: 1)\n(1 P für den Ansatz)\nGesamt: 4 P',
    );
    expect(text(rewritePoints(key, '2P'))).toBe(
      '1. Löse. 2P\nx = 5 (1P), Probe (1P)\n(1 P für den Ansatz)\nGesamt: 4 P',
    );
    expect(text(rewritePoints(key, '(2 P)'))).toBe('SKIP already in this style');
    expect(text(rewritePoints(null, '[2]'))).toBe('SKIP no key');
  });
});

describe('addTotalLine', () => {
  it("writes the teacher's maximum under a key without a total line, in the style's notation", () => {
    expect(text(addTotalLine('1. Löse. (2 P)\nx = 5', { ...shape, max: 12.5 }, 'insgesamt 30 BE'))).toBe(
      '1. Löse. (2 P)\nx = 5\n\ninsgesamt 12,5 BE\n',
    );
    expect(text(addTotalLine('1. Löse. (2 P)\nGesamt: 2 P', { ...shape, max: 2 }, 'Gesamt: 30 P'))).toBe(
      'SKIP the key has a total line',
    );
    expect(text(addTotalLine('1. Löse. (2 P)', shape, 'Gesamt: 30 P'))).toBe('SKIP no maximum known');
  });
});

describe('the key notations of issue 32 („Keys misread“)', () => {
  const key = 'Aufgabe 1 – Nenne zwei Flüsse. (2 P)\nRhein, Elbe\nAufgabe 2 – Rechne. (3 P)\n4 · 5 = 20';
  const two: GoldShape = { tasks: ['1', '2'], subs: new Map(), fullTasks: [], max: 5 };

  it('writes the points in the new notations: „[2 P]“, „Wertung: 2“, a dotted leader with „points“', () => {
    expect(text(rewritePoints(key, '[2 P]'))).toContain('Nenne zwei Flüsse. [2 P]');
    expect(text(rewritePoints(key, 'Wertung: 2'))).toMatch(/Flüsse\.\s+Wertung: 2\n/);
    expect(text(rewritePoints(key, '…… 2 points'))).toMatch(/Rechne\.\s+\.{12} 3 points\n/);
    expect(text(addTotalLine(key, two, 'Σ 30'))).toMatch(/\n\nΣ 5\n$/);
  });

  it('moves a part’s points under its solution as a score field, and leaves parts that mark aspects', () => {
    expect(text(pointsBelowParts(key, two, 'Bewertung: 2 Punkte'))).toBe(
      'Aufgabe 1 – Nenne zwei Flüsse.\nRhein, Elbe\n   Bewertung: 2 Punkte\nAufgabe 2 – Rechne.\n4 · 5 = 20\n   Bewertung: 3 Punkte',
    );
    expect(text(pointsBelowParts('1. Löse. (2 P)\nx = 5 (1 P), Probe (1 P)', two, 'Punkte: 2'))).toBe(
      'SKIP no part whose points end its label line alone',
    );
  });

  it('lays the key out as a table with a points column and a „Summe“ row, the Roman labels as I., II.', () => {
    expect(text(keyAsTable(key, two)).split('\n')).toEqual([
      '| Nr. | Erwartete Lösung | Punkte |',
      '|-----|------------------|--------|',
      '| 1 | Nenne zwei Flüsse. Rhein, Elbe | 2 |',
      '| 2 | Rechne. 4 · 5 = 20 | 3 |',
      '|     | Summe | 5 |',
    ]);
    expect(text(restyleTasks(key, two, 'I.'))).toBe(
      'I. Nenne zwei Flüsse. (2 P)\nRhein, Elbe\nII. Rechne. (3 P)\n4 · 5 = 20',
    );
  });
});
