import { gradeFromPoints, type AnalysisResult, type Task } from '@korrigo/domain';
import type { analyses } from '../../db/schema';

export type AnalysisSeed = {
  title?: string;
  subject?: string;
  studentName?: string;
  gradeLevel?: string;
  /** the German grade; by default the one the points earn */
  grade?: string | null;
  achievedPoints?: number | null;
  totalPoints?: number | null;
  status?: 'processing' | 'done' | 'failed';
  reviewState?: 'suggested' | 'confirmed';
  inputText?: string;
  createdAt?: Date;
  /** the result's tasks (seedTask); by default one task with one subtask carrying all the points */
  tasks?: Task[];
};

/** A task of a seeded result with one subtask carrying its points and errors (title and category each). */
export function seedTask(
  title: string,
  achievedPoints: number | null,
  maxPoints: number,
  errors: { title: string; category?: string }[] = [],
): Task {
  return {
    title,
    achieved_points: achievedPoints,
    max_points: maxPoints,
    overall_feedback: '',
    subtasks: [
      {
        subtask_label: 'a)',
        description: title,
        achieved_points: achievedPoints,
        max_points: maxPoints,
        feedback: '',
        improvement_suggestion: '',
        errors: errors.map((error) => ({
          title: error.title,
          point_deduction: 1,
          details: '',
          suggestion: '',
          severity: 'moderate',
          message: '',
          location: null,
          ...(error.category ? { category: error.category } : {}),
        })),
      },
    ],
  };
}

/**
 * A finished analysis as the grading job would have stored it, without running the engine: one task with one
 * subtask carrying the points, so the result view, the history and the dashboard have consistent data. For
 * server tests, the API benchmark and the e2e seeding route, which need many rows on chosen dates.
 */
export function analysisSeedValues(userId: string, seed: AnalysisSeed = {}): typeof analyses.$inferInsert {
  const status = seed.status ?? 'done';
  const createdAt = seed.createdAt ?? new Date();
  const title = seed.title ?? 'Klassenarbeit';
  const subject = seed.subject ?? 'Deutsch';
  const studentName = seed.studentName ?? 'Lena Schmidt';
  const gradeLevel = seed.gradeLevel ?? '7. Klasse';
  const totalPoints = seed.totalPoints === undefined ? 20 : seed.totalPoints;
  const achievedPoints = seed.achievedPoints === undefined ? 15 : seed.achievedPoints;
  const grade =
    seed.grade !== undefined
      ? seed.grade
      : achievedPoints !== null && totalPoints !== null
        ? (gradeFromPoints(achievedPoints, totalPoints)?.grade ?? null)
        : null;
  const inputText =
    seed.inputText ?? 'Aufgabe 1: Die Photosynthese wandelt Lichtenergie in chemische Energie um.';
  const result: AnalysisResult = {
    title,
    grade,
    achieved_points: achievedPoints,
    total_points: totalPoints,
    metadata: {
      subject,
      student_name: studentName,
      grade_level: gradeLevel,
      date: createdAt.toISOString().slice(0, 10),
    },
    tasks: seed.tasks ?? [
      {
        title: 'Aufgabe 1',
        achieved_points: achievedPoints,
        max_points: totalPoints,
        overall_feedback: 'Die Antwort trifft den Kern.',
        subtasks: [
          {
            subtask_label: 'a)',
            description: 'Erklären Sie den Vorgang.',
            achieved_points: achievedPoints,
            max_points: totalPoints,
            feedback: 'Gut begründet.',
            improvement_suggestion: 'Fachbegriffe genauer verwenden.',
            errors: [],
          },
        ],
      },
    ],
    overall_feedback: 'Insgesamt eine solide Arbeit.',
    strengths: ['Klare Sprache'],
    weaknesses: ['Fachbegriffe'],
    general_improvement_suggestions: ['Fachbegriffe wiederholen'],
    evaluation_criteria: { rubrics: [], competencies: [] },
    engine: 'builtin',
    engine_version: 'seed',
    status: 'suggested',
    review_flags: [],
  };
  const done = status === 'done';
  return {
    userId,
    status,
    title,
    subject,
    studentName,
    gradeLevel,
    grade: done ? grade : null,
    achievedPoints: done ? achievedPoints : null,
    totalPoints: done ? totalPoints : null,
    inputText,
    options: {
      subject: 'Auto',
      gradeLevel: 'Auto',
      depth: 'Auto',
      feedback: [],
      temperature: 0.1,
      customInstructions: '',
    },
    result: done ? result : null,
    suggestedResult: done ? result : null,
    reviewState: seed.reviewState ?? 'suggested',
    errorMessage: status === 'failed' ? 'Die Analyse ist fehlgeschlagen.' : null,
    createdAt,
    updatedAt: createdAt,
    completedAt: status === 'processing' ? null : createdAt,
  };
}
