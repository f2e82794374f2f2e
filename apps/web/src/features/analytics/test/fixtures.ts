import type { AnalyticsOverview, QuestionAnalysis } from '@korrigo/domain';

// Test data in the contract's shape (packages/domain/src/analytics.ts); every answer is parsed with its
// schema by the fetchers, so a fixture that drifts from the contract fails the tests.

export const ids = {
  class7b: '0b7c7d1e-0000-4000-8000-000000000001',
  course: '0b7c7d1e-0000-4000-8000-000000000002',
  set: 'set:0b7c7d1e-0000-4000-8000-000000000003',
  key: 'key:0b7c7d1e-0000-4000-8000-000000000004',
  analysis: (n: number) => `0b7c7d1e-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
};

export const overview: AnalyticsOverview = {
  timeframe: 'month',
  from: '2026-10-26T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  previousFrom: '2026-09-26T00:00:00.000Z',
  stats: {
    papers: { current: 12, previous: 8 },
    averageGrade: { current: 2.4, previous: 2.7 },
    averageScore: { current: 68.5, previous: 71 },
    hoursSaved: { current: 3, previous: 2 },
  },
  byClass: [{ key: ids.class7b, label: '7b', counts: [2, 4, 3, 2, 1, 0], papers: 12, averageGrade: 2.6 }],
  bySubject: [
    { key: 'Mathematik', label: 'Mathematik', counts: [1, 3, 2, 1, 0, 0], papers: 7, averageGrade: 2.4 },
    { key: 'Deutsch', label: 'Deutsch', counts: [1, 1, 1, 1, 1, 0], papers: 5, averageGrade: 3 },
  ],
  students: [
    {
      key: 's1',
      name: 'Mia Berger',
      groupName: '7b',
      papers: 3,
      averageGrade: 2.3,
      firstGrade: 3,
      lastGrade: 1.7,
      trendPerMonth: -0.6,
      points: [
        { date: '2026-10-28T08:00:00.000Z', grade: 3, analysisId: ids.analysis(1) },
        { date: '2026-11-10T08:00:00.000Z', grade: 2.3, analysisId: ids.analysis(2) },
        { date: '2026-11-20T08:00:00.000Z', grade: 1.7, analysisId: ids.analysis(3) },
      ],
    },
    {
      key: 's2',
      name: 'Ali Demir',
      groupName: '7b',
      papers: 2,
      averageGrade: 3.5,
      firstGrade: 3,
      lastGrade: 4,
      trendPerMonth: 1.2,
      points: [
        { date: '2026-10-28T08:00:00.000Z', grade: 3, analysisId: ids.analysis(4) },
        { date: '2026-11-20T08:00:00.000Z', grade: 4, analysisId: ids.analysis(5) },
      ],
    },
    {
      key: 's3',
      name: 'Zoe Adler',
      groupName: 'Deutsch 7',
      papers: 1,
      averageGrade: 1,
      firstGrade: 1,
      lastGrade: 1,
      trendPerMonth: null,
      points: [{ date: '2026-11-12T08:00:00.000Z', grade: 1, analysisId: ids.analysis(6) }],
    },
  ],
  improvementAreas: [
    {
      category: 'grammar',
      label: 'Grammatik',
      errorsCurrent: 3,
      errorsPrevious: 6,
      perPaperCurrent: 0.25,
      perPaperPrevious: 0.75,
    },
    {
      category: 'spelling',
      label: 'Rechtschreibung',
      errorsCurrent: 24,
      errorsPrevious: 8,
      perPaperCurrent: 2,
      perPaperPrevious: 1,
    },
  ],
  tests: [
    { id: ids.set, title: 'Klassenarbeit Brüche', papers: 6, date: '2026-11-20T08:00:00.000Z' },
    { id: ids.key, title: 'Diktat', papers: 3, date: '2026-11-12T08:00:00.000Z' },
  ],
  insights: [
    {
      id: 'hard-task',
      text: 'Aufgabe 2 der Klassenarbeit Brüche war für fast alle zu schwer.',
      evidence: { label: 'Zur Aufgabenanalyse', href: `/dashboard/analytics?test=${ids.set}#fragen` },
    },
  ],
  filters: {
    classes: [{ id: ids.class7b, name: '7b' }],
    courses: [{ id: ids.course, name: 'Deutsch 7' }],
  },
};

export const emptyOverview: AnalyticsOverview = {
  ...overview,
  stats: {
    papers: { current: 0, previous: 0 },
    averageGrade: { current: null, previous: null },
    averageScore: { current: null, previous: null },
    hoursSaved: { current: 0, previous: 0 },
  },
  byClass: [],
  bySubject: [],
  students: [],
  improvementAreas: [],
  tests: [],
  insights: [],
};

export const questions: QuestionAnalysis = {
  test: overview.tests[0]!,
  averageGrade: 2.8,
  questions: [
    {
      index: 0,
      title: 'Aufgabe 1',
      maxPoints: 4,
      papers: 6,
      meanPoints: 3.5,
      difficulty: 0.875,
      discrimination: 0.45,
      distribution: [
        { points: 2, count: 1 },
        { points: 4, count: 5 },
      ],
      topErrors: [],
      warnings: ['too_easy'],
    },
    {
      index: 1,
      title: 'Aufgabe 2',
      maxPoints: 6,
      papers: 6,
      meanPoints: 0.9,
      difficulty: 0.15,
      discrimination: 0.12,
      distribution: [
        { points: 0, count: 3 },
        { points: 1.5, count: 2 },
        { points: 2, count: 1 },
      ],
      topErrors: [{ title: 'Falsch gekürzt', count: 4 }],
      warnings: ['too_hard', 'low_discrimination'],
    },
  ],
};
