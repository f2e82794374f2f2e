import { describe, expect, it } from 'vitest';
import { pointsLabel } from '@korrigo/domain';
import {
  blankQuestion,
  blankTest,
  clozeSolutions,
  cutTopic,
  formatSavedAt,
  hasContent,
  shuffledOrder,
  withMatchingOrders,
  withType,
} from './test-model';

describe('test model', () => {
  it('starts with the defaults of spec 001 §9 and one blank multiple-choice question', () => {
    const test = blankTest('u1');
    expect(test).toMatchObject({
      subject: 'Mathematik',
      grade: '5. Klasse',
      testType: 'Multiple Choice',
      duration: 45,
    });
    expect(test.questions).toHaveLength(1);
    expect(test.questions[0]).toMatchObject({ type: 'multiple-choice', points: 1 });
    expect(hasContent(test)).toBe(false);
    expect(hasContent({ ...test, topic: 'Brüche' })).toBe(true);
  });

  it("says 'Punkt' for 1 and 'Punkte' otherwise", () => {
    expect(pointsLabel(1)).toBe('1 Punkt');
    expect(pointsLabel(2)).toBe('2 Punkte');
  });

  it('reads cloze solutions per [..] blank', () => {
    const question = { ...blankQuestion('cloze', 0), text: 'A [..] B [..] C [..]', correctAnswer: 'x|y' };
    expect(clozeSolutions(question)).toEqual(['x', 'y', '']);
  });

  it('clears the other types’ fields when the type changes', () => {
    const mc = blankQuestion('multiple-choice', 0);
    const matching = withType(mc, 'matching');
    expect(matching.options).toEqual([]);
    expect(matching.matchingPairs).toEqual([{ left: '', right: '' }]);
  });

  it('shuffles matching columns without keeping the given order', () => {
    for (let i = 0; i < 20; i++) {
      const order = shuffledOrder(3);
      expect([...order].sort()).toEqual([0, 1, 2]);
      expect(order).not.toEqual([0, 1, 2]);
    }
  });

  it('draws a matching question’s shuffle once and keeps it until its pairs change', () => {
    const matching = {
      ...withType(blankQuestion('multiple-choice', 0), 'matching'),
      matchingPairs: [
        { left: '1', right: 'x' },
        { left: '2', right: 'y' },
        { left: '3', right: 'z' },
      ],
    };
    const test = { ...blankTest('u1'), questions: [matching] };
    const drawn = withMatchingOrders(test);
    const order = drawn.questions[0]!.matchingOrder!;
    expect([...order].sort()).toEqual([0, 1, 2]);
    // nothing to draw again: the same object, the same letters
    expect(withMatchingOrders(drawn)).toBe(drawn);
    const fewer = {
      ...drawn,
      questions: [{ ...drawn.questions[0]!, matchingPairs: drawn.questions[0]!.matchingPairs.slice(0, 2) }],
    };
    expect(withMatchingOrders(fewer).questions[0]!.matchingOrder).toHaveLength(2);
  });

  it('cuts the topic at 60 characters and formats German date and time', () => {
    expect(cutTopic('a'.repeat(61))).toBe(`${'a'.repeat(60)}...`);
    expect(cutTopic('a'.repeat(60))).toBe('a'.repeat(60));
    expect(formatSavedAt('2026-03-04T09:05:00Z')).toMatch(/^04\.03\.2026, \d{2}:05$/);
  });
});
