import { describe, expect, it } from 'vitest';
import { gradeBuiltin } from '../compose';
import { lineSpan } from './placements';

const answerKey = {
  kind: 'text' as const,
  text: [
    'Aufgabe 1 (2 P): Nenne die Hauptstadt von Frankreich.',
    'Paris (2 P)',
    'Aufgabe 2 (2 P): Nenne die Hauptstadt von Italien.',
    'Rom (2 P)',
  ].join('\n'),
};
// no task numbers, and the answers in the other order
const text = 'Die Hauptstadt von Italien ist Rom.\nFrankreichs Hauptstadt ist Paris.';
const options = { subject: 'Erdkunde', date: '2026-11-27' };

describe('the teacher’s placements of answers (issue 32 §2)', () => {
  it('finds the offsets of lines, the last line to the text’s end', () => {
    expect(lineSpan('a\nbc\nd', 2, 2)).toEqual({ start: 2, end: 4 });
    expect(lineSpan('a\nbc\nd', 3, 2)).toEqual({ start: 2, end: 6 });
    expect(lineSpan('a\nbc\nd', 2, 9)).toEqual({ start: 2, end: 6 });
    expect(lineSpan('a\nbc\nd', 4, 4)).toBeNull();
  });

  it('grades each unit on the lines she placed there, none of them twice, and then proposes a grade', async () => {
    const engine = await gradeBuiltin({ text, answerKey }, options);
    const placed = await gradeBuiltin(
      { text, answerKey },
      {
        ...options,
        placements: [
          { unit: 0, lines: [2, 2] },
          { unit: 1, lines: [1, 1] },
        ],
      },
    );
    expect(placed.tasks.map((task) => task.subtasks[0]!.answer_text)).toEqual([
      'Frankreichs Hauptstadt ist Paris.',
      'Die Hauptstadt von Italien ist Rom.',
    ]);
    expect(placed.tasks.map((task) => task.achieved_points)).toEqual([2, 2]);
    expect(placed.review_flags.map((flag) => flag.code)).not.toContain('alignment_uncertain');
    expect(placed.grade).toBe('1+');
    expect(placed.placements).toHaveLength(2);
    // the engine's own reading of the unlabeled sheet is flagged and proposes no grade
    expect(engine.review_flags.map((flag) => flag.code)).toContain('alignment_uncertain');
    expect(engine.grade).toBeNull();
  });

  it('reads a unit placed as „keine Antwort“ as unanswered, and its lines as no other unit’s', async () => {
    const placed = await gradeBuiltin(
      { text, answerKey },
      {
        ...options,
        placements: [
          { unit: 0, lines: null },
          { unit: 1, lines: [1, 2] },
        ],
      },
    );
    expect(placed.tasks[0]!.subtasks[0]!.answer_text).toBe('');
    expect(placed.tasks[0]!.achieved_points).toBe(0);
    expect(placed.tasks[1]!.subtasks[0]!.answer_text).toBe(text);
  });
});
