import { z } from 'zod';
import { learningProfileGradeClass, parseGrade } from './grade-scale';
import { countOf } from './plural';

// The student's grades (spec 001 §2 'Mein Lernprofil', §3 Grade record and its detail response, Course
// derived values, §7 `GET /grades/{analysisId}`, §9 grade mapping and classes; issue 17). A grade record is
// made when a teacher releases a confirmed analysis linked to the student (a class set's 'Ergebnisse
// zurückgeben' or a single analysis' 'An Schüler:in zurückgeben'), and for the student's own analyses as a
// self-check. The student reads only her own records; a teacher only those of her courses.

/** The record's `type`: a released teacher's grade, or the student's own analysis. */
export const gradeRecordTypes = {
  classTest: 'Klassenarbeit',
  /** a single analysis a teacher released (not part of a class set) */
  teacherCheck: 'Korrektur',
  selfCheck: 'Selbsttest',
} as const;
export type GradeRecordType = (typeof gradeRecordTypes)[keyof typeof gradeRecordTypes];

/** spec 001 §3 Grade record, plus `gradeValue` (§9 mapping, null when the grade is not a grade) and `updatedAt`. */
export const gradeRecordSchema = z.object({
  id: z.uuid(),
  analysisId: z.uuid(),
  schoolId: z.uuid().nullable(),
  classId: z.uuid().nullable(),
  courseId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  subject: z.string(),
  courseName: z.string(),
  type: z.string(),
  title: z.string(),
  achieved_points: z.number().nullable(),
  total_points: z.number().nullable(),
  grade: z.string().nullable(),
  gradeValue: z.number().nullable(),
  /** true for the student's own analyses: shown, but not counted in the averages */
  selfCheck: z.boolean(),
  /**
   * false when the graded work is gone with the teacher's erased account (ADR 0015): the grade stays the
   * student's, its details and PDF cannot be opened any more
   */
  resultAvailable: z.boolean(),
});
export type GradeRecord = z.infer<typeof gradeRecordSchema>;

/**
 * `GET /grades/{analysisId}` (spec 001 §7): `ai_analysis` is the result as JSON text, `test` the graded text
 * (the typed work or the checked transcription). `record` is ours, so the overlay needs one call.
 */
export const gradeDetailSchema = z.object({
  ai_analysis: z.string(),
  test: z.string(),
  record: gradeRecordSchema,
});
export type GradeDetail = z.infer<typeof gradeDetailSchema>;

/** spec 001 §3 Course derived values: status from the course's dates, progress from its exams. */
export const learningProfileCourseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  classNames: z.array(z.string()),
  schoolName: z.string(),
  /** the course's teachers' names, joined with ', ' ('Kein Name' for a teacher without one, spec 001 §8) */
  instructor: z.string(),
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  status: z.enum(['active', 'completed']),
  /** the course's exams whose date has come (done) of all its exams; null when it has none */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** spec 001 §9 'Course colours are chosen by subject' (the web maps the subject to a colour) */
  nextExam: z.object({ name: z.string(), date: z.iso.date() }).nullable(),
});
export type LearningProfileCourse = z.infer<typeof learningProfileCourseSchema>;

export const upcomingExamSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseName: z.string(),
  subject: z.string(),
  name: z.string(),
  date: z.iso.date(),
});
export type UpcomingExam = z.infer<typeof upcomingExamSchema>;

/** `GET /api/learning-profile` (students; a teacher gets 403): everything 'Mein Lernprofil' shows. */
export const learningProfileSchema = z.object({
  /** the server's date in Europe/Berlin, YYYY-MM-DD: what 'current term', 'active' and 'upcoming' mean */
  today: z.iso.date(),
  courses: z.array(learningProfileCourseSchema),
  /** newest first */
  grades: z.array(gradeRecordSchema),
  /** exams of her courses from today on, soonest first */
  upcomingExams: z.array(upcomingExamSchema),
});
export type LearningProfile = z.infer<typeof learningProfileSchema>;

/** `GET /api/courses/{courseId}/grades` (teachers of the course): the released records with the pupil's name. */
export const courseGradeListSchema = z.array(gradeRecordSchema.extend({ studentName: z.string() }));
export type CourseGradeList = z.infer<typeof courseGradeListSchema>;

/** `POST /api/analyses/{id}/release`: the single analysis' 'An Schüler:in zurückgeben'. */
export const analysisReleaseSchema = z.object({
  releasedAt: z.iso.datetime(),
  studentName: z.string(),
});
export type AnalysisRelease = z.infer<typeof analysisReleaseSchema>;

/** Where a grade notification leads: 'Mein Lernprofil' with that grade's detail open. */
export const gradeLinkParam = 'note';
export const gradeLink = (analysisId: string) =>
  `/dashboard/mytests?${gradeLinkParam}=${encodeURIComponent(analysisId)}`;

/**
 * A course in the pupil's view (spec 001 §3 derived status, from the course's dates): completed once archived
 * or past its end date, else active. The Lern-Assistent's exam query says the same in SQL.
 */
export function courseStatusOf(
  course: { archived: boolean; endDate: string | null },
  today: string,
): 'active' | 'completed' {
  return course.archived || (course.endDate !== null && course.endDate < today) ? 'completed' : 'active';
}

// ---- terms (issue 17 §2: school half-years) ----

export type Term = { id: string; label: string; start: string; end: string };

/**
 * The school half-year a date (YYYY-MM-DD) falls in: 1 Aug to 31 Jan is the first, 1 Feb to 31 Jul the
 * second half of the school year that began in August. Ids like '2026-1' (first half of 2026/27).
 */
export function termOf(day: string): Term {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (month >= 8) return firstHalf(year);
  if (month === 1) return firstHalf(year - 1);
  return secondHalf(year - 1);
}

/** The half-year before the one `day` falls in. */
export function previousTermOf(day: string): Term {
  const current = termOf(day);
  const dayBefore = shiftDay(current.start, -1);
  return termOf(dayBefore);
}

function schoolYear(startYear: number) {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
}

function firstHalf(startYear: number): Term {
  return {
    id: `${startYear}-1`,
    label: `1. Halbjahr ${schoolYear(startYear)}`,
    start: `${startYear}-08-01`,
    end: `${startYear + 1}-01-31`,
  };
}

function secondHalf(startYear: number): Term {
  const end = startYear + 1;
  return {
    id: `${startYear}-2`,
    label: `2. Halbjahr ${schoolYear(startYear)}`,
    start: `${end}-02-01`,
    end: `${end}-07-31`,
  };
}

function shiftDay(day: string, days: number) {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The calendar day of an instant in Germany (records are dated by when the pupil got them). */
export function berlinDay(instant: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

export type TermFilter = 'all' | 'current' | 'previous';

export function recordsInTerm<T extends Pick<GradeRecord, 'createdAt'>>(
  records: T[],
  filter: TermFilter,
  today: string,
): T[] {
  if (filter === 'all') return records;
  const term = filter === 'current' ? termOf(today) : previousTermOf(today);
  return records.filter((record) => termOf(berlinDay(record.createdAt)).id === term.id);
}

// ---- the four stat cards (spec 001 §2, §9) ----

export type LearningProfileStats = {
  /** mean of the grade values of the teachers' grades (self-checks excluded); null without any */
  gradeAverage: number | null;
  /** spec 001 §9: the mean of achieved over total, in percent; null without any */
  scoreAveragePercent: number | null;
  testsWritten: number;
  upcomingTests: number;
};

export function learningProfileStats(records: GradeRecord[], upcomingTests: number): LearningProfileStats {
  const counted = records.filter((record) => !record.selfCheck);
  const values = counted
    .map((record) => record.gradeValue)
    .filter((value): value is number => value !== null);
  const shares = counted
    .filter((record) => record.achieved_points !== null && (record.total_points ?? 0) > 0)
    .map((record) => record.achieved_points! / record.total_points!);
  return {
    gradeAverage: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
    scoreAveragePercent: shares.length ? (shares.reduce((a, b) => a + b, 0) / shares.length) * 100 : null,
    testsWritten: counted.length,
    upcomingTests,
  };
}

/** A grade value as German text: one decimal with a comma ('2,3'). */
export function formatGradeValue(value: number): string {
  return value.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The colour class of a grade as shown (spec 001 §9 classes), or null for a grade that is not one. */
export function gradeClassOf(grade: string | null) {
  const value = parseGrade(grade);
  return value === null ? null : learningProfileGradeClass(value);
}

export const learningProfileMessages = {
  title: 'Mein Lernprofil',
  intro: 'Deine Kurse, deine Noten und was als Nächstes ansteht.',
  loadFailed: 'Dein Lernprofil konnte nicht geladen werden. Bitte versuche es erneut.',
  retry: 'Erneut versuchen',
  coursesHeading: 'Meine Kurse',
  filterAll: 'Alle',
  filterActive: 'Aktiv',
  filterCompleted: 'Abgeschlossen',
  /** the name of the filter's button group (screen readers) */
  courseFilter: 'Kurse filtern',
  statusActive: 'Aktiv',
  statusCompleted: 'Abgeschlossen',
  instructor: 'Lehrkraft',
  progress: (done: number, total: number) =>
    `${done} von ${countOf(total, 'Prüfung', 'Prüfungen')} geschrieben`,
  noExams: 'Noch keine Prüfungen geplant',
  nextExam: (name: string, date: string) => `Nächste Prüfung: ${name} am ${date}`,
  // spec 001 §2, verbatim
  noCourses: 'Keine Kurse gefunden. Bitte wenden Sie sich an Ihren Administrator, wenn dies unerwartet ist.',
  gradesHeading: 'Meine Noten',
  term: 'Zeitraum',
  termAll: 'Alle',
  termCurrent: (label: string) => `Aktuelles Halbjahr (${label})`,
  termPrevious: (label: string) => `Vorheriges Halbjahr (${label})`,
  statGradeAverage: 'Notendurchschnitt',
  statScoreAverage: 'Durchschnittliche Punktzahl',
  statTestsWritten: 'Geschriebene Tests',
  statUpcoming: 'Anstehende Tests',
  statNone: '–',
  selfChecksNotCounted: 'Selbsttests zählen nicht in den Durchschnitt.',
  columnCourse: 'Kurs',
  columnType: 'Art',
  columnDate: 'Datum',
  columnScore: 'Punkte',
  columnGrade: 'Note',
  columnActions: 'Aktionen',
  /** the visible text of the row's buttons; their names say which test (showDetails, downloadPdf) */
  details: 'Details',
  pdf: 'PDF',
  showDetails: (title: string) => `Details zu „${title}“ anzeigen`,
  downloadPdf: (title: string) => `„${title}“ als PDF herunterladen`,
  downloadFailed: 'Das PDF konnte nicht heruntergeladen werden. Bitte versuche es erneut.',
  resultErased:
    'Die bewertete Arbeit wurde mit dem Konto deiner Lehrkraft gelöscht; die Note bleibt dir erhalten.',
  // spec 001 §2, verbatim
  noGrades: 'Für die ausgewählte Laufzeit wurden keine Noten gefunden.',
  detailTitle: (title: string) => `Bewertung: ${title}`,
  detailLoadFailed: 'Die Bewertung konnte nicht geladen werden. Bitte versuche es erneut.',
  detailGradedText: 'Deine Arbeit',
  close: 'Schließen',
  withoutCourse: 'Ohne Kurs',
} as const;

/** Notifications to the student (issue 17 §1). */
export const gradeNotificationMessages = {
  updatedTitle: 'Note geändert',
  /**
   * ours (issue 33 §4): sent only when the grade or the points changed, and saying from what to what; the
   * points as the result shows them („12 von 20“)
   */
  updatedMessage: (
    title: string,
    grade: { from: string | null; to: string | null },
    points: { from: string; to: string },
  ) =>
    `Deine Lehrkraft hat die Bewertung von „${title}“ überarbeitet: ` +
    (grade.from !== grade.to && grade.to !== null
      ? grade.from !== null
        ? `Deine Note ändert sich von ${grade.from} auf ${grade.to}.`
        : `Deine Note ist jetzt ${grade.to}.`
      : `Deine Punkte ändern sich von ${points.from} auf ${points.to}${grade.to ? `; die Note bleibt ${grade.to}` : ''}.`),
} as const;

export const gradeReleaseMessages = {
  release: 'An die Schülerin oder den Schüler zurückgeben',
  released: (name: string, date: string) => `An ${name} zurückgegeben am ${date}`,
  releasedToast: (name: string) => `Die Bewertung ist jetzt für ${name} sichtbar.`,
  notConfirmed: 'Bitte bestätigen Sie die Bewertung, bevor Sie sie zurückgeben.',
  noStudent:
    'Diese Analyse ist keiner Schülerin und keinem Schüler mit Konto zugeordnet. Ordnen Sie sie im Kurs zu, um sie zurückzugeben.',
  updatesStudent:
    'Die Bewertung ist zurückgegeben: Wenn Sie sie ändern und wieder bestätigen, sieht die Schülerin oder der Schüler die neue Fassung und wird benachrichtigt.',
  failed: 'Die Bewertung konnte nicht zurückgegeben werden. Bitte versuchen Sie es erneut.',
} as const;

export const gradeMessages = {
  notFound: 'Diese Note wurde nicht gefunden.',
  studentsOnly: 'Das Lernprofil gibt es nur für Schülerinnen und Schüler.',
} as const;
