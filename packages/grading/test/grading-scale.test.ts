import { beforeAll, describe, expect, it } from 'vitest';
import { grade, warmUpLanguageCheck } from '../src/index';

beforeAll(async () => {
  await warmUpLanguageCheck();
}, 120_000);

const options = { subject: 'Biologie', date: '2025-03-12' };

const key = [
  'Aufgabe 1 (2 P): Nenne zwei Aufgaben der Leber.',
  'Die Leber entgiftet das Blut (1 P) und bildet Galle (1 P).',
  'Aufgabe 2 (1 P): Wo entsteht bei der Fotosynthese Sauerstoff?',
  'In den Chloroplasten (1 P).',
  'Aufgabe 3 (1 P): Wie heißt die Hauptstadt von Frankreich?',
  'Paris (1 P)',
  '',
  'Notenschlüssel:',
  '1: 4 P',
  '2: 3 – 3,5 P',
  '3: 2 – 2,5 P',
  '4: 1,5 P',
  '5: 1 P',
  '6: 0 – 0,5 P',
].join('\n');

const work = [
  'Name: Mia',
  'Aufgabe 1',
  'Die Leber entgiftet das Blut und bildet Galle.',
  'Aufgabe 2',
  'In den Chloroplasten.',
  'Aufgabe 3',
  'Paris',
].join('\n');

describe('grade() with a Notenschlüssel in the key', () => {
  it('grades by the key table, names it in the result, and makes no task of it', async () => {
    const r = await grade({ text: work, answerKey: { kind: 'text', text: key } }, options);
    expect(r.tasks.map((t) => t.title.slice(0, 'Aufgabe 1'.length))).toEqual([
      'Aufgabe 1',
      'Aufgabe 2',
      'Aufgabe 3',
    ]);
    expect(r.tasks.map((t) => t.max_points)).toEqual([2, 1, 1]);
    expect(r.total_points).toBe(4);
    expect(r.achieved_points).toBe(4);
    expect(r.grade).toBe('1');
    // no task, subtask, aspect or feedback comes from the table lines
    expect(JSON.stringify(r.tasks)).not.toMatch(/Notenschlüssel|3 – 3,5|0,5 P/);
    expect(r.grading_scale).toMatchObject({ id: 'key', name: 'aus dem Erwartungshorizont' });
  });

  it('gives the grade of the key table where the default gives another', async () => {
    // 3 of 4 points (Aufgabe 3 left out): 75 % is a 3 by the default, a 2 by this key
    const partial = work.slice(0, work.indexOf('\nAufgabe 3'));
    const r = await grade({ text: partial, answerKey: { kind: 'text', text: key } }, options);
    expect(r.achieved_points).toBe(3);
    expect(r.grade).toBe('2');
    const withoutTable = key.slice(0, key.indexOf('\n\nNotenschlüssel'));
    const d = await grade({ text: partial, answerKey: { kind: 'text', text: withoutTable } }, options);
    expect(d.achieved_points).toBe(3);
    expect(d.grade).toBe('3');
    expect(d.grading_scale?.id).toBe('standard');
  });

  it('grades by the chosen preset when the key has no table', async () => {
    const partial = work.slice(0, work.indexOf('\nAufgabe 3'));
    const withoutTable = key.slice(0, key.indexOf('\n\nNotenschlüssel'));
    const r = await grade(
      { text: partial, answerKey: { kind: 'text', text: withoutTable } },
      { ...options, gradingScale: 'oberstufe' },
    );
    expect(r.grade).toBe('11 Punkte (2)');
    expect(r.grading_scale?.name).toBe('Oberstufe (15–0 Notenpunkte)');
  });
});
