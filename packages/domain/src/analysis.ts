import { z } from 'zod';
import { analysisResultSchema, gradingErrorSchema } from './analysis-result';
import {
  analysisDepths,
  analysisGradeLevels,
  analysisSubjects,
  feedbackOptions,
  temperature,
} from './analysis-options';
import { gradingScaleIdSchema } from './grade-scale';

/** spec 001 §5, §9: at most 3 files, 9 MB in total; the picker's types. */
export const analysisUploadLimits = {
  maxFiles: 3,
  maxTotalBytes: 9 * 1024 * 1024,
  /** the types accepted by content (spec 001 §5: pdf, jpg, jpeg, png, docx, txt) */
  mimeTypes: [
    'application/pdf',
    'image/jpeg',
    'image/png',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain',
  ],
  accept: '.pdf,.jpg,.jpeg,.png,.docx,.txt',
} as const;

/** One analysis costs one credit (issue 5 §6). */
export const analysisCreditCost = 1;

/** The label of a result the teacher has not confirmed yet (issue 5 §5). */
export const suggestionLabel = 'KI-Vorschlag';

/** German texts of the analysis workflow: spec 001 §5 and §8 verbatim where the spec has them, else ours. */
export const analysisMessages = {
  // spec 001 §5
  tooManyFiles: 'Maximal 3 Dateien erlaubt!',
  totalTooLarge:
    'Die Gesamtgröße der Dateien überschreitet das Limit von 9MB. Bitte entfernen Sie einige Dateien.',
  emptyInput: 'Bitte geben Sie Testinhalt ein, laden Sie Dateien hoch oder wählen Sie einen Test aus!',
  selectTestFirst: 'Bitte wählen Sie zuerst einen Test aus',
  notSignedIn: 'Benutzer ist nicht angemeldet',
  // spec 001 §8
  testListFailed: (message: string) => `Tests konnten nicht geladen werden: ${message}`,
  testDetailFailed: 'Testdetails konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
  analysisFailed: (message: string) => `Error: ${message}`,
  parseFailed: 'Failed to parse analysis data.',
  // ours
  unsupportedFile: (name: string) =>
    `Die Datei „${name}“ hat kein erlaubtes Format. Erlaubt sind: PDF, JPG, PNG, DOCX, TXT.`,
  ignoredFiles: 'Einige Dateien wurden ignoriert, weil ihr Format nicht unterstützt wird.',
  testNotFound: 'Der ausgewählte Test wurde nicht gefunden.',
  keyTwice:
    'Bitte wählen Sie entweder einen gespeicherten Test oder geben Sie einen Erwartungshorizont ein, nicht beides.',
  unknownModel: 'Dieses KI-Modell steht nicht zur Auswahl.',
  fileUrlsUnsupported:
    'Dateien per Link werden nicht unterstützt. Bitte laden Sie die Dateien direkt auf der Analyse-Seite hoch.',
  gradingFailed:
    'Die Analyse ist fehlgeschlagen. Ihr Guthaben wurde zurückgebucht. Bitte versuchen Sie es erneut.',
  /** issue 31 §3: the grading of this paper ran past its time limit or out of memory (its worker was ended) */
  gradingTooLarge:
    'Die Arbeit ist zu umfangreich, um in der vorgesehenen Zeit bewertet zu werden. Ihr Guthaben wurde zurückgebucht. Bitte reichen Sie eine kürzere Fassung ein oder teilen Sie die Arbeit auf.',
  nothingToGrade:
    'In den Dateien wurde kein Text gefunden. Bitte prüfen Sie die Dateien oder geben Sie den Text ein.',
  stillProcessing: 'Die Analyse läuft noch. Bitte warten Sie einen Moment.',
  notReviewable: 'Nur eine fertige Analyse kann bearbeitet werden.',
  alreadyConfirmed:
    'Diese Bewertung ist bereits bestätigt. Um sie zu ändern, öffnen Sie sie zuerst wieder zur Bearbeitung.',
  notConfirmed: 'Nur eine bestätigte Bewertung kann wieder geöffnet werden.',
  /**
   * ours (issue 33 §5): reviewing (points, errors, feedback, placement), confirming and reopening are the
   * teacher's; a pupil's self-check is hers to read. Said to the pupil, so in du.
   */
  reviewTeachersOnly:
    'Dein Ergebnis kannst du lesen, aber nicht ändern: Punkte anpassen, Fehler streichen und Bestätigen gehören zur Korrektur durch Lehrkräfte.',
  invalidChange: 'Diese Änderung passt nicht zum Ergebnis (Aufgabe, Teilaufgabe oder Fehler fehlt).',
  /** ours (issue 32 §2): placing an answer grades again with the builtin engine, which only its results allow */
  placementBuiltinOnly:
    'Antworten lassen sich nur in Ergebnissen der eingebauten Bewertung neu zuordnen. Passen Sie hier bitte die Punkte direkt an.',
  placementAlone: 'Bitte ordnen Sie eine Antwort für sich allein zu, nicht zusammen mit anderen Änderungen.',
  pointsOutOfRange: (max: number) => `Die Punkte müssen zwischen 0 und ${max} liegen.`,
  /** ours (issue 33 §3): a deduction larger than the unit's maximum */
  deductionTooLarge: (max: number) =>
    `Der Abzug kann höchstens so groß sein wie die Punkte der Teilaufgabe (${max.toLocaleString('de-DE')} P).`,
  waitTimedOut:
    'Die Analyse dauert länger als erwartet. Das Ergebnis erscheint in Ihrem Verlauf, sobald es fertig ist.',
  // notifications (spec 000 §3 Notification)
  completeTitle: 'Analyse fertig',
  completeMessage: (title: string) => `Die Analyse „${title}“ ist fertig und wartet auf Ihre Prüfung.`,
  // upload once (issue 14 §1): the analysis waits for the teacher's look at the recognised text
  transcriptionTitle: 'Transkription prüfen',
  transcriptionMessage: (title: string) =>
    title
      ? `Bitte prüfen Sie den erkannten Text der Analyse „${title}“. Danach wird sie bewertet.`
      : 'Bitte prüfen Sie den erkannten Text Ihrer Analyse. Danach wird sie bewertet.',
  transcriptionEmpty: 'Bitte geben Sie den Text der Schülerarbeit ein.',
  transcriptionTooLong: 'Der Text ist zu lang (höchstens 200.000 Zeichen).',
  awaitingTranscription: 'Der erkannte Text wartet auf Ihre Prüfung, bevor die Arbeit bewertet wird.',
  toTranscription: 'Transkription prüfen',
  notAwaitingTranscription: 'Diese Analyse wartet nicht auf eine Prüfung der Transkription.',
  eventsUnavailable:
    'Der Fortschritt kann gerade nicht verfolgt werden. Bitte versuchen Sie es gleich erneut.',
  // the Analysis record (spec 001 §3, issue 15 §7)
  courseNotFound: 'Der ausgewählte Kurs wurde nicht gefunden.',
  studentNotInCourse:
    'Die ausgewählte Schülerin oder der ausgewählte Schüler nimmt nicht an diesem Kurs teil.',
  courseAndStudent: 'Bitte wählen Sie einen Kurs und eine Schülerin oder einen Schüler aus.',
} as const;

const feedbackIds = feedbackOptions.map((option) => option.id) as [
  (typeof feedbackOptions)[number]['id'],
  ...(typeof feedbackOptions)[number]['id'][],
];

/** The analyse screen's options (spec 001 §9); what is not given takes the screen's defaults. */
export const analysisOptionsSchema = z.object({
  subject: z.enum(analysisSubjects).default('Auto'),
  gradeLevel: z.enum(analysisGradeLevels).default('Auto'),
  depth: z.enum(analysisDepths).default('Auto'),
  feedback: z.array(z.enum(feedbackIds)).max(feedbackOptions.length).default([]),
  model: z.string().min(1).max(100).optional(),
  temperature: z.number().min(temperature.min).max(temperature.max).default(temperature.default),
  customInstructions: z.string().max(5000).default(''),
  /**
   * issue 13 point 8: the Notenschlüssel; absent means the selected test's choice, else the default. A
   * table written in the Erwartungshorizont wins over both.
   */
  gradingScale: gradingScaleIdSchema.optional(),
});
export type AnalysisOptions = z.output<typeof analysisOptionsSchema>;

/**
 * The non-file fields of `POST /api/analyses` (multipart). `options` travels as one JSON field so the
 * form and the JSON clients send the same shape; `selectedTestId` names the answer key.
 */
export const createAnalysisFieldsSchema = z.object({
  text: z.string().max(200_000).default(''),
  title: z.string().max(300).default(''),
  studentName: z.string().max(200).default(''),
  selectedTestId: z.string().min(1).max(64).optional(),
  /** ours (issue 13): an Erwartungshorizont typed or pasted as teachers write it, instead of a saved test */
  answerKeyText: z.string().max(50_000).default(''),
  options: analysisOptionsSchema.default(analysisOptionsSchema.parse({})),
  /**
   * The Analysis record (spec 001 §3, issue 15 §7): a course the teacher teaches and one of its participants
   * (a roster entry), given together. Names, school and class are read from them on the server.
   */
  courseId: z.uuid({ error: analysisMessages.courseNotFound }).optional(),
  studentId: z.uuid({ error: analysisMessages.studentNotInCourse }).optional(),
});
export type CreateAnalysisFields = z.output<typeof createAnalysisFieldsSchema>;

/**
 * `processing` → `done` or `failed`; with uploads the job may stop at `needs_transcription` (issue 14 §1)
 * until the teacher's corrected text (`PATCH /api/analyses/:id/transcription`) sends it back to `processing`.
 */
export const analysisStatusSchema = z.enum(['processing', 'needs_transcription', 'done', 'failed']);
export type AnalysisStatus = z.infer<typeof analysisStatusSchema>;

/** An analysis in these states changes no more by itself: an event stream ends there. */
export function isSettledStatus(status: AnalysisStatus): boolean {
  return status === 'done' || status === 'failed';
}

/**
 * Whether the teacher looks at the recognised text before it is graded (issue 5 §3): whenever a page was
 * read from pixels (it has a confidence) or the extraction itself asks for a look. Text layers, DOCX and
 * TXT are graded as they are. The job decides with this; the web only shows what the job decided.
 */
export function needsTranscriptionCheck(extraction: {
  needsReview: boolean;
  pages: readonly { confidence: number | null }[];
}): boolean {
  return extraction.needsReview || extraction.pages.some((page) => page.confidence !== null);
}

/** `PATCH /api/analyses/:id/transcription`: the text as the teacher corrected it; it is graded as it is. */
export const transcriptionRequestSchema = z.object({
  text: z
    .string({ error: analysisMessages.transcriptionEmpty })
    .max(200_000, { error: analysisMessages.transcriptionTooLong })
    .refine((text) => text.trim() !== '', { error: analysisMessages.transcriptionEmpty }),
});
export const reviewStateSchema = z.enum(['suggested', 'confirmed']);

export const createAnalysisResponseSchema = z.object({
  id: z.string(),
  status: analysisStatusSchema,
  /** null on a plan with unlimited analyses */
  remainingCredits: z.number().int().nullable(),
});

export const analysisFileMetaSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});

/** A calculation line of recognised text that may not say what the pupil wrote (issue 34 §2). */
export const uncertainLineSchema = z.object({
  /** the line as recognised */
  text: z.string(),
  /** the doubtful digits or operators as recognised */
  tokens: z.array(z.string()),
  /** why, in German: „unsicher gelesen: „7““, „„-“ könnte „·“ sein …“ */
  note: z.string(),
});
export type UncertainLine = z.infer<typeof uncertainLineSchema>;

export const extractedPageSchema = z.object({
  fileIndex: z.number().int(),
  pageIndex: z.number().int(),
  text: z.string(),
  source: z.string(),
  /** mean OCR confidence 0..100; null for text that was not recognised from pixels */
  confidence: z.number().nullable(),
  lowConfidenceWords: z.array(z.object({ text: z.string(), confidence: z.number() })),
  /**
   * calculation lines whose digits or operators OCR read uncertainly (issue 34 §2): the check view marks them,
   * and they are not graded as written
   */
  uncertainLines: z.array(uncertainLineSchema),
});
export type ExtractedPageView = z.infer<typeof extractedPageSchema>;

/**
 * spec 001 §3 'Analysis record': the course and the pupil an analysis belongs to, as they were named when it
 * was made. A deleted course or roster entry leaves its id null and keeps the names.
 */
export const analysisCourseLinkSchema = z.object({
  courseId: z.string().nullable(),
  courseName: z.string(),
  studentId: z.string().nullable(),
  studentName: z.string(),
  schoolId: z.string().nullable(),
  classId: z.string().nullable(),
});
export type AnalysisCourseLink = z.infer<typeof analysisCourseLinkSchema>;

/** spec 000 §3 'Analysis (history item)', plus the Analysis record of spec 001 §3 (null: not linked). */
export const analysisListItemSchema = z.object({
  id: z.string(),
  status: analysisStatusSchema,
  title: z.string(),
  student_name: z.string(),
  grade_level: z.string(),
  subject: z.string(),
  grade: z.string().nullable(),
  achieved_points: z.number().nullable(),
  total_points: z.number().nullable(),
  reviewState: reviewStateSchema,
  createdAt: z.string(),
  courseLink: analysisCourseLinkSchema.nullable(),
});
export const analysisListSchema = z.object({ analyses: z.array(analysisListItemSchema) });

/**
 * Status only: what `GET /api/analyses/:id/events` sends at every change and what `/status` answers (the
 * fallback when the stream cannot open).
 */
export const analysisStatusResponseSchema = z.object({
  id: z.string(),
  status: analysisStatusSchema,
  errorMessage: z.string().nullable(),
  updatedAt: z.string(),
});

export const analysisDetailSchema = analysisListItemSchema.extend({
  /** spec 000 §3 'Analysis detail': the original input text */
  test: z.string(),
  inputText: z.string(),
  extractedText: z.string().nullable(),
  pages: z.array(extractedPageSchema),
  files: z.array(analysisFileMetaSchema),
  options: analysisOptionsSchema,
  answerKeyTestId: z.string().nullable(),
  /** the typed Erwartungshorizont the analysis was graded against, if any */
  answerKeyText: z.string().nullable(),
  result: analysisResultSchema.nullable(),
  suggestedResult: analysisResultSchema.nullable(),
  /** 'KI-Vorschlag' until the teacher confirms */
  reviewLabel: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** when the uploaded files were deleted after the retention period (ADR 0016); `files` is empty then */
  filesDeletedAt: z.string().nullable(),
  /**
   * 'An Schüler:in zurückgeben' (issue 17): `possible` for a confirmed result linked to a roster entry whose
   * pupil has an account; `studentName` is that entry's name; `releasedAt` when her grade record was made.
   */
  release: z.object({
    possible: z.boolean(),
    studentName: z.string().nullable(),
    releasedAt: z.iso.datetime().nullable(),
  }),
  changes: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      createdAt: z.string(),
      change: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type AnalysisDetail = z.infer<typeof analysisDetailSchema>;

const subtaskRef = { taskIndex: z.number().int().min(0), subtaskIndex: z.number().int().min(0) };

/** One change of the teacher to a result (issue 5 §5). */
export const reviewChangeSchema = z.discriminatedUnion('type', [
  /**
   * a subtask's points; without subtaskIndex the points of a task that has no subtasks. maxPoints only
   * where the result has no maximum (graded without a key): the teacher sets both.
   */
  z.object({
    type: z.literal('set_points'),
    taskIndex: subtaskRef.taskIndex,
    subtaskIndex: subtaskRef.subtaskIndex.optional(),
    points: z.number().min(0),
    maxPoints: z.number().min(0).max(1000).optional(),
  }),
  z.object({
    type: z.literal('set_feedback'),
    target: z.enum(['overall', 'task', 'subtask']),
    taskIndex: z.number().int().min(0).optional(),
    subtaskIndex: z.number().int().min(0).optional(),
    text: z.string().max(20_000),
  }),
  z.object({ type: z.literal('add_error'), ...subtaskRef, error: gradingErrorSchema }),
  /**
   * the teacher has checked where the engine placed the answers (issue 32 §1, §7): the alignment flag goes,
   * and with it the hold on the grade
   */
  z.object({ type: z.literal('confirm_alignment') }),
  /**
   * the teacher places a subtask's answer on lines of the pupil's text (issue 32 §2): the tasks whose answers
   * change are graded again, the others keep her changes. Only for the builtin engine's results.
   */
  z.object({
    type: z.literal('place_answer'),
    ...subtaskRef,
    lines: z.tuple([z.number().int().min(1), z.number().int().min(1)]).nullable(),
  }),
  z.object({
    type: z.literal('dismiss_error'),
    ...subtaskRef,
    errorIndex: z.number().int().min(0),
  }),
]);
export type ReviewChange = z.infer<typeof reviewChangeSchema>;
export const reviewRequestSchema = z.object({ changes: z.array(reviewChangeSchema).min(1).max(200) });

/** `POST /api/extract-text`: the recognised text for the transcription check. */
export const extractTextResponseSchema = z.object({
  /** spec 001 §7 field name */
  extractedContent: z.string(),
  pages: z.array(extractedPageSchema),
  needsReview: z.boolean(),
  hiddenText: z.array(z.string()),
});

/** spec 001 §7 `POST /generate-response` (compatibility route). */
export const generateResponseRequestSchema = z.object({
  userMessage: z.string().max(200_000).default(''),
  userTemp: z.number().min(temperature.min).max(temperature.max).optional(),
  customInstructions: z.string().max(5000).optional(),
  subject: z.enum(analysisSubjects).optional(),
  grade: z.enum(analysisGradeLevels).optional(),
  depth: z.enum(analysisDepths).optional(),
  model: z.string().max(100).optional(),
  course: z.unknown().optional(),
  fileUrls: z.array(z.string()).max(3).default([]),
  courseId: z.string().optional(),
  courseName: z.string().optional(),
  studentId: z.string().optional(),
  studentName: z.string().max(200).optional(),
  schoolId: z.string().optional(),
  classId: z.string().optional(),
  selectedTestId: z.string().max(64).optional(),
});
export const generateResponseResponseSchema = z.object({
  /** the result as a JSON string (spec 001 §7) */
  response: z.string(),
  analysisId: z.string(),
});
