import { z } from 'zod';
import { parseGrade } from './grade-scale';
import { analysisListItemSchema } from './analysis';
import { analysisResultSchema } from './analysis-result';
import { readPoints } from './points';

/** spec 000 §9: the history popup's and the dashboard's numbers. */
export const historyLimits = {
  /** rows per page of the history popup */
  pageSize: 7,
  /** the largest page a client may ask for */
  maxPageSize: 100,
  /** the history list request gives up after this long */
  timeoutMs: 10_000,
  /** how long 'Analysis updated/deleted successfully' stays */
  successMessageMs: 3000,
  searchMaxLength: 200,
} as const;

export const dashboardLimits = {
  /** recent analyses shown before 'show all' */
  recentCount: 6,
  /** cached analyses shown when the dashboard cannot load */
  cachedFallbackCount: 3,
  /** saved time estimate per analysed test */
  minutesSavedPerTest: 15,
} as const;

/** spec 000 §4: the browser's copy of the last loaded analyses, the fallback when loading fails. */
export const CACHED_ANALYSES_KEY = 'cachedAnalyses';

/**
 * The Grading History popup (spec 000 §2, §4, §8). The spec gives these texts in English; they are kept
 * verbatim. The validation sentences at the end are ours and German, like every server message.
 */
export const historyMessages = {
  title: 'Grading History',
  /** ours (issue 15 §7): the course of the Analysis record, under the student's name */
  linkedCourse: (name: string) => `Kurs: ${name}`,
  loading: 'Loading your test history...',
  searchLabel: 'Search',
  searchPlaceholder: 'Search tests...',
  courseFilterLabel: 'Course',
  allSubjects: 'All subjects',
  undefinedSubject: 'Undefined',
  empty: 'No test analyses found',
  notAvailable: 'N/A',
  invalidDate: 'Invalid Date',
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  previous: 'Previous',
  next: 'Next',
  columns: {
    date: 'Date',
    title: 'Title',
    course: 'Course',
    student: 'Student',
    class: 'Class',
    grade: 'Grade',
    actions: 'Actions',
  },
  view: 'View Analysis',
  edit: 'Edit Analysis',
  delete: 'Delete Analysis',
  editTitle: 'Edit Analysis Details',
  fields: {
    title: 'Title',
    course: 'Course',
    studentName: 'Student Name',
    class: 'Class',
    grade: 'Grade',
    achievedPoints: 'Achieved Points',
    totalPoints: 'Total Points',
  },
  cancel: 'Cancel',
  save: 'Save Changes',
  deleteTitle: 'Confirm Deletion',
  deleteQuestion: (title: string) => `Are you sure you want to delete the analysis "${title}"?`,
  deleteWarning: 'This action cannot be undone.',
  deleteConfirm: 'Delete',
  updated: 'Analysis updated successfully',
  deleted: 'Analysis deleted successfully',
  // spec 000 §8
  network: 'Network unavailable. Please check your internet connection.',
  sessionExpired: 'Session expired. Please refresh the page.',
  loadFailed: 'Failed to load history. Please try again later.',
  detailFailed: 'Failed to load analysis details.',
  updateFailed: 'Failed to update analysis. Please try again.',
  deleteFailed: 'Failed to delete analysis. Please try again.',
  notAuthenticated: 'User not authenticated',
  // ours: the server's checks of an edit (German like every server message)
  pointsNegative: 'Die Punkte dürfen nicht negativ sein.',
  pointsNotANumber: 'Die Punkte müssen eine Zahl sein.',
  pointsTooLarge: 'Die Punkte dürfen höchstens 100000 betragen.',
  achievedAboveTotal: 'Die erreichten Punkte dürfen nicht größer sein als die Gesamtpunkte.',
  gradeInvalid: 'Bitte geben Sie eine Note von 1 bis 6 ein, z. B. 2, 2- oder 2,3.',
  tooLong: (field: string, max: number) => `${field} darf höchstens ${max} Zeichen lang sein.`,
  stillProcessing: 'Die Analyse läuft noch. Bitte warten Sie, bis sie fertig ist.',
  // ours (issue 14 §10): a confirmed grading changes only by reopening it in the result view
  confirmed:
    'Diese Bewertung ist bestätigt. Um sie zu ändern, öffnen Sie die Analyse und wählen Sie „Bewertung wieder öffnen“.',
  openAnalysis: 'Analyse öffnen',
} as const;

/** The dashboard (spec 000 §2, §8): German except the three loading failures, which the spec gives in English. */
export const dashboardMessages = {
  title: 'Dashboard',
  lead: 'Ihre Analysen auf einen Blick.',
  stats: {
    analysedTests: 'Analysierte Tests',
    students: 'Schülerinnen und Schüler',
    averagePercent: 'Durchschnitt',
    savedHours: 'Gesparte Stunden',
  },
  statHints: {
    analysedTests: 'fertig bewertete Arbeiten',
    students: 'verschiedene Namen',
    averagePercent: 'der erreichbaren Punkte',
    savedHours: '15 Minuten je Test',
  },
  comparisonNote: 'Veränderung: letzter Monat gegenüber dem Monat davor.',
  change: (percent: number) =>
    `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent).toLocaleString('de-DE')} %`,
  vsPreviousMonth: 'zum Vormonat',
  noComparison: 'Kein Vergleich: im Monat davor keine Werte',
  recentTitle: 'Letzte Analysen',
  showAll: 'Alle anzeigen',
  showLess: 'Weniger anzeigen',
  loadMore: 'Weitere laden',
  noAnalyses: 'Noch keine Analysen',
  noAnalysesText: 'Sobald Sie eine Arbeit analysieren lassen, erscheint sie hier.',
  newAnalysis: 'Neue Analyse',
  historyTitle: 'Korrekturverlauf',
  open: (title: string) => `Analyse „${title}“ öffnen`,
  untitled: 'Ohne Titel',
  noStudent: 'ohne Namen',
  /** ours (issue 15 §7): the course of the Analysis record */
  linkedCourse: (name: string) => `Kurs: ${name}`,
  processing: 'Wird analysiert',
  needsTranscription: 'Transkription prüfen',
  failed: 'Fehlgeschlagen',
  confirmed: 'Bestätigt',
  grade: 'Note',
  detailTitle: 'Analyseergebnis',
  cachedTitle: 'Zuletzt gespeicherte Analysen',
  cachedText: 'Diese Liste stammt aus dem Speicher Ihres Browsers und ist möglicherweise nicht aktuell.',
  // spec 000 §8 (English in the spec)
  network: 'Network unavailable. Please check your internet connection.',
  sessionExpired: 'Session expired. Please refresh the page.',
  loadFailed: 'Failed to load data. Please try again later.',
} as const;

export type HistoryItem = z.infer<typeof analysisListItemSchema>;

/** `GET /api/analyses/history` and `GET /analysis-history`: search, course filter, page. */
export const historyQuerySchema = z.object({
  search: z.string().max(historyLimits.searchMaxLength).optional(),
  /** exact course; empty or 'all' means no filter */
  subject: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(historyLimits.maxPageSize).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  analyses: z.array(analysisListItemSchema),
  /** rows that match search and filter, over all pages */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  /** every distinct non-empty course of the user, for the dropdown */
  subjects: z.array(z.string()),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** spec 000 §7 `GET /analysis/{id}`: the history item with `ai_analysis` and `test`. */
export const historyDetailSchema = analysisListItemSchema.extend({
  test: z.string(),
  ai_analysis: analysisResultSchema.nullable(),
});

/** Form inputs and old clients send numbers as text; '' and null both mean "no value". */
const points = z.preprocess(
  (value) => {
    if (value === '' || value === null) return null;
    // the one reading of typed points ('12,5'); what is no number stays NaN and gets the message below
    if (typeof value === 'string' && value.trim() !== '') return readPoints(value) ?? Number.NaN;
    return value;
  },
  z
    .number({ error: historyMessages.pointsNotANumber })
    .min(0, { error: historyMessages.pointsNegative })
    .max(100_000, { error: historyMessages.pointsTooLarge })
    .nullable(),
);
const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: historyMessages.tooLong(field, max) });

/**
 * The editable fields of a history item (spec 000 §2 'Edit Analysis Details'). Every field is optional, so
 * the spec's PUT with the whole row and a PATCH with one field both fit; other row fields are ignored.
 */
export const analysisDetailsUpdateSchema = z.object({
  title: text('Der Titel', 300).optional(),
  subject: text('Das Fach', 100).optional(),
  student_name: text('Der Name', 200).optional(),
  grade_level: text('Die Klasse', 100).optional(),
  grade: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      text('Die Note', 20).nullable(),
    )
    .optional(),
  achieved_points: points.optional(),
  total_points: points.optional(),
});
export type AnalysisDetailsUpdate = z.infer<typeof analysisDetailsUpdateSchema>;
/** what a client may send: points also as text ('12,5'), '' for no value */
export type AnalysisDetailsUpdateInput = z.input<typeof analysisDetailsUpdateSchema>;

/** A grade the history accepts: empty, or one of the German scale (as `parseGrade` reads it). */
export function isAcceptedGrade(grade: string | null): boolean {
  return grade === null || parseGrade(grade) !== null;
}

const statSchema = z.object({
  /** all time */
  value: z.number().nullable(),
  /** the last month (the month up to now) */
  lastMonth: z.number().nullable(),
  /** the month before that */
  previousMonth: z.number().nullable(),
  /** rounded percent change of lastMonth against previousMonth; null without a value to compare with */
  changePercent: z.number().int().nullable(),
});
export type DashboardStat = z.infer<typeof statSchema>;

/** `GET /api/dashboard`. */
export const dashboardSchema = z.object({
  stats: z.object({
    analysedTests: statSchema,
    students: statSchema,
    averagePercent: statSchema,
    savedHours: statSchema,
  }),
  /** the newest analyses, `dashboardLimits.recentCount` of them */
  recent: z.array(analysisListItemSchema),
  /** all analyses of the user, for 'show all' */
  totalAnalyses: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * spec 000 §9 'Stats comparison: last month against the month before': the rounded relative change in
 * percent. Without a value in the month before there is nothing to compare with (null, not +infinity).
 */
export function percentChange(lastMonth: number | null, previousMonth: number | null): number | null {
  if (lastMonth === null || previousMonth === null || previousMonth === 0) return null;
  return Math.round(((lastMonth - previousMonth) / previousMonth) * 100);
}

/** spec 000 §9 'Saved time estimate: 15 minutes per test, shown in hours'. */
export function savedHours(analysedTests: number): number {
  return (analysedTests * dashboardLimits.minutesSavedPerTest) / 60;
}

/**
 * spec 000 §5: case-insensitive match of title, subject, student_name, grade_level or grade; a blank
 * search matches everything. The server's SQL does the same (history.repository.ts); the browser uses this
 * for the cached list.
 */
export function matchesHistorySearch(item: HistoryItem, search: string | undefined): boolean {
  const needle = (search ?? '').trim().toLowerCase();
  if (!needle) return true;
  return [item.title, item.subject, item.student_name, item.grade_level, item.grade ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** spec 000 §5: the course filter is an exact match; '' and 'all' mean no filter. */
export function isSubjectFilter(subject: string | undefined): subject is string {
  return subject !== undefined && subject !== '' && subject !== 'all';
}

/** Search, filter and one page of a list, by the same rules as the server (for the cached fallback). */
export function pageOfHistory(
  items: HistoryItem[],
  query: { search?: string; subject?: string; page?: number; pageSize?: number },
): HistoryPage {
  const pageSize = query.pageSize ?? historyLimits.pageSize;
  const matching = items.filter(
    (item) =>
      matchesHistorySearch(item, query.search) &&
      (!isSubjectFilter(query.subject) || item.subject === query.subject),
  );
  const totalPages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), totalPages);
  return {
    analyses: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    pageSize,
    totalPages,
    subjects: historySubjects(items),
  };
}

/** spec 000 §2: each distinct non-empty course, sorted as a German reader expects. */
export function historySubjects(items: HistoryItem[]): string[] {
  const subjects = new Set(items.map((item) => item.subject).filter((subject) => subject !== ''));
  return [...subjects].sort((a, b) => a.localeCompare(b, 'de'));
}

/** spec 000 §2: an empty course is labelled 'Undefined' in the dropdown. */
export function subjectLabel(subject: string): string {
  return subject.trim() === '' ? historyMessages.undefinedSubject : subject;
}
