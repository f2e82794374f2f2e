import { z } from 'zod';
import {
  analysisOptionsSchema,
  analysisStatusSchema,
  reviewChangeSchema,
  reviewStateSchema,
  uncertainLineSchema,
} from './analysis';
import { countOf } from './plural';

// A class set ('Klassensatz bewerten', spec 001 §2 'Kurs bewerten', §4 evaluationReady, §5, §7
// `POST /evaluate-class`, §8; issue 16): the papers of one course graded against one key, one analysis per
// paper. The design is docs/decisions/0012-class-evaluations.md.

export const classEvaluationLimits = {
  /** files in one upload: the key, one per student, or the scanned stack as PDFs or photos */
  maxFiles: 80,
  /**
   * one file, as much as the extractor reads of one file (a 30-page scan at 300 dpi as JPEG pages is about
   * 7–25 MB; a longer stack comes as several files)
   */
  maxFileBytes: 25 * 1024 * 1024,
  maxTotalBytes: 120 * 1024 * 1024,
  /** pages of a stack that are read and split */
  maxPages: 150,
  /** papers in one set (a German class has at most about 32 pupils; courses in the Oberstufe more) */
  maxPapers: 60,
  /** a page count given by the teacher */
  maxPagesPerPaper: 20,
  /** issue 16 §5: the share of grades 5 and 6 above which many schools need the head's approval */
  defaultFailingShareThreshold: 1 / 3,
} as const;

export const classEvaluationMessages = {
  // spec 001 §5: the modal's submit needs a course and at least one file; a class set needs a test (our words)
  courseRequired: 'Bitte wählen Sie einen Kurs aus.',
  filesRequired: 'Bitte laden Sie mindestens eine Datei hoch.',
  keyRequired:
    'Bitte wählen Sie einen gespeicherten Test oder laden Sie einen Erwartungshorizont hoch (Text, PDF, DOCX oder Foto).',
  keyTwice:
    'Bitte geben Sie den Erwartungshorizont nur einmal an: als gespeicherten Test, als Text oder als Datei.',
  studentDataInvalid: 'Die Schülerdaten konnten nicht gelesen werden.',
  /** ours (issue 33 §5, spec 001 §2 and §6): the class set is a teacher's tool; said to a pupil, in du */
  teachersOnly:
    'Einen Klassensatz bewerten nur Lehrkräfte. Deine eigenen Texte kannst du im Lern-Assistenten prüfen lassen.',
  studentNotInCourse: 'Diese Schülerin oder dieser Schüler gehört nicht zum Kurs.',
  fileForUnknownStudent: (name: string) =>
    `Die Datei „${name}“ ist keiner Schülerin und keinem Schüler des Kurses zugeordnet.`,
  tooManyFiles: `Bitte laden Sie höchstens ${classEvaluationLimits.maxFiles} Dateien auf einmal hoch.`,
  fileTooLarge: (name: string) =>
    `Die Datei „${name}“ ist zu groß. Eine Datei darf höchstens ${classEvaluationLimits.maxFileBytes / 1024 / 1024} MB haben.`,
  totalTooLarge: `Die Dateien sind zusammen zu groß (höchstens ${classEvaluationLimits.maxTotalBytes / 1024 / 1024} MB).`,
  tooManyPages: `Der Stapel hat zu viele Seiten: Es werden höchstens ${classEvaluationLimits.maxPages} Seiten auf einmal gelesen.`,
  tooManyPapers: `Ein Klassensatz hat höchstens ${classEvaluationLimits.maxPapers} Arbeiten.`,
  pagesPerPaperInvalid: `Bitte geben Sie eine Seitenzahl pro Arbeit zwischen 1 und ${classEvaluationLimits.maxPagesPerPaper} an.`,
  unsupportedFile: (name: string) =>
    `Die Datei „${name}“ hat ein Format, das nicht gelesen werden kann. Erlaubt sind PDF, DOCX, TXT, JPG und PNG.`,
  notEnoughCredits: (needed: number, remaining: number) =>
    `Für diesen Klassensatz brauchen Sie ${countOf(needed, 'Credit', 'Credits')} (einen pro Arbeit), Sie haben noch ${remaining}. Bitte laden Sie Credits nach oder bewerten Sie weniger Arbeiten.`,
  notFound: 'Dieser Klassensatz wurde nicht gefunden.',
  notInReview: 'Die Zuordnung der Seiten kann jetzt nicht mehr geändert werden.',
  unassignedPages:
    'Einige Seiten sind noch keiner Schülerin und keinem Schüler zugeordnet. Bitte ordnen Sie sie zu oder verwerfen Sie sie ausdrücklich.',
  studentTwice: (name: string) =>
    `${name} ist mehreren Arbeiten zugeordnet. Bitte führen Sie die Arbeiten zusammen.`,
  pageTwice: 'Eine Seite ist mehreren Arbeiten zugeordnet.',
  pageUnknown: 'Eine Seite gehört nicht zu diesem Klassensatz.',
  noPapers: 'Es gibt keine Arbeit zu bewerten.',
  notConfirmed: 'Nur bestätigte Ergebnisse können an die Schülerinnen und Schüler zurückgegeben werden.',
  // spec 001 §8: a failed class evaluation gives an error notification
  failedTitle: 'Klassensatz-Bewertung fehlgeschlagen',
  failedMessage: (testName: string, reason: string) =>
    `Der Klassensatz „${testName}“ konnte nicht bewertet werden: ${reason}`,
  splitReadyTitle: 'Klassensatz gelesen',
  splitReadyMessage: (testName: string, papers: number) =>
    `„${testName}“: ${countOf(papers, 'Arbeit', 'Arbeiten')} erkannt. Bitte prüfen Sie die Zuordnung, bevor die Bewertung beginnt.`,
  doneTitle: 'Klassensatz bewertet',
  doneMessage: (testName: string, papers: number, failed: number) =>
    `„${testName}“: ${papers - failed} ${papers - failed === 1 ? 'Arbeit ist' : 'Arbeiten sind'} bewertet und ${papers - failed === 1 ? 'wartet' : 'warten'} auf Ihre Durchsicht.` +
    (failed > 0
      ? ` ${failed === 1 ? 'Eine Arbeit konnte' : `${failed} Arbeiten konnten`} nicht bewertet werden.`
      : ''),
  transcriptionTitle: 'Klassensatz: Text prüfen',
  transcriptionMessage: (testName: string) =>
    `„${testName}“: Der Text gescannter Arbeiten wurde erkannt. Bitte prüfen Sie ihn; danach werden die Arbeiten bewertet.`,
  paperFailed: 'Diese Arbeit konnte nicht bewertet werden.',
  // review by question, confirmation and return (issue 16 §4–§6)
  paperNotInSet: 'Mindestens eine der gewählten Arbeiten gehört nicht zu diesem Klassensatz.',
  /** the answer of a unit where the result names none (results graded before the answer was kept) */
  noAnswerText: '(keine Antwort erkannt)',
  releasedTitle: 'Neue Note',
  releasedMessage: (testName: string, grade: string) =>
    `Deine Arbeit „${testName}“ ist bewertet: Note ${grade}.`,
  releasedMessageWithoutGrade: (testName: string) =>
    `Deine Arbeit „${testName}“ ist bewertet. Du findest das Ergebnis unter „Meine Tests“.`,
  failingShareNotice: (share: string, threshold: string) =>
    `${share} der Arbeiten sind mit 5 oder 6 bewertet – mehr als ${threshold}. In vielen Bundesländern muss die Schulleitung die Arbeit dann genehmigen.`,
  // „Alle Schüler-PDFs“ (issue 34 §6)
  noGradedPapers: 'Es gibt noch keine bewertete Arbeit, deren PDF sich herunterladen ließe.',
} as const;

/**
 * `preparing`: the key file or the stack is being read; `needs_review`: the stack is split and the teacher
 * checks the matches before grading starts; `grading`: one analysis per paper is queued; `done`: every paper
 * is done or failed (derived from the papers); `failed`: the set could not be prepared (reason in
 * errorMessage; nothing was charged).
 */
export const classEvaluationStatusSchema = z.enum(['preparing', 'needs_review', 'grading', 'done', 'failed']);
export type ClassEvaluationStatus = z.infer<typeof classEvaluationStatusSchema>;

/** How a paper found its student. */
export const paperMatchSchema = z.enum(['upload', 'name', 'page_count', 'teacher', 'none']);
export type PaperMatch = z.infer<typeof paperMatchSchema>;

/**
 * The set's text check in the web (issue 34 §1): `/dashboard/class-evaluations/:id?check=<analysis id>` opens it
 * at that paper, `?check=first` at the first paper waiting; the set's notification links there.
 */
export const textCheckParam = 'check';
export const textCheckFirst = 'first';

export const pageRefSchema = z.object({
  fileId: z.uuid(),
  /** from 0 within its file */
  pageIndex: z.number().int().min(0),
});
export type PageRef = z.infer<typeof pageRefSchema>;

/** A page of the stack as read by the prepare job (text for the teacher's look at an unmatched page). */
export const classEvaluationPageSchema = pageRefSchema.extend({
  text: z.string(),
  source: z.string(),
  confidence: z.number().nullable(),
  /** the name read at the top of the page, when one was found */
  detectedName: z.string().nullable(),
  /** OCR words read with low confidence, for the text check of its paper (absent on sets read before) */
  lowConfidenceWords: z.array(z.object({ text: z.string(), confidence: z.number() })).optional(),
  /** calculation lines read uncertainly (issue 34 §2; absent on sets read before) */
  uncertainLines: z.array(uncertainLineSchema).optional(),
});
export type ClassEvaluationPage = z.infer<typeof classEvaluationPageSchema>;

export const classEvaluationPaperSchema = z.object({
  id: z.uuid(),
  position: z.number().int().min(0),
  /** the roster entry (class_students.id); null while unmatched */
  studentId: z.uuid().nullable(),
  studentName: z.string(),
  match: paperMatchSchema,
  /** 0..1 for a match by name; 1 for an upload per student or the teacher's choice; null when unmatched */
  confidence: z.number().min(0).max(1).nullable(),
  detectedName: z.string().nullable(),
  pages: z.array(pageRefSchema),
  analysisId: z.uuid().nullable(),
  status: analysisStatusSchema.nullable(),
  reviewState: reviewStateSchema.nullable(),
  grade: z.string().nullable(),
  achievedPoints: z.number().nullable(),
  totalPoints: z.number().nullable(),
  errorMessage: z.string().nullable(),
  releasedAt: z.iso.datetime().nullable(),
});
export type ClassEvaluationPaper = z.infer<typeof classEvaluationPaperSchema>;

/** A participant of the course and what became of her in this set. */
export const classEvaluationStudentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  hasAccount: z.boolean(),
  paperId: z.uuid().nullable(),
  absent: z.boolean(),
});

export const classEvaluationFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  role: z.enum(['key', 'stack']),
  pageCount: z.number().int().nullable(),
});

export const classEvaluationProgressSchema = z.object({
  papers: z.number().int(),
  processing: z.number().int(),
  /** waiting for the teacher's look at text read from a scan (ADR 0009) */
  needsTranscription: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  confirmed: z.number().int(),
  released: z.number().int(),
});

export const classEvaluationSummarySchema = z.object({
  id: z.uuid(),
  status: classEvaluationStatusSchema,
  testName: z.string(),
  courseId: z.uuid().nullable(),
  courseName: z.string(),
  createdAt: z.iso.datetime(),
  progress: classEvaluationProgressSchema,
});
export type ClassEvaluationSummary = z.infer<typeof classEvaluationSummarySchema>;

export const classEvaluationDetailSchema = classEvaluationSummarySchema.extend({
  errorMessage: z.string().nullable(),
  schoolId: z.uuid().nullable(),
  classId: z.uuid().nullable(),
  failingShareThreshold: z.number().min(0).max(1),
  answerKeyTestId: z.string().nullable(),
  hasAnswerKeyText: z.boolean(),
  pagesPerPaper: z.number().int().nullable(),
  files: z.array(classEvaluationFileSchema),
  /** the stack's pages as read (empty for uploads per student) */
  pages: z.array(classEvaluationPageSchema),
  papers: z.array(classEvaluationPaperSchema),
  students: z.array(classEvaluationStudentSchema),
});
export type ClassEvaluationDetail = z.infer<typeof classEvaluationDetailSchema>;

/**
 * The non-file fields of `POST /api/class-evaluations` and of the spec's `POST /evaluate-class` (multipart, spec 001
 * §7). Files: `teacher_…` is the key, `{studentId}_…` a student's paper, `stack_…` pages of the scanned
 * stack (ours; the web sends `stack_001_…` to keep the order and two photos of one name apart, the number is not
 * shown). courseName, schoolId and classId are read from the course, never trusted.
 */
export const createClassEvaluationFieldsSchema = z.object({
  courseId: z.uuid({ error: classEvaluationMessages.courseRequired }),
  testName: z.string().trim().max(300).default(''),
  selectedTestId: z.string().min(1).max(64).optional(),
  /** spec: the teacher's solution as text (an Erwartungshorizont typed or pasted) */
  teacherContent: z.string().max(50_000).default(''),
  customInstructions: z.string().max(5000).default(''),
  userTemp: z.coerce.number().min(0).max(2).optional(),
  options: analysisOptionsSchema.default(analysisOptionsSchema.parse({})),
  /** spec: per student; typed text is ours (a paper typed on a computer) */
  studentData: z
    .array(z.object({ studentId: z.uuid(), text: z.string().max(200_000).default('') }))
    .max(classEvaluationLimits.maxPapers, { error: classEvaluationMessages.tooManyPapers })
    .default([]),
  /** the auto-detection toggle: split the stack by the names at the top of the pages */
  // a multipart field arrives as the text 'true' or 'false' (which z.coerce.boolean would both read as true)
  autoDetect: z.union([z.boolean(), z.stringbool()]).default(true),
  /** without names (or as a fallback): every paper has this many pages */
  pagesPerPaper: z.coerce
    .number({ error: classEvaluationMessages.pagesPerPaperInvalid })
    .int({ error: classEvaluationMessages.pagesPerPaperInvalid })
    .min(1, { error: classEvaluationMessages.pagesPerPaperInvalid })
    .max(classEvaluationLimits.maxPagesPerPaper, { error: classEvaluationMessages.pagesPerPaperInvalid })
    .optional(),
});
export type CreateClassEvaluationFields = z.output<typeof createClassEvaluationFieldsSchema>;

export const createClassEvaluationResponseSchema = z.object({ evaluationId: z.uuid() });

/**
 * `PUT /api/class-evaluations/:id/papers` while `needs_review`: the teacher's split. Every page of the stack is in
 * exactly one paper or in `discardedPages`; a paper has a student or is rejected; a student is in at most one
 * paper. Merging and splitting papers is moving pages between entries.
 */
export const classEvaluationSplitRequestSchema = z.object({
  papers: z
    .array(z.object({ studentId: z.uuid(), pages: z.array(pageRefSchema).min(1) }))
    .max(classEvaluationLimits.maxPapers, { error: classEvaluationMessages.tooManyPapers }),
  discardedPages: z.array(pageRefSchema).default([]),
  absentStudentIds: z.array(z.uuid()).default([]),
});
export type ClassEvaluationSplitRequest = z.infer<typeof classEvaluationSplitRequestSchema>;

/** `PATCH /api/class-evaluations/:id`: the teacher's settings of a set. */
export const classEvaluationSettingsSchema = z.object({
  failingShareThreshold: z.number().min(0).max(1),
});

/** Review by question (issue 16 §4): one entry per subtask (or task without subtasks). */
export const questionAnswerSchema = z.object({
  paperId: z.uuid(),
  analysisId: z.uuid(),
  studentName: z.string(),
  points: z.number().nullable(),
  errors: z.array(z.object({ title: z.string(), severity: z.string() })),
  confirmed: z.boolean(),
  /**
   * the engine could not place all of this paper's answers (issue 32 §1): what stands here may belong to
   * another task; the teacher places it in the paper's result view
   */
  placementUnsure: z.boolean(),
  /**
   * the page of the scanned stack this answer was read from (issue 34 §7), shown beside its text; null for a
   * paper that was typed or uploaded per pupil
   */
  page: pageRefSchema.nullable(),
});
export const answerGroupSchema = z.object({
  /** the answer as the first paper of the group gave it */
  answer: z.string(),
  /** identical after normalising, or only near-identical */
  kind: z.enum(['identical', 'similar', 'single']),
  answers: z.array(questionAnswerSchema),
});
export const classEvaluationQuestionSchema = z.object({
  taskIndex: z.number().int().min(0),
  subtaskIndex: z.number().int().min(0).nullable(),
  label: z.string(),
  maxPoints: z.number().nullable(),
  /** mean share of the points over the graded papers, 0..1 */
  averageShare: z.number().nullable(),
  groups: z.array(answerGroupSchema),
});
export const classEvaluationQuestionsSchema = z.object({ questions: z.array(classEvaluationQuestionSchema) });
export type ClassEvaluationQuestion = z.infer<typeof classEvaluationQuestionSchema>;

/** `POST /api/class-evaluations/:id/group-review`: one change for a group of papers, logged in each paper. */
export const groupReviewRequestSchema = z.object({
  analysisIds: z.array(z.uuid()).min(1).max(classEvaluationLimits.maxPapers),
  change: reviewChangeSchema,
});
export const groupReviewResponseSchema = z.object({ updated: z.number().int() });

/**
 * `POST /api/class-evaluations/:id/confirm`: several papers confirmed at once (a single paper can also be
 * confirmed with `POST /api/analyses/:id/confirm`). `confirmed` counts the papers confirmed by this call;
 * papers that were confirmed already are left as they are.
 */
export const confirmPapersRequestSchema = z.object({
  analysisIds: z.array(z.uuid()).min(1).max(classEvaluationLimits.maxPapers),
});
/**
 * `placementUnsure`: papers left unconfirmed because the engine could not place all their answers (issue 32
 * §7): their grade waits for the teacher's look at the paper itself
 */
export const confirmPapersResponseSchema = z.object({
  confirmed: z.number().int(),
  placementUnsure: z.number().int(),
});

export const classEvaluationOverviewSchema = z.object({
  /** papers the teacher confirmed; only these count */
  counted: z.number().int(),
  papers: z.number().int(),
  /** Notenspiegel: how many of each whole grade 1..6 */
  gradeDistribution: z.array(z.object({ grade: z.number().int().min(1).max(6), count: z.number().int() })),
  averageGrade: z.number().nullable(),
  averagePoints: z.number().nullable(),
  totalPoints: z.number().nullable(),
  tasks: z.array(
    z.object({
      taskIndex: z.number().int(),
      title: z.string(),
      averageShare: z.number().nullable(),
      weakest: z.boolean(),
    }),
  ),
  frequentErrors: z.array(z.object({ title: z.string(), count: z.number().int() })),
  failingShare: z.number().nullable(),
  failingShareThreshold: z.number(),
  exceedsThreshold: z.boolean(),
});
export type ClassEvaluationOverview = z.infer<typeof classEvaluationOverviewSchema>;

export const classEvaluationReleaseResponseSchema = z.object({
  /** confirmed papers of pupils with an account: their grade records exist after the call (new or updated) */
  released: z.number().int(),
  /** confirmed papers of pupils without an account: nothing to release to, exported only */
  withoutAccount: z.number().int(),
  /** papers not confirmed yet */
  notConfirmed: z.number().int(),
});

/** The German words of the exports (CSV and PDF, issue 16 §6). */
export const classEvaluationExportLabels = {
  csvHeader: ['Name', 'Punkte', 'Maximalpunkte', 'Note', 'Bestätigt', 'Zurückgegeben'],
  yes: 'ja',
  no: 'nein',
  absent: 'abwesend',
  notGraded: 'nicht bewertet',
  fileName: 'Klassensatz',
  notenliste: 'Notenliste',
  course: 'Kurs',
  date: 'Datum',
  name: 'Name',
  points: 'Punkte',
  grade: 'Note',
  confirmed: 'Bestätigt',
  notenspiegel: 'Notenspiegel',
  count: 'Anzahl',
  averageGrade: 'Notendurchschnitt',
  averagePoints: 'Durchschnittliche Punktzahl',
  counted: (counted: number, papers: number) =>
    `Gezählt werden nur bestätigte Arbeiten: ${counted} von ${papers}.`,
  tasks: 'Aufgaben',
  averageShare: 'Durchschnitt',
  frequentErrors: 'Häufigste Fehler',
  gradedWork: 'Bewertete Arbeit',
  test: 'Test',
  feedback: 'Rückmeldung',
  errors: 'Fehler',
  noErrors: 'Keine Fehler.',
  deduction: 'Abzug',
  suggestion: 'Vorschlag',
  overallFeedback: 'Gesamtrückmeldung',
  strengths: 'Stärken',
  weaknesses: 'Schwächen',
  studentText: 'Dein Text',
  noStudentText: 'Kein Text vorhanden.',
  pointsOf: (achieved: string, total: string) => `${achieved} von ${countOf(total, 'Punkt', 'Punkten')}`,
  severity: {
    critical: 'kritisch',
    severe: 'schwer',
    moderate: 'mittel',
    minor: 'gering',
    improvement: 'Verbesserung',
    informational: 'Hinweis',
    info: 'Hinweis',
  } as Record<string, string>,
  page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  // issue 34 §6: points per task, the Notenschlüssel, the head's approval, all pupils' PDFs at once
  /** a task's column in the CSV: its title and its maximum */
  taskColumn: (title: string, maxPoints: string) => (maxPoints ? `${title} (max. ${maxPoints})` : title),
  /** a task's short column head in the Notenliste (A1, A2 …), explained under the table */
  taskShort: (position: number) => `A${position}`,
  taskLegend: (short: string, title: string, maxPoints: string) =>
    maxPoints ? `${short}: ${title} (max. ${maxPoints} P.)` : `${short}: ${title}`,
  total: 'Gesamt',
  gradingScale: 'Notenschlüssel',
  gradingScaleHeader: ['Note', 'ab Prozent', 'ab Punkten'],
  fromPercent: (percent: string) => `ab ${percent} %`,
  fromPoints: (points: string) => `ab ${points} P.`,
  approvalTitle: 'Genehmigung durch die Schulleitung',
  approvalDate: 'Datum',
  approvalSignature: 'Unterschrift der Schulleitung',
  allPapersFileName: 'Schueler-PDFs',
  allPapersTitle: 'Bewertete Arbeiten',
  /** the footer of a pupil's pages in the print file: her name and her own page count */
  pupilPage: (name: string, page: number) => `${name} – Seite ${page}`,
  pupilFileName: 'Schueler',
} as const;
