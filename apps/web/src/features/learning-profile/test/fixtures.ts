import type { AnalysisResult, GradeRecord, LearningProfile } from '@korrigo/domain';

// today 2026-11-24: the current term is the 1. Halbjahr 2026/27 (from 2026-08-01), the previous one the
// 2. Halbjahr 2025/26 (2026-02-01 to 2026-07-31)
export const today = '2026-11-24';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ids = { mathe: id(1), deutsch: id(2), analysis: (n: number) => id(100 + n) };

function record(n: number, over: Partial<GradeRecord>): GradeRecord {
  return {
    id: id(200 + n),
    analysisId: ids.analysis(n),
    schoolId: id(9),
    classId: id(8),
    courseId: ids.mathe,
    createdAt: '2026-10-05T08:00:00.000Z',
    updatedAt: '2026-10-05T08:00:00.000Z',
    subject: 'Mathematik',
    courseName: 'Mathe 7b',
    type: 'Klassenarbeit',
    title: 'Bruchrechnung',
    achieved_points: 7.75,
    total_points: 12,
    grade: '2-',
    gradeValue: 2.3,
    selfCheck: false,
    resultAvailable: true,
    ...over,
  };
}

/** current term: a class test (2-, 7,75 / 12) and a self-check; previous term: one 1; older: one 3 */
export const grades: GradeRecord[] = [
  record(3, {
    createdAt: '2026-11-20T15:00:00.000Z',
    courseId: null,
    classId: null,
    courseName: '',
    type: 'Selbsttest',
    title: 'Mein Aufsatz',
    subject: 'Deutsch',
    achieved_points: 3,
    total_points: 10,
    grade: '5',
    gradeValue: 5,
    selfCheck: true,
    resultAvailable: true,
  }),
  record(1, {}),
  record(2, {
    createdAt: '2026-03-10T08:00:00.000Z',
    courseId: ids.deutsch,
    courseName: 'Deutsch 7b',
    subject: 'Deutsch',
    title: 'Erörterung',
    achieved_points: 18,
    total_points: 20,
    grade: '1',
    gradeValue: 1,
  }),
  record(4, {
    createdAt: '2025-09-10T08:00:00.000Z',
    title: 'Dreisatz',
    achieved_points: 6,
    total_points: 10,
    grade: '3',
    gradeValue: 3,
  }),
];

export const profile: LearningProfile = {
  today,
  courses: [
    {
      id: ids.mathe,
      name: 'Mathe 7b',
      subject: 'Mathematik',
      classNames: ['7b'],
      schoolName: 'Gesamtschule Am Park',
      instructor: 'Frau Berg',
      startDate: '2026-08-10',
      endDate: null,
      status: 'active',
      progress: { done: 1, total: 3 },
      nextExam: { name: 'Geometrie', date: '2026-12-03' },
    },
    {
      id: ids.deutsch,
      name: 'Deutsch 7b',
      subject: 'Deutsch',
      classNames: ['7b', '7c'],
      schoolName: 'Gesamtschule Am Park',
      instructor: 'Herr Kurz',
      startDate: '2025-08-10',
      endDate: '2026-07-15',
      status: 'completed',
      progress: null,
      nextExam: null,
    },
  ],
  grades,
  upcomingExams: [
    {
      id: id(301),
      courseId: ids.mathe,
      courseName: 'Mathe 7b',
      subject: 'Mathematik',
      name: 'Geometrie',
      date: '2026-12-03',
    },
    {
      id: id(302),
      courseId: ids.mathe,
      courseName: 'Mathe 7b',
      subject: 'Mathematik',
      name: 'Terme',
      date: '2027-01-20',
    },
  ],
};

export const result: AnalysisResult = {
  title: 'Bruchrechnung',
  grade: '2-',
  achieved_points: 7.75,
  total_points: 12,
  metadata: { subject: 'Mathematik', student_name: 'Mia', grade_level: '7', date: '2026-10-05' },
  tasks: [
    {
      title: 'Aufgabe 1',
      achieved_points: 7.75,
      max_points: 12,
      overall_feedback: '',
      subtasks: [
        {
          subtask_label: '1a',
          description: 'Kürzen',
          achieved_points: 7.75,
          max_points: 12,
          feedback: 'Meist richtig gekürzt.',
          improvement_suggestion: '',
          errors: [
            {
              title: 'Rechenfehler',
              point_deduction: 1,
              details: '',
              suggestion: 'Zähler und Nenner durch dieselbe Zahl teilen.',
              severity: 'severe',
              message: 'Falsch gekürzt',
              location: { type: 'text', start: 0, end: 3, quoted_text: '2/4' },
            },
          ],
        },
      ],
    },
  ],
  overall_feedback: 'Solide Arbeit.',
  strengths: ['Sauber gerechnet'],
  weaknesses: [],
  general_improvement_suggestions: [],
  evaluation_criteria: { rubrics: [], competencies: [] },
  engine: 'builtin',
  engine_version: '1',
  status: 'suggested',
  review_flags: [],
};

export const gradeDetail = (n: number) => ({
  ai_analysis: JSON.stringify(result),
  test: '2/4 = 1/3',
  record: grades.find((item) => item.analysisId === ids.analysis(n))!,
});
