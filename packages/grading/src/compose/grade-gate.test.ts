import { describe, expect, it } from 'vitest';
import { defaultGradingScale, type GradingError, type Task } from '@korrigo/domain';
import { unsureGrade } from './grade-gate';

const deduction = (points: number, mark: Partial<GradingError>): GradingError => ({
  title: 'Begriffe vertauscht',
  point_deduction: points,
  details: '',
  suggestion: '',
  severity: 'moderate',
  message: '',
  location: null,
  category: 'content',
  ...mark,
});

const taskWith = (errors: GradingError[]): Task =>
  ({
    title: 'Aufgabe 1',
    achieved_points: 4,
    max_points: 10,
    overall_feedback: '',
    subtasks: [
      {
        subtask_label: '1',
        description: '',
        achieved_points: 4,
        max_points: 10,
        feedback: '',
        improvement_suggestion: '',
        errors,
        answer_text: 'Die Sehne zieht den Knochen, der Muskel wird gebeugt.',
      },
    ],
  }) as Task;

describe('unsureGrade (ADR 0035, 0039)', () => {
  it('holds the grade back for points taken where the key’s words were missing or read as swapped', () => {
    for (const mark of [{ words_not_found: true }, { read_by_words: true }]) {
      const message = unsureGrade([taskWith([deduction(6, mark)])], 4, 10, defaultGradingScale);
      expect(message).toMatch(
        /^Keine Note vorgeschlagen: In Aufgabe 1 fand die KI Stichworte .* nicht oder nur verändert/,
      );
    }
  });

  it('trusts a deduction a check made, and one the teacher overrode', () => {
    expect(unsureGrade([taskWith([deduction(6, {})])], 4, 10, defaultGradingScale)).toBeNull();
    const overridden = deduction(6, { read_by_words: true, overridden: true });
    expect(unsureGrade([taskWith([overridden])], 4, 10, defaultGradingScale)).toBeNull();
  });
});
