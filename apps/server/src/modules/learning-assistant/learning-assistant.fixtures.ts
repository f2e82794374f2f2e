import type { AnalysisResult, GradingError } from '@korrigo/domain';
import type { ResultRecord } from './learning-assistant.overview';

/** Results and records for the unit tests of the Lern-Assistent. */

export const error = (overrides: Partial<GradingError> = {}): GradingError => ({
  title: 'Rechtschreibfehler',
  point_deduction: 0,
  details: '„wiederrum“ wird „wiederum“ geschrieben.',
  suggestion: 'wiederum',
  severity: 'moderate',
  message: '',
  location: { type: 'text', start: 8, end: 17, quoted_text: 'wiederrum' },
  category: 'spelling',
  ...overrides,
});

/** A result of tasks given as [title, achieved, max, errors]. */
export function resultOf(
  subject: string,
  tasks: [string, number, number, GradingError[]][],
  title = 'Klassenarbeit',
): AnalysisResult {
  const achieved = tasks.reduce((s, t) => s + t[1], 0);
  const total = tasks.reduce((s, t) => s + t[2], 0);
  return {
    title,
    grade: null,
    achieved_points: achieved,
    total_points: total,
    metadata: { subject, student_name: 'Lena', grade_level: '7', date: '2026-11-01' },
    tasks: tasks.map(([taskTitle, a, m, errors]) => ({
      title: taskTitle,
      achieved_points: a,
      max_points: m,
      overall_feedback: '',
      subtasks: [
        {
          subtask_label: taskTitle,
          description: '',
          achieved_points: a,
          max_points: m,
          feedback: '',
          improvement_suggestion: a / m <= 0.6 ? 'Lies die Aufgabe genau.' : '',
          errors,
        },
      ],
    })),
    overall_feedback: '',
    strengths: [],
    weaknesses: [],
    general_improvement_suggestions: [],
    evaluation_criteria: { rubrics: [], competencies: [] },
    engine: 'builtin',
    engine_version: '1',
    status: 'suggested',
    review_flags: [],
  };
}

let n = 0;
export function record(overrides: Partial<ResultRecord> & { result: AnalysisResult }): ResultRecord {
  n += 1;
  const { result } = overrides;
  return {
    analysisId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    subject: result.metadata.subject,
    title: result.title,
    type: 'Klassenarbeit',
    grade: '3',
    achievedPoints: result.achieved_points,
    totalPoints: result.total_points,
    createdAt: new Date('2026-11-01T10:00:00Z'),
    studentText: 'Er kam wiederrum zu spät. Das ist schön.',
    ...overrides,
  };
}
