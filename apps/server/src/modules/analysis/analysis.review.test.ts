import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { applyReviewChange, reviewResult } from './analysis.review';

const error = {
  title: 'Rechenfehler',
  point_deduction: 1,
  details: '2 + 2 ist nicht 5.',
  suggestion: '2 + 2 = 4',
  severity: 'moderate',
  message: 'Rechenfehler',
  location: null,
};

function result(): AnalysisResult {
  const subtask = (label: string, achieved: number | null, max: number) => ({
    subtask_label: label,
    description: '',
    achieved_points: achieved,
    max_points: max,
    feedback: '',
    improvement_suggestion: '',
    errors: [error],
  });
  return {
    title: 'Test',
    grade: '3',
    achieved_points: 6,
    total_points: 10,
    metadata: { subject: 'Mathematik', student_name: 'Mia', grade_level: '6', date: '2026-03-12' },
    tasks: [
      {
        title: 'Aufgabe 1',
        achieved_points: 4,
        max_points: 6,
        overall_feedback: '',
        subtasks: [subtask('a', 2, 3), subtask('b', 2, 3)],
      },
      {
        title: 'Aufgabe 2',
        achieved_points: 2,
        max_points: 4,
        overall_feedback: '',
        subtasks: [subtask('a', 2, 4)],
      },
    ],
    overall_feedback: '',
    strengths: [],
    weaknesses: [],
    general_improvement_suggestions: [],
    evaluation_criteria: { rubrics: [], competencies: [] },
    engine: 'builtin',
    engine_version: 'test',
    status: 'suggested',
    review_flags: [],
  };
}

describe('review changes', () => {
  it('marks the deductions of a unit whose points the teacher set as overridden; they give nothing back', () => {
    const set = applyReviewChange(result(), { type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 3 });
    const [first, second] = set.result.tasks[0]!.subtasks;
    expect(first!.errors).toEqual([{ ...error, overridden: true }]);
    // the other unit keeps its deduction as it was
    expect(second!.errors).toEqual([error]);
    // dismissing an overridden deduction leaves her points as she set them
    const dismissed = applyReviewChange(set.result, {
      type: 'dismiss_error',
      taskIndex: 0,
      subtaskIndex: 0,
      errorIndex: 0,
    });
    expect(dismissed.result.tasks[0]!.subtasks[0]!.achieved_points).toBe(3);
    expect(dismissed.points).toBeUndefined();
    // an error she adds afterwards counts
    const added = applyReviewChange(set.result, {
      type: 'add_error',
      taskIndex: 0,
      subtaskIndex: 0,
      error: { ...error, title: 'Einheit fehlt' },
    });
    expect(added.result.tasks[0]!.subtasks[0]!.errors[1]).not.toHaveProperty('overridden');
    expect(added.result.tasks[0]!.subtasks[0]!.achieved_points).toBe(2);
  });

  it('takes what the engine only proposed off a unit whose points the teacher set (ADR 0036)', () => {
    const proposed = result();
    proposed.tasks[0]!.subtasks[0]!.proposed_points = 2;
    proposed.tasks[0]!.subtasks[1]!.proposed_points = 1;
    const set = applyReviewChange(proposed, { type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 3 });
    expect(set.result.tasks[0]!.subtasks[0]).not.toHaveProperty('proposed_points');
    expect(set.result.tasks[0]!.subtasks[1]!.proposed_points).toBe(1);
  });

  it('refuses a deduction larger than the subtask is worth, in German beside the field', () => {
    const tooMuch = {
      type: 'add_error' as const,
      taskIndex: 0,
      subtaskIndex: 0,
      error: { ...error, point_deduction: 9 },
    };
    try {
      reviewResult(result(), [tooMuch]);
      expect.unreachable();
    } catch (failure) {
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).message).toBe(
        'Der Abzug kann höchstens so groß sein wie die Punkte der Teilaufgabe (3 P).',
      );
    }
    expect(
      reviewResult(result(), [{ ...tooMuch, error: { ...error, point_deduction: 3 } }]).result.tasks[0]!
        .subtasks[0]!.achieved_points,
    ).toBe(0);
  });

  it('holds the grade back while the answers may be misplaced, until the teacher confirms the placement', () => {
    const flagged = {
      ...result(),
      review_flags: [{ code: 'alignment_uncertain', message: 'Die Antwort zu Aufgabe 2 konnte …' }],
    };
    // points set while the flag stands: still no grade, the points are a proposal
    const { result: pointsSet } = reviewResult(flagged, [
      { type: 'set_points', taskIndex: 1, subtaskIndex: 0, points: 4 },
    ]);
    expect([pointsSet.achieved_points, pointsSet.grade, pointsSet.status]).toEqual([8, null, 'needs_review']);

    const { result: confirmed, log } = reviewResult(pointsSet, [{ type: 'confirm_alignment' }]);
    expect(log[0]).toMatchObject({ type: 'confirm_alignment', before: 'Die Antwort zu Aufgabe 2 konnte …' });
    expect(confirmed.review_flags).toEqual([]);
    expect([confirmed.grade, confirmed.status]).toEqual(['3+', 'suggested']);
    // sent twice: nothing to confirm, nothing replaced
    expect(reviewResult(confirmed, [{ type: 'confirm_alignment' }]).log[0]).toMatchObject({ before: null });
  });

  it('recomputes task and total points and the grade from the subtasks', () => {
    const { result: changed, log } = reviewResult(result(), [
      { type: 'set_points', taskIndex: 1, subtaskIndex: 0, points: 4 },
    ]);
    expect(log[0]).toMatchObject({ type: 'set_points', before: 2 });
    expect(changed.tasks[1]!.achieved_points).toBe(4);
    expect(changed.achieved_points).toBe(8);
    expect(changed.total_points).toBe(10);
    // 80 % is 3+ on the default Notenschlüssel (2− starts at 81 %)
    expect(changed.grade).toBe('3+');
  });

  it('refuses points above the maximum and references that do not exist', () => {
    expect(() =>
      applyReviewChange(result(), { type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 3.5 }),
    ).toThrow(AppError);
    // a task with subtasks is scored in its subtasks
    expect(() => applyReviewChange(result(), { type: 'set_points', taskIndex: 0, points: 3 })).toThrow(
      AppError,
    );
    expect(() =>
      applyReviewChange(result(), { type: 'dismiss_error', taskIndex: 0, subtaskIndex: 0, errorIndex: 5 }),
    ).toThrow(AppError);
    expect(() =>
      applyReviewChange(result(), { type: 'set_feedback', target: 'task', taskIndex: 9, text: 'x' }),
    ).toThrow(AppError);
  });

  it('sets the open points of a task without subtasks, and only of such a task', () => {
    const open = result();
    open.tasks[1] = { ...open.tasks[1]!, achieved_points: null, subtasks: [] };
    const change = { type: 'set_points', taskIndex: 1, points: 3 } as const;
    expect(applyReviewChange(open, change).before).toBeNull();
    const changed = reviewResult(open, [change]).result;
    expect(changed.tasks[1]!.achieved_points).toBe(3);
    expect(changed.achieved_points).toBe(7);
    expect(changed.grade).not.toBeNull();
    // a task with subtasks is scored through them
    expect(() => applyReviewChange(result(), { type: 'set_points', taskIndex: 0, points: 1 })).toThrow(
      AppError,
    );
    expect(() => applyReviewChange(open, { type: 'set_points', taskIndex: 1, points: 5 })).toThrow(AppError);
  });

  it('takes the maximum with the points where the result has none, and only there', () => {
    const keyless = result();
    keyless.tasks[1]!.subtasks[0] = {
      ...keyless.tasks[1]!.subtasks[0]!,
      achieved_points: null,
      max_points: null,
    };
    const change = { type: 'set_points', taskIndex: 1, subtaskIndex: 0, points: 3, maxPoints: 4 } as const;
    const changed = reviewResult(keyless, [change]).result;
    expect(changed.tasks[1]!.max_points).toBe(4);
    expect(changed.achieved_points).toBe(7);
    expect(changed.total_points).toBe(10);
    expect(changed.grade).not.toBeNull();
    expect(() => applyReviewChange(keyless, { ...change, points: 5 })).toThrow(AppError);
    expect(() => applyReviewChange(result(), change)).toThrow(AppError);
  });

  it('dismisses and adds errors without touching the original', () => {
    const original = result();
    const { result: dismissed, before } = applyReviewChange(original, {
      type: 'dismiss_error',
      taskIndex: 0,
      subtaskIndex: 1,
      errorIndex: 0,
    });
    expect(before).toEqual(error);
    expect(dismissed.tasks[0]!.subtasks[1]!.errors).toEqual([]);
    expect(original.tasks[0]!.subtasks[1]!.errors).toHaveLength(1);
    const added = applyReviewChange(dismissed, { type: 'add_error', taskIndex: 0, subtaskIndex: 1, error });
    expect(added.result.tasks[0]!.subtasks[1]!.errors).toEqual([error]);
  });

  it('lowers the points by an added error’s deduction, not below 0, and gives them back on dismissal', () => {
    const heavy = { ...error, point_deduction: 4 };
    const added = reviewResult(result(), [
      { type: 'add_error', taskIndex: 1, subtaskIndex: 0, error: heavy },
    ]);
    expect(added.result.tasks[1]!.subtasks[0]!.achieved_points).toBe(0);
    expect(added.log[0]).toMatchObject({ points: { before: 2, after: 0 } });
    expect(added.result.achieved_points).toBe(4);

    const dismissed = reviewResult(result(), [
      { type: 'dismiss_error', taskIndex: 0, subtaskIndex: 0, errorIndex: 0 },
    ]);
    expect(dismissed.result.tasks[0]!.subtasks[0]!.achieved_points).toBe(3);
    expect(dismissed.log[0]).toMatchObject({ before: error, points: { before: 2, after: 3 } });
    // never above the maximum
    const full = reviewResult(result(), [
      { type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 3 },
      { type: 'dismiss_error', taskIndex: 0, subtaskIndex: 0, errorIndex: 0 },
    ]);
    expect(full.result.tasks[0]!.subtasks[0]!.achieved_points).toBe(3);
  });

  it('gives the same points for the web’s older request: the error and the lowered points together', () => {
    const withDeduction = { ...error, point_deduction: 0.5 };
    const alone = reviewResult(result(), [
      { type: 'add_error', taskIndex: 1, subtaskIndex: 0, error: withDeduction },
    ]);
    const both = reviewResult(result(), [
      { type: 'add_error', taskIndex: 1, subtaskIndex: 0, error: withDeduction },
      { type: 'set_points', taskIndex: 1, subtaskIndex: 0, points: 1.5 },
    ]);
    expect(alone.result.achieved_points).toBe(5.5);
    expect(both.result.achieved_points).toBe(5.5);
  });

  it('sets the points of a task without subtasks', () => {
    const open = result();
    open.tasks.push({
      title: 'Aufgabe 3',
      achieved_points: null,
      max_points: 2,
      overall_feedback: '',
      subtasks: [],
    });
    const { result: changed } = reviewResult(open, [{ type: 'set_points', taskIndex: 2, points: 1.5 }]);
    expect(changed.tasks[2]!.achieved_points).toBe(1.5);
    expect([changed.achieved_points, changed.total_points]).toEqual([7.5, 12]);
  });

  it('keeps the teacher’s own feedback as she wrote it', () => {
    const { result: changed } = reviewResult(result(), [
      { type: 'set_feedback', target: 'subtask', taskIndex: 1, subtaskIndex: 0, text: 'Gut gemacht.' },
      { type: 'set_points', taskIndex: 1, subtaskIndex: 0, points: 4 },
    ]);
    expect(changed.tasks[1]!.subtasks[0]!.feedback).toBe('Gut gemacht.');
    expect(changed.teacher_texts).toEqual(['subtask:1:0']);
  });
});
