// The teacher-written corpus of `npm run bench:tests` (bench/tests/) is checked here, so a broken corpus
// file fails `npm test` instead of quietly skewing the benchmark.
import { describe, expect, it } from 'vitest';
import { countOccurrences, features, goldGrade, loadCorpus, subjects } from '../bench/corpus';
import { taskNumber } from '../bench/figures';

const corpus = await loadCorpus();

describe('bench:tests corpus', () => {
  it('has at least 40 tests in at least 10 subjects, classes 5 to 13, some without a key', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map((t) => t.subject)).size).toBeGreaterThanOrEqual(10);
    expect(corpus.filter((t) => t.key === null).length).toBeGreaterThanOrEqual(3);
    const classes = new Set(corpus.map((t) => t.class));
    expect(Math.min(...classes)).toBe(5);
    expect(Math.max(...classes)).toBe(13);
  });

  describe.each(corpus.map((t) => [t.id, t] as const))('%s', (_id, test) => {
    it('has a subject, a class 5..13, known features and texts', () => {
      expect(subjects).toContain(test.subject);
      expect(test.class).toBeGreaterThanOrEqual(5);
      expect(test.class).toBeLessThanOrEqual(13);
      for (const f of test.features) expect(features).toContain(f);
      expect(test.features.includes('no-key')).toBe(test.key === null);
      expect(test.answer.trim()).not.toBe('');
      if (test.key !== null) expect(test.key.trim()).not.toBe('');
    });

    it('has gold points within 0..max per subtask, each subtask once', () => {
      expect(test.gold.subtasks.length).toBeGreaterThan(0);
      const ids = test.gold.subtasks.map((s) => `${s.task}/${s.sub ?? ''}`);
      expect(new Set(ids).size).toBe(ids.length);
      for (const s of test.gold.subtasks) {
        expect(s.max).toBeGreaterThan(0);
        expect(s.points).toBeGreaterThanOrEqual(0);
        expect(s.points).toBeLessThanOrEqual(s.max);
        // only a test without a key has parts the engine must leave open
        if (s.open) expect(test.key).toBeNull();
      }
    });

    it('has the grade its points give (by the key’s Notenschlüssel or the default table)', () => {
      expect(test.gold.grade).toBe(goldGrade(test));
      const scale = test.gold.scale;
      if (scale) for (let i = 1; i < scale.length; i++) expect(scale[i]).toBeLessThan(scale[i - 1]!);
    });

    it('names the student only as the answer writes it', () => {
      if (test.gold.student !== undefined) expect(test.answer).toContain(test.gold.student);
    });

    it('quotes its errors and non-errors from the answer, unambiguously', () => {
      for (const spot of [...test.gold.errors, ...test.gold.nonErrors]) {
        const n = countOccurrences(test.answer, spot.quote);
        expect(n, `„${spot.quote}“ in the answer`).toBeGreaterThanOrEqual(spot.occurrence ?? 1);
        if (spot.occurrence === undefined) expect(n, `„${spot.quote}“ occurs more than once`).toBe(1);
      }
    });
  });
});

describe('bench figures: the task a result title names', () => {
  it('takes the label the title opens with, before a number inside its text', () => {
    expect(taskNumber('Aufgabe 3', 0)).toBe('3');
    expect(taskNumber('A2 Nenne drei Nährstoffe.', 0)).toBe('A2');
    expect(taskNumber('C. Raconte ton week-end en 5 phrases.', 2)).toBe('C');
    expect(taskNumber('I Bestimme Kasus und Numerus.', 0)).toBe('I');
    expect(taskNumber('II. Mets les phrases au passé.', 1)).toBe('II');
    expect(taskNumber('Die 3 Kontraste', 4)).toBe('3');
    expect(taskNumber('Zusatz', 4)).toBe('5');
  });
});
