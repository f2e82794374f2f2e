import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnalysisResult, SavedTest, UncertainLine } from '@korrigo/domain';
import { user } from './auth';
import { classStudents, classes, courses, schools } from './classes';

/** What the teacher chose on the analyse screen (spec 001 §9), kept with the analysis it produced. */
export type StoredAnalysisOptions = {
  subject: string;
  gradeLevel: string;
  depth: string;
  feedback: string[];
  model?: string;
  temperature: number;
  customInstructions: string;
  /** a preset id (issue 13 point 8); absent: the test's choice, else the default */
  gradingScale?: string;
};

/** One page of extracted text for the transcription check; only the doubtful OCR words are kept. */
export type StoredExtractionPage = {
  fileIndex: number;
  pageIndex: number;
  text: string;
  source: string;
  confidence: number | null;
  lowConfidenceWords: { text: string; confidence: number }[];
  /** calculation lines read uncertainly (issue 34 §2); absent on pages stored before */
  uncertainLines?: UncertainLine[];
};

/**
 * One analysis (ARCHITECTURE.md §2): created as `processing` together with its grading job, then `done` with
 * the engine's result or `failed` with a German message; in between it may wait as `needs_transcription`
 * for the teacher's look at text read from pixels (ADR 0009). `suggestedResult` is the engine's original and never
 * changes; `result` is what the teacher reviewed (spec 001 issue 5 'The teacher decides').
 */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['processing', 'needs_transcription', 'done', 'failed'] })
      .notNull()
      .default('processing'),
    title: text('title').notNull().default(''),
    subject: text('subject').notNull().default(''),
    studentName: text('student_name').notNull().default(''),
    gradeLevel: text('grade_level').notNull().default(''),
    grade: text('grade'),
    /**
     * The grade's value by grade_value() (parseGrade's SQL twin, migration 0016), stored when the grade is
     * written: the analytics average and chart 10,000 grades per request, and reading a number is what keeps
     * that under 300 ms on PGlite (issue 18 §4; migration 0018).
     */
    gradeNumber: doublePrecision('grade_number').generatedAlwaysAs(sql`grade_value(grade)`),
    achievedPoints: real('achieved_points'),
    totalPoints: real('total_points'),
    /** the typed student work (may be empty when files or a test were given) */
    inputText: text('input_text').notNull().default(''),
    /** text recognised from the files, filled in by the job */
    extractedText: text('extracted_text'),
    extractionPages: jsonb('extraction_pages').$type<StoredExtractionPage[]>(),
    /**
     * when the teacher sent the checked transcription (ADR 0009): from then on `extractedText` is her text
     * and the job grades it without reading the files again
     */
    transcriptionCheckedAt: timestamp('transcription_checked_at', { withTimezone: true }),
    options: jsonb('options').$type<StoredAnalysisOptions>().notNull(),
    answerKeyTestId: text('answer_key_test_id'),
    /** the saved test as it was at submission, so a later edit or deletion does not change the grading */
    answerKey: jsonb('answer_key').$type<SavedTest>(),
    /** an Erwartungshorizont the teacher typed or pasted instead of choosing a saved test (issue 13) */
    answerKeyText: text('answer_key_text'),
    result: jsonb('result').$type<AnalysisResult>(),
    suggestedResult: jsonb('suggested_result').$type<AnalysisResult>(),
    reviewState: text('review_state', { enum: ['suggested', 'confirmed'] })
      .notNull()
      .default('suggested'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    errorMessage: text('error_message'),
    /*
     * The Analysis record (spec 001 §3, issue 15 §7): the course and the pupil the paper belongs to. The names
     * are kept as they were at submission, so the history still reads right after a course or roster entry
     * is renamed or deleted; the ids fall to null then.
     */
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    courseName: text('course_name'),
    classStudentId: uuid('class_student_id').references(() => classStudents.id, { onDelete: 'set null' }),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** when the retention job deleted the uploaded files (ADR 0016); the result stays */
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('analyses_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('analyses_course_id_idx').on(t.courseId),
    index('analyses_class_student_id_idx').on(t.classStudentId),
  ],
);

/**
 * How many analyses each user has per course, kept by triggers on `analyses` (migration 0005): the history
 * answers 'Page X of Y' and the course dropdown from these few rows instead of counting 10,000 analyses on
 * every page (docs/decisions/0003-history-counters.md). Rows at 0 stay; readers skip them.
 */
export const analysisSubjectCounts = pgTable(
  'analysis_subject_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    analyses: integer('analyses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subject] })],
);

/**
 * How many errors of each category a graded analysis has (issue 18, analytics 'improvement areas'). Kept by
 * a trigger on `analyses` (migration 0016) from the result's errors, so the analytics page sums a few small
 * rows per paper instead of unpacking 10,000 results. `userId` and `createdAt` are copies for the index.
 */
export const analysisErrorCounts = pgTable(
  'analysis_error_counts',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    errors: integer('errors').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.analysisId, t.category] }),
    index('analysis_error_counts_user_id_created_at_idx').on(t.userId, t.createdAt),
  ],
);

/** Uploaded files of an analysis; the type is the one found in the content, never the file name's. */
export const analysisFiles = pgTable(
  'analysis_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analysis_files_analysis_id_idx').on(t.analysisId)],
);

/** Audit of every grading run, successful or not (issue 5 §7). */
export const aiRuns = pgTable(
  'ai_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    engineVersion: text('engine_version').notNull(),
    model: text('model'),
    promptVersion: text('prompt_version'),
    /** sha256 of the graded text, the answer key and the options */
    inputHash: text('input_hash').notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome', { enum: ['success', 'needs_review', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_runs_analysis_id_idx').on(t.analysisId)],
);

/**
 * One credit per analysis. The analysis id is the idempotency key: a charge is reserved with the analysis,
 * confirmed once on success and refunded once on failure, however often the job runs.
 */
export const creditCharges = pgTable('credit_charges', {
  analysisId: uuid('analysis_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  credits: integer('credits').notNull().default(1),
  confirmed: boolean('confirmed').notNull().default(false),
  refunded: boolean('refunded').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/** Every change the teacher makes to a result: who, when, what (issue 5 §5). */
export const analysisChanges = pgTable(
  'analysis_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** the change as it was requested, plus the values before it */
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * the order of writing: the changes of one review request share their `createdAt`, and the audit trail
     * must show them in the order the teacher made them
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [index('analysis_changes_analysis_id_idx').on(t.analysisId)],
);

/**
 * Notifications (spec 000 §3 Notification). `dedupeKey` makes a notification that a retried job creates
 * again a no-op (e.g. `analysis_complete:<analysisId>`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    priority: text('priority', { enum: ['low', 'normal', 'high'] })
      .notNull()
      .default('normal'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_dedupe_key_idx').on(t.dedupeKey),
  ],
);
