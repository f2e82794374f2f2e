import { describe, expect, it } from 'vitest';
import { gradingScales, partialPointsOf, type AnalysisResult } from '@korrigo/domain';
import { overallHead } from './compose/feedback';
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

  it('proposes no grade while the alignment flag stands, whatever the points', () => {
    const flagged = {
      ...result([[[2, 2]], [[2, 2]]]),
      review_flags: [{ code: 'alignment_uncertain', message: 'nicht sicher zugeordnet' }],
    };
    const r = finalise(flagged);
    expect([r.achieved_points, r.total_points, r.grade, r.status]).toEqual([4, 4, null, 'needs_review']);
    expect(finalise({ ...flagged, review_flags: [] }).grade).toBe('1+');
  });

  it('proposes no grade while points taken for words not found could move it more than a step', () => {
    // 1 of 4 is a 6; had the answer meant the missing aspect, 3 of 4 would be a 3
    const flagged = result([[[1, 3]], [[0, 1]]]);
    const doubted = flagged.tasks[0]!.subtasks[0]!;
    doubted.answer_text = 'Die Pflanze macht sich ihr Essen mit Licht selbst.';
    doubted.errors = [
      {
        title: 'Aspekt fehlt',
        point_deduction: 2,
        details: '',
        suggestion: '',
        severity: 'moderate',
        message: 'Es fehlt: Fotosynthese',
        location: null,
        category: 'content',
        words_not_found: true,
      },
    ];
    flagged.review_flags = [{ code: 'points_uncertain', message: 'Keine Note vorgeschlagen: …' }];
    const r = finalise(flagged);
    expect([r.achieved_points, r.total_points, r.grade, r.status]).toEqual([1, 4, null, 'needs_review']);
    // the flag says what is in doubt now
    expect(r.review_flags[0]!.message).toMatch(
      /^Keine Note vorgeschlagen: In Aufgabe 1 fand die KI .* 2 P ab\./,
    );
    // her confirmation answers the flag
    expect(finalise({ ...flagged, review_flags: [] }).grade).toBe('6');
    // so do her own points for that answer: the deduction is overridden, the grade follows them
    const settled = structuredClone(flagged);
    settled.tasks[0]!.subtasks[0]!.achieved_points = 3;
    settled.tasks[0]!.subtasks[0]!.errors[0]!.overridden = true;
    const after = finalise(settled);
    expect(after.review_flags).toEqual([]);
    expect(after.grade).toBe('3');
    // the gate is the builtin engine's: a model's result keeps its flag until she confirms
    expect(finalise({ ...settled, engine: 'llm' }).grade).toBeNull();
  });

  it('proposes no grade while points the criteria checks only proposed could move it more than a step', () => {
    // 4 of 4 is a 1+; without the 3 points the checks proposed for the argument, 1 of 4 would be a 6
    const flagged = result([[[3, 3]], [[1, 1]]]);
    const argued = flagged.tasks[0]!.subtasks[0]!;
    argued.answer_text = 'Ich bin dafür, weil man übt. Außerdem lernt man mehr.';
    argued.proposed_points = 3;
    flagged.review_flags = [{ code: 'points_uncertain', message: 'Keine Note vorgeschlagen: …' }];
    const r = finalise(flagged);
    expect([r.achieved_points, r.grade]).toEqual([4, null]);
    expect(r.review_flags[0]!.message).toMatch(
      /^Keine Note vorgeschlagen: In Aufgabe 1 gab die KI 3 P für Bewertungskriterien .* Ohne diese Punkte läge die Note bei 6 statt 1\+\./,
    );
    // her own points for the unit settle it (the review drops what was only proposed)
    const settled = structuredClone(flagged);
    delete settled.tasks[0]!.subtasks[0]!.proposed_points;
    expect(finalise(settled).grade).toBe('1+');
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

describe('finalise after the teacher’s review', () => {
  const error = (message: string, deduction: number) => ({
    title: 'Aspekt fehlt',
    point_deduction: deduction,
    details: message,
    suggestion: `Ergänze: ${message}`,
    severity: 'moderate',
    message,
    location: null,
    category: 'content',
  });

  /** as the builtin engine leaves it: Aufgabe 1 0/4 with two false errors, Aufgabe 2 3/6 */
  function graded(): AnalysisResult {
    const r = result([[[0, 4]], [[3, 6]]]);
    r.tasks.forEach((task, i) => (task.subtasks[0]!.subtask_label = String(i + 1)));
    r.tasks[0]!.subtasks[0]!.errors = [error('Es fehlt: entgiftet', 2), error('Es fehlt: Galle', 2)];
    r.tasks[0]!.subtasks[0]!.feedback = 'Es fehlt: „entgiftet“ (2 P); „Galle“ (2 P).';
    r.weaknesses = ['Aufgabe 1: 0 von 4 Punkten – es fehlt „entgiftet“.', 'Aufgabe 2: 3 von 6 Punkten.'];
    r.general_improvement_suggestions = ['Aufgabe 1 wiederholen: „entgiftet“.'];
    const first = finalise(r);
    first.overall_feedback = `${overallHead(first)} Sprache: 0 Rechtschreib- und 0 Grammatik-/Zeichensetzungsfehler.`;
    return first;
  }

  it('writes the engine’s texts from the engine’s points', () => {
    const r = graded();
    expect(r.tasks[0]!.overall_feedback).toBe('0 von 4 Punkten (nicht gelöst).');
    expect(r.evaluation_criteria.rubrics[0]).toMatchObject({ criterion_name: 'Inhalt', score: 0.3 });
  });

  it('writes every text that told the old points anew after set_points and dismiss_error', () => {
    const before = graded();
    expect(before.overall_feedback).toMatch(/^3 von 10 Punkten \(30 %\), Note 5/);
    const reviewed = structuredClone(before);
    reviewed.tasks[0]!.subtasks[0]!.achieved_points = 4;
    reviewed.tasks[0]!.subtasks[0]!.errors.splice(0, 1);
    const r = finalise(reviewed, { before });

    expect([r.achieved_points, r.total_points]).toEqual([7, 10]);
    expect(r.tasks[0]!.overall_feedback).toBe('4 von 4 Punkten (richtig).');
    expect(r.tasks[0]!.subtasks[0]!.feedback).toBe('Von deiner Lehrkraft geprüft: 4 von 4 Punkten.');
    expect(r.tasks[0]!.subtasks[0]!.improvement_suggestion).toBe('');
    expect(r.overall_feedback).toBe(
      `7 von 10 Punkten (70 %), Note ${r.grade}. Sicher gelöst: Aufgabe 1. Sprache: 0 Rechtschreib- und 0 Grammatik-/Zeichensetzungsfehler.`,
    );
    const content = r.evaluation_criteria.rubrics.find((rubric) => rubric.criterion_name === 'Inhalt');
    expect(content).toMatchObject({
      score: 0.7,
      description: '7 von 10 Punkten nach dem Erwartungshorizont.',
    });
    expect(r.evaluation_criteria.competencies[0]!.description).toBe(content!.description);
    expect(r.weaknesses).toEqual(['Aufgabe 2: 3 von 6 Punkten.']);
    expect(r.strengths).toEqual(['Aufgabe 1: 4 von 4 Punkten (von deiner Lehrkraft geprüft).']);
    expect(r.general_improvement_suggestions).toEqual([]);
    expect(JSON.stringify(r)).not.toContain('0 von 4');
  });

  it('names the deductions with their points only where they are what was lost', () => {
    const before = graded();
    const dismissed = structuredClone(before);
    dismissed.tasks[0]!.subtasks[0]!.errors.splice(0, 1);
    dismissed.tasks[0]!.subtasks[0]!.achieved_points = 2;
    expect(finalise(dismissed, { before }).tasks[0]!.subtasks[0]!.feedback).toBe(
      'Von deiner Lehrkraft geprüft: 2 von 4 Punkten. Abzüge: Es fehlt: Galle (2 P).',
    );
    // the teacher gave 1,5 points: a 2-point deduction beside them would contradict her
    const set = structuredClone(before);
    set.tasks[0]!.subtasks[0]!.achieved_points = 1.5;
    expect(finalise(set, { before }).tasks[0]!.subtasks[0]!.feedback).toBe(
      'Von deiner Lehrkraft geprüft: 1,5 von 4 Punkten. Zu beachten: Es fehlt: entgiftet; Es fehlt: Galle.',
    );
  });

  it('gives total and grade once the teacher has entered the points the engine left open', () => {
    const open = result([[[null, 4]], [[3, 6]]]);
    open.review_flags = [{ code: 'points_missing', message: 'Punkte fehlen' }];
    const before = finalise(open);
    expect([before.achieved_points, before.grade, before.status]).toEqual([null, null, 'needs_review']);

    const entered = structuredClone(before);
    entered.tasks[0]!.subtasks[0]!.achieved_points = 2.5;
    const r = finalise(entered, { before });
    expect([r.achieved_points, r.total_points]).toEqual([5.5, 10]);
    expect(r.grade).not.toBeNull();
    expect(r.review_flags).toEqual([]);
    expect(r.status).toBe('suggested');
    expect(r.overall_feedback).toMatch(/^5,5 von 10 Punkten \(55 %\), Note /);
  });

  it('keeps the texts the teacher wrote herself', () => {
    const before = graded();
    const reviewed = structuredClone(before);
    reviewed.tasks[0]!.subtasks[0]!.achieved_points = 4;
    reviewed.tasks[0]!.subtasks[0]!.feedback = 'Richtig, nur anders formuliert.';
    reviewed.tasks[0]!.overall_feedback = 'Gut.';
    reviewed.overall_feedback = 'Insgesamt ordentlich.';
    reviewed.teacher_texts = ['subtask:0:0', 'task:0', 'overall'];
    const r = finalise(reviewed, { before });
    expect(r.tasks[0]!.subtasks[0]!.feedback).toBe('Richtig, nur anders formuliert.');
    expect(r.tasks[0]!.overall_feedback).toBe('Gut.');
    expect(r.overall_feedback).toBe('Insgesamt ordentlich.');
    expect(r.achieved_points).toBe(7);
  });

  it('keeps a model’s texts until the teacher changes the points they speak of', () => {
    const llm = { ...result([[[1, 4]], [[3, 6]]]), engine: 'llm' as const };
    llm.tasks[0]!.overall_feedback = 'Nur ein Aspekt ist genannt.';
    llm.overall_feedback = 'Insgesamt 4 von 10 Punkten.';
    llm.evaluation_criteria.rubrics = [
      { criterion_name: 'Inhalt', score: 0.4, description: '4 von 10 Punkten.', weight: 0.4 },
    ];
    const before = finalise(llm);
    expect(before.tasks[0]!.overall_feedback).toBe('Nur ein Aspekt ist genannt.');
    expect(before.evaluation_criteria.rubrics[0]!.score).toBe(0.4);

    const reviewed = structuredClone(before);
    reviewed.tasks[0]!.subtasks[0]!.achieved_points = 4;
    const r = finalise(reviewed, { before });
    expect(r.tasks[0]!.overall_feedback).toBe('4 von 4 Punkten (richtig).');
    expect(r.tasks[1]!.overall_feedback).toBe('');
    expect(r.overall_feedback).toMatch(/^7 von 10 Punkten \(70 %\)/);
    expect(r.evaluation_criteria.rubrics).toEqual([
      {
        criterion_name: 'Inhalt',
        score: 0.7,
        description: '7 von 10 Punkten nach dem Erwartungshorizont.',
        weight: 0.4,
      },
    ]);
  });
});
