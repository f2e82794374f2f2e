import { z } from 'zod';
import { countOf } from './plural';

// Teacher analytics (spec 001 §2 'Analytics dashboard', issue 18): figures from the teacher's own graded
// analyses (single ones and the papers of her class sets), never sample data. Heavy figures are computed in
// SQL on the server; this file is the contract and the few rules both sides read.

/** spec 001 §2: the timeframe filter. Each is a rolling window ending now; 'previous' is the window before. */
export const analyticsTimeframes = ['week', 'month', 'quarter', 'year'] as const;
export type AnalyticsTimeframe = (typeof analyticsTimeframes)[number];
export const defaultAnalyticsTimeframe: AnalyticsTimeframe = 'month';
export const analyticsTimeframeDays: Record<AnalyticsTimeframe, number> = {
  week: 7,
  month: 30,
  quarter: 91,
  year: 365,
};
export const analyticsTimeframeLabels: Record<AnalyticsTimeframe, string> = {
  week: 'Woche',
  month: 'Monat',
  quarter: 'Quartal',
  year: 'Jahr',
};

/** Issue 18: 'hours saved at 15 minutes per paper'. */
export const minutesSavedPerPaper = 15;

/**
 * The usual item-analysis warnings (issue 18 §1): a Schwierigkeitsindex (mean share of the points) below 0.2
 * is too hard, above 0.8 too easy; a Trennschärfe (correlation of the task with the rest of the test) below
 * 0.3 separates strong and weak papers poorly. Figures from fewer than `minPapersForItemFigures` papers are
 * shown but not warned about: three papers say nothing about a task.
 */
export const itemAnalysisThresholds = {
  difficultyTooHard: 0.2,
  difficultyTooEasy: 0.8,
  discriminationLow: 0.3,
  minPapersForItemFigures: 5,
} as const;

/** Query of every analytics endpoint: timeframe plus at most one of class and course. */
export const analyticsQuerySchema = z.object({
  timeframe: z.enum(analyticsTimeframes).default(defaultAnalyticsTimeframe),
  classId: z.uuid().optional(),
  courseId: z.uuid().optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** A stat card's figure now and in the window before (null where there is nothing to average). */
export const periodFigureSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
});
export type PeriodFigure = z.infer<typeof periodFigureSchema>;

/** One bar group of a grade distribution: how many papers got 1, 2, ... 6 (by the grade's whole number). */
export const gradeDistributionRowSchema = z.object({
  /** class or course id, or the subject itself; '' for papers without a class */
  key: z.string(),
  label: z.string(),
  /** six counts: grade 1 (0.7..1.5), 2 (1.7..2.5) ... 6 */
  counts: z.array(z.number().int()).length(6),
  papers: z.number().int(),
  averageGrade: z.number().nullable(),
});
export type GradeDistributionRow = z.infer<typeof gradeDistributionRowSchema>;

/** A pupil's grades over time (roster entry, or the typed name for papers not linked to a roster). */
export const studentProgressSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** class or course name of the newest paper that has one, '' when none */
  groupName: z.string(),
  papers: z.number().int(),
  averageGrade: z.number().nullable(),
  firstGrade: z.number().nullable(),
  lastGrade: z.number().nullable(),
  /**
   * Change of the grade value per 30 days by least squares (SQL regr_slope); negative is better (German
   * grades). Null with fewer than two graded papers on different days.
   */
  trendPerMonth: z.number().nullable(),
  /** the graded papers, oldest first (at most 12), for the sparkline and its table */
  points: z.array(z.object({ date: z.iso.datetime(), grade: z.number(), analysisId: z.uuid() })),
});
export type StudentProgress = z.infer<typeof studentProgressSchema>;

/** An error category and how often it occurred per graded paper, now and before. */
export const improvementAreaSchema = z.object({
  /** the engine's category, e.g. 'spelling' */
  category: z.string(),
  /** German, e.g. 'Rechtschreibung' */
  label: z.string(),
  errorsCurrent: z.number().int(),
  errorsPrevious: z.number().int(),
  perPaperCurrent: z.number(),
  perPaperPrevious: z.number().nullable(),
});
export type ImprovementArea = z.infer<typeof improvementAreaSchema>;

/**
 * A test whose questions can be analysed: a class set (`set:<id>`) or the single analyses graded against
 * one saved test (`key:<testId>`).
 */
export const analyticsTestSchema = z.object({
  id: z.string().regex(/^(set|key):[\w-]+$/),
  title: z.string(),
  papers: z.number().int(),
  /** newest paper's date */
  date: z.iso.datetime(),
});
export type AnalyticsTest = z.infer<typeof analyticsTestSchema>;

/** A plain sentence from the figures, with a link to its evidence on the page or in the product. */
export const analyticsInsightSchema = z.object({
  id: z.string(),
  text: z.string(),
  evidence: z.object({ label: z.string(), href: z.string() }),
});
export type AnalyticsInsight = z.infer<typeof analyticsInsightSchema>;

/** `GET /api/analytics/overview` */
export const analyticsOverviewSchema = z.object({
  timeframe: z.enum(analyticsTimeframes),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  previousFrom: z.iso.datetime(),
  stats: z.object({
    papers: periodFigureSchema,
    averageGrade: periodFigureSchema,
    /** mean share of the points in percent */
    averageScore: periodFigureSchema,
    hoursSaved: periodFigureSchema,
  }),
  byClass: z.array(gradeDistributionRowSchema),
  bySubject: z.array(gradeDistributionRowSchema),
  students: z.array(studentProgressSchema),
  improvementAreas: z.array(improvementAreaSchema),
  /** tests with papers in the window, newest first, for the question analysis' select */
  tests: z.array(analyticsTestSchema),
  insights: z.array(analyticsInsightSchema),
  /** the teacher's classes and courses for the filter (not archived ones with no papers) */
  filters: z.object({
    classes: z.array(z.object({ id: z.uuid(), name: z.string() })),
    courses: z.array(z.object({ id: z.uuid(), name: z.string() })),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const itemWarnings = ['too_hard', 'too_easy', 'low_discrimination'] as const;
export type ItemWarning = (typeof itemWarnings)[number];

/** One task of a test across its papers. */
export const questionFigureSchema = z.object({
  /** 0-based position of the task in the results */
  index: z.number().int(),
  title: z.string(),
  maxPoints: z.number().nullable(),
  /** papers with points for this task */
  papers: z.number().int(),
  meanPoints: z.number().nullable(),
  /** Schwierigkeitsindex: mean share of the points, 0..1 */
  difficulty: z.number().nullable(),
  /** Trennschärfe: Pearson correlation of the task's points with the rest of the paper's points */
  discrimination: z.number().nullable(),
  /** how many papers got each number of points (rounded down to half points), ascending */
  distribution: z.array(z.object({ points: z.number(), count: z.number().int() })),
  /** the task's most frequent errors by title, at most 5 */
  topErrors: z.array(z.object({ title: z.string(), count: z.number().int() })),
  warnings: z.array(z.enum(itemWarnings)),
});
export type QuestionFigure = z.infer<typeof questionFigureSchema>;

/** `GET /api/analytics/questions?test=<id>` */
export const questionAnalysisSchema = z.object({
  test: analyticsTestSchema,
  averageGrade: z.number().nullable(),
  questions: z.array(questionFigureSchema),
});
export type QuestionAnalysis = z.infer<typeof questionAnalysisSchema>;

/** The warnings of one task by the thresholds above. */
export function itemWarningsFor(
  figure: Pick<QuestionFigure, 'papers' | 'difficulty' | 'discrimination'>,
): ItemWarning[] {
  const t = itemAnalysisThresholds;
  if (figure.papers < t.minPapersForItemFigures) return [];
  const warnings: ItemWarning[] = [];
  if (figure.difficulty !== null && figure.difficulty < t.difficultyTooHard) warnings.push('too_hard');
  if (figure.difficulty !== null && figure.difficulty > t.difficultyTooEasy) warnings.push('too_easy');
  if (figure.discrimination !== null && figure.discrimination < t.discriminationLow)
    warnings.push('low_discrimination');
  return warnings;
}

export const analyticsMessages = {
  title: 'Analytics',
  subtitle: 'Auswertung Ihrer bewerteten Arbeiten',
  export: 'Exportieren',
  exportCsv: 'Als CSV (Tabellenkalkulation)',
  exportPdf: 'Als PDF-Bericht',
  stats: {
    papers: 'Bewertete Arbeiten',
    averageGrade: 'Durchschnittsnote',
    averageScore: 'Durchschnittliche Punktzahl',
    hoursSaved: 'Gesparte Zeit',
  },
  hoursSavedHint: `bei ${minutesSavedPerPaper} Minuten je Arbeit`,
  previousPeriod: 'gegenüber dem Zeitraum davor',
  noPrevious: 'Im Zeitraum davor keine Arbeiten',
  warnings: {
    too_hard: 'Sehr schwer (Schwierigkeitsindex unter 0,2)',
    too_easy: 'Sehr leicht (Schwierigkeitsindex über 0,8)',
    low_discrimination: 'Trennt schwach (Trennschärfe unter 0,3)',
  } satisfies Record<ItemWarning, string>,
  fewPapers: (n: number) =>
    `Nur ${n} ${n === 1 ? 'Arbeit' : 'Arbeiten'}: Kennzahlen ab ${itemAnalysisThresholds.minPapersForItemFigures} Arbeiten aussagekräftig.`,
  empty:
    'Im gewählten Zeitraum gibt es noch keine bewerteten Arbeiten. Sobald Sie Arbeiten analysieren lassen, erscheinen hier Ihre Auswertungen.',
  studentNotice:
    'Die Auswertung nach Klassen und Aufgaben ist für Lehrkräfte. Deine eigenen Noten und Fortschritte findest du in „Mein Lernprofil“.',
  allGroups: 'Alle Klassen und Kurse',
} as const;

/** Message of a request that names both a class and a course (ours). */
export const analyticsBothFiltersMessage =
  'Bitte wählen Sie entweder eine Klasse oder einen Kurs, nicht beides.';

/**
 * The page's sections as anchors (ours): the insights link to their evidence with these, the page gives its
 * sections these ids.
 */
export const analyticsSections = {
  stats: 'statistik',
  classes: 'klassen',
  subjects: 'faecher',
  students: 'schueler',
  improvement: 'verbesserung',
  questions: 'fragen',
} as const;
export type AnalyticsSection = keyof typeof analyticsSections;

/** The page's address for a query and section, optionally with a test chosen for the question analysis. */
export function analyticsHref(
  query: Pick<AnalyticsQuery, 'timeframe' | 'classId' | 'courseId'>,
  section: AnalyticsSection,
  test?: string,
): string {
  const params = new URLSearchParams({ timeframe: query.timeframe });
  if (query.classId) params.set('classId', query.classId);
  if (query.courseId) params.set('courseId', query.courseId);
  if (test) params.set('test', test);
  return `/dashboard/analytics?${params.toString()}#${analyticsSections[section]}`;
}

/** German one-decimal number: 2.25 → '2,3' (insights and report). */
function oneDecimal(value: number): string {
  return value.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
const rounded = (value: number) => Math.round(value * 10) / 10;

/** Only a change that shows at one decimal is worth a sentence. */
const differs = (a: number, b: number) => rounded(a) !== rounded(b);

const insightTexts = {
  papers: (current: number, previous: number, hours: number) =>
    `Sie haben in diesem Zeitraum ${current} ${current === 1 ? 'Arbeit' : 'Arbeiten'} bewerten lassen (davor ${previous}); bei ${minutesSavedPerPaper} Minuten je Arbeit sind das etwa ${oneDecimal(hours)} Stunden Korrekturzeit.`,
  gradeBetter: (previous: number, current: number) =>
    `Die Durchschnittsnote hat sich gegenüber dem Zeitraum davor von ${oneDecimal(previous)} auf ${oneDecimal(current)} verbessert.`,
  gradeWorse: (previous: number, current: number) =>
    `Die Durchschnittsnote hat sich gegenüber dem Zeitraum davor von ${oneDecimal(previous)} auf ${oneDecimal(current)} verschlechtert.`,
  categoryGrew: (label: string, previous: number, current: number) =>
    `${label}: Die Fehler je Arbeit sind von ${oneDecimal(previous)} auf ${oneDecimal(current)} gestiegen.`,
  studentWorse: (name: string, perMonth: number, papers: number) =>
    `Bei ${name} hat sich die Note über ${countOf(papers, 'Arbeit', 'Arbeiten')} um durchschnittlich ${oneDecimal(perMonth)} Notenstufen pro Monat verschlechtert.`,
  tooHard: (test: string, task: string, difficulty: number) =>
    `In „${test}“ war ${task} sehr schwer: Im Mittel wurden nur ${Math.round(difficulty * 100)} % der Punkte erreicht.`,
  tooEasy: (test: string, task: string, difficulty: number) =>
    `In „${test}“ war ${task} sehr leicht: Im Mittel wurden ${Math.round(difficulty * 100)} % der Punkte erreicht.`,
  lowDiscrimination: (test: string, task: string, discrimination: number) =>
    `In „${test}“ trennt ${task} kaum zwischen stärkeren und schwächeren Arbeiten (Trennschärfe ${discrimination.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}).`,
  evidence: {
    stats: 'Zur Statistik',
    improvement: 'Zu den Verbesserungsbereichen',
    students: 'Zum Schülerfortschritt',
    questions: 'Zur Aufgabenanalyse',
  },
};

/**
 * The insights (issue 18 §1): plain sentences from the figures, each linking to where they are shown. A
 * sentence is written only when its figures hold it: no comparison without a previous period, no trend from
 * fewer than two graded days, no item warning below the minimum number of papers (itemWarningsFor).
 */
export function analyticsInsights(
  overview: Pick<AnalyticsOverview, 'timeframe' | 'stats' | 'students' | 'improvementAreas'>,
  options: {
    query?: Pick<AnalyticsQuery, 'classId' | 'courseId'>;
    /** the question analysis of a recent test, whose warned tasks become sentences */
    questions?: QuestionAnalysis | null;
  } = {},
): AnalyticsInsight[] {
  const query = { timeframe: overview.timeframe, ...options.query };
  const insights: AnalyticsInsight[] = [];
  const { papers, averageGrade, hoursSaved } = overview.stats;
  const href = (section: AnalyticsSection, test?: string) => analyticsHref(query, section, test);
  const statsEvidence = { label: insightTexts.evidence.stats, href: href('stats') };

  if (papers.current && papers.previous && hoursSaved.current !== null) {
    insights.push({
      id: 'papers',
      text: insightTexts.papers(papers.current, papers.previous, hoursSaved.current),
      evidence: statsEvidence,
    });
  }
  if (
    averageGrade.current !== null &&
    averageGrade.previous !== null &&
    differs(averageGrade.current, averageGrade.previous)
  ) {
    // German grades: a smaller value is better
    const better = averageGrade.current < averageGrade.previous;
    insights.push({
      id: 'average-grade',
      text: (better ? insightTexts.gradeBetter : insightTexts.gradeWorse)(
        averageGrade.previous,
        averageGrade.current,
      ),
      evidence: statsEvidence,
    });
  }

  const grown = overview.improvementAreas
    .filter(
      (area): area is ImprovementArea & { perPaperPrevious: number } =>
        area.perPaperPrevious !== null &&
        area.perPaperCurrent > area.perPaperPrevious &&
        differs(area.perPaperCurrent, area.perPaperPrevious),
    )
    .sort((a, b) => b.perPaperCurrent - b.perPaperPrevious - (a.perPaperCurrent - a.perPaperPrevious))[0];
  if (grown) {
    insights.push({
      id: `category-${grown.category}`,
      text: insightTexts.categoryGrew(grown.label, grown.perPaperPrevious, grown.perPaperCurrent),
      evidence: { label: insightTexts.evidence.improvement, href: href('improvement') },
    });
  }

  const worsening = overview.students
    .filter(
      (student): student is StudentProgress & { trendPerMonth: number } =>
        student.trendPerMonth !== null && rounded(student.trendPerMonth) > 0,
    )
    .sort((a, b) => b.trendPerMonth - a.trendPerMonth)[0];
  if (worsening) {
    insights.push({
      id: `student-${worsening.key}`,
      text: insightTexts.studentWorse(worsening.name, worsening.trendPerMonth, worsening.papers),
      evidence: { label: insightTexts.evidence.students, href: href('students') },
    });
  }

  const analysis = options.questions;
  if (analysis) {
    const evidence = { label: insightTexts.evidence.questions, href: href('questions', analysis.test.id) };
    for (const question of analysis.questions) {
      const task = question.title.trim() ? `„${question.title.trim()}“` : `Aufgabe ${question.index + 1}`;
      for (const warning of question.warnings) {
        const text =
          warning === 'too_hard'
            ? insightTexts.tooHard(analysis.test.title, task, question.difficulty!)
            : warning === 'too_easy'
              ? insightTexts.tooEasy(analysis.test.title, task, question.difficulty!)
              : insightTexts.lowDiscrimination(analysis.test.title, task, question.discrimination!);
        insights.push({ id: `question-${question.index}-${warning}`, text, evidence });
      }
    }
  }
  return insights;
}

/** The export's labels (CSV sections and the PDF report; ours). */
export const analyticsExportLabels = {
  fileName: 'Analytics',
  title: 'Analytics-Bericht',
  timeframe: 'Zeitraum',
  group: 'Klasse oder Kurs',
  period: (from: string, to: string) => `${from} bis ${to}`,
  stats: 'Kennzahlen',
  figure: 'Kennzahl',
  current: 'Zeitraum',
  previous: 'Zeitraum davor',
  hoursSaved: 'Gesparte Stunden',
  averageScore: 'Durchschnittliche Punktzahl (%)',
  byClass: 'Noten nach Klasse',
  bySubject: 'Noten nach Fach',
  gradeColumns: ['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5', 'Note 6'],
  papers: 'Arbeiten',
  averageGrade: 'Durchschnittsnote',
  class: 'Klasse',
  subject: 'Fach',
  students: 'Schülerfortschritt',
  student: 'Name',
  groupName: 'Klasse/Kurs',
  firstGrade: 'Erste Note',
  lastGrade: 'Letzte Note',
  trend: 'Trend (Notenstufen je Monat)',
  improvement: 'Verbesserungsbereiche',
  category: 'Fehlerart',
  errorsCurrent: 'Fehler im Zeitraum',
  errorsPrevious: 'Fehler davor',
  perPaperCurrent: 'Je Arbeit im Zeitraum',
  perPaperPrevious: 'Je Arbeit davor',
  insights: 'Erkenntnisse',
  noInsights: 'Für diesen Zeitraum lassen sich noch keine Aussagen ableiten.',
  none: 'Keine Daten im Zeitraum.',
  withoutClass: 'Ohne Klasse',
  withoutSubject: 'Ohne Fach',
  otherCategory: 'Sonstiges',
  allGroups: analyticsMessages.allGroups,
  // the Aufgabenanalyse of each test in the period, as a Fachkonferenz reads it (issue 34 §6)
  taskAnalysis: (title: string, date: string) => `Aufgabenanalyse: ${title} (${date})`,
  taskAnalysisNone: 'Aufgabenanalyse',
  task: 'Aufgabe',
  maxPoints: 'Höchstpunktzahl',
  meanPoints: 'Mittelwert (Punkte)',
  solutionRate: 'Lösungsquote (%)',
  taskPapers: 'Anzahl Arbeiten',
  discrimination: 'Trennschärfe',
} as const;
