import { describe, expect, it } from 'vitest';
import { gradingScales, partialPointsOf, type AnalysisResult } from '@korrigo/domain';
import { finalise } from './finalise';

const subtask = (label: string, achieved: number | null, max: number | null) => ({
  subtask_label: label,
  description: '',
  achieved_points: achieved,
  max_points: max,
  feedback: '',
  improvement_suggestion: '',
  errors: [],
});

function result(points: [number | null, number | null][][]): AnalysisResult {
  return {
    title: 'Test',
    grade: '1',
    achieved_points: 99,
    total_points: 99,
    metadata: { subject: 'Mathematik', student_name: 'Mia', grade_level: '6', date: '2026-03-12' },
    tasks: points.map((subtasks, i) => ({
      title: `Aufgabe ${i + 1}`,
      achieved_points: 99,
      max_points: 99,
      overall_feedback: '',
      subtasks: subtasks.map(([achieved, max], j) => subtask(String.fromCharCode(97 + j), achieved, max)),
    })),
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

describe('finalise', () => {
  it('sums the subtasks into tasks and the result, and grades by the default Notenschlüssel', () => {
    const r = finalise(
      result([
        [
          [2, 3],
          [3, 3],
        ],
        [[2, 4]],
      ]),
    );
    expect(r.tasks.map((t) => [t.achieved_points, t.max_points])).toEqual([
      [5, 6],
      [2, 4],
    ]);
    expect([r.achieved_points, r.total_points]).toEqual([7, 10]);
    // 70 %: a 3 by the default table (≥ 67 %)
    expect(r.grade).toMatch(/^3/);
    expect(r.open_points).toBeUndefined();
    expect(r.scored_points).toBeUndefined();
  });

  it('grades by the result’s own Notenschlüssel', () => {
    const r = finalise({ ...result([[[7, 10]]]), grading_scale: gradingScales.oberstufe });
    expect(r.grade).not.toBeNull();
    expect(r.grade).not.toMatch(/^3/);
  });

  it('leaves points and grade open while a subtask has none, and says how much is scored and open', () => {
    const r = finalise(
      result([
        [
          [2.5, 3],
          [null, 4],
        ],
        [[3, 5]],
      ]),
    );
    expect(r.tasks[0]!.achieved_points).toBeNull();
    expect(r.tasks[0]!.max_points).toBe(7);
    expect(r.achieved_points).toBeNull();
    expect(r.total_points).toBe(12);
    expect(r.grade).toBeNull();
    expect(r.scored_points).toBe(5.5);
    expect(r.open_points).toBe(4);
  });

  it('reports nothing as scored when no subtask has points', () => {
    const r = finalise(result([[[null, 4]], [[null, 2]]]));
    expect([r.achieved_points, r.total_points, r.grade]).toEqual([null, 6, null]);
    expect(r.scored_points).toBeUndefined();
  });

  it('forgets an earlier partial state once the teacher has set every point', () => {
    const partial = finalise(result([[[1, 2]], [[null, 2]]]));
    partial.tasks[1]!.subtasks[0]!.achieved_points = 2;
    const r = finalise(partial);
    expect([r.achieved_points, r.total_points]).toEqual([3, 4]);
    expect(r.open_points).toBeUndefined();
    expect(r.scored_points).toBeUndefined();
  });
});

describe('partialPointsOf', () => {
  it('says how far the grading got while points are open, and nothing once all are set', () => {
    const partial = finalise(
      result([
        [
          [2.5, 3],
          [null, 4],
        ],
        [[3, 5]],
      ]),
    );
    expect(partialPointsOf(partial)).toEqual({ scored: 5.5, scoredMax: 8, open: 4, total: 12 });
    expect(partialPointsOf(finalise(result([[[2, 3]]])))).toBeNull();
  });
});
