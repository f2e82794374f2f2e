import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnalysisResult, ClassEvaluationPage, PageRef, SavedTest } from '@korrigo/domain';
import { analyses, type StoredAnalysisOptions } from './analysis';
import { user } from './auth';
import { classStudents, classes, courses, schools } from './classes';

/**
 * A class set (issue 16, ADR 0012): the papers of one course graded against one key. The set holds the key
 * and the stack; every paper becomes an ordinary analysis (`class_evaluation_papers.analysis_id`), so grading,
 * credits, review and the event stream are the single analysis's. `status` is stored up to `grading`;
 * `done` is derived from the papers. Names are snapshots, as in the Analysis record.
 */
export const classEvaluations = pgTable(
  'class_evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'needs_review', 'grading', 'failed'] })
      .notNull()
      .default('preparing'),
    errorMessage: text('error_message'),
    testName: text('test_name').notNull().default(''),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    courseName: text('course_name').notNull(),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    options: jsonb('options').$type<StoredAnalysisOptions>().notNull(),
    answerKeyTestId: text('answer_key_test_id'),
    /** the saved test as it was at submission */
    answerKey: jsonb('answer_key').$type<SavedTest>(),
    /** typed (teacherContent) or read from the key file by the prepare job */
    answerKeyText: text('answer_key_text'),
    autoDetect: integer('auto_detect').notNull().default(1),
    pagesPerPaper: integer('pages_per_paper'),
    /** the stack's pages as the prepare job read them */
    pages: jsonb('pages').$type<ClassEvaluationPage[]>().notNull().default([]),
    /** pages the teacher explicitly set aside (never dropped silently) */
    discardedPages: jsonb('discarded_pages').$type<PageRef[]>().notNull().default([]),
    /** roster entries the teacher marked absent */
    absentStudentIds: jsonb('absent_student_ids').$type<string[]>().notNull().default([]),
    failingShareThreshold: real('failing_share_threshold').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the retention job deleted the stack's files (ADR 0016); the papers' results stay */
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('class_evaluations_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('class_evaluations_course_id_idx').on(t.courseId),
  ],
);

/** The key file and the stack's files; a student's own files are her analysis's files. */
export const classEvaluationFiles = pgTable(
  'class_evaluation_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => classEvaluations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['key', 'stack'] }).notNull(),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pageCount: integer('page_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_evaluation_files_evaluation_id_idx').on(t.evaluationId)],
);

/**
 * One paper of the set: which pages (of the stack) and which pupil. `analysisId` is set when grading starts;
 * a pupil is in at most one paper of a set.
 */
export const classEvaluationPapers = pgTable(
  'class_evaluation_papers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => classEvaluations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    classStudentId: uuid('class_student_id').references(() => classStudents.id, { onDelete: 'set null' }),
    studentName: text('student_name').notNull().default(''),
    match: text('match', { enum: ['upload', 'name', 'page_count', 'teacher', 'none'] }).notNull(),
    confidence: real('confidence'),
    detectedName: text('detected_name'),
    pages: jsonb('pages').$type<PageRef[]>().notNull().default([]),
    analysisId: uuid('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('class_evaluation_papers_evaluation_id_idx').on(t.evaluationId),
    uniqueIndex('class_evaluation_papers_analysis_id_idx').on(t.analysisId),
  ],
);

/**
 * A grade record (spec 001 §3 'Grade record', issue 16 §6, issue 17): a confirmed result released to a
 * student with an account. The figures are copied at release; a confirmation after a change updates the record.
 */
export const gradeRecords = pgTable(
  'grade_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * No foreign key (migration 0019, ADR 0015): the pupil's record is hers and outlives the teacher's erased
     * account; deleting one analysis deletes its records explicitly (history.repository).
     */
    analysisId: uuid('analysis_id').notNull(),
    releasedBy: text('released_by').references(() => user.id, { onDelete: 'set null' }),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    courseName: text('course_name').notNull().default(''),
    /** 'Klassenarbeit' for a class set; 'Selbsttest' for the student's own analyses (issue 17) */
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    achievedPoints: real('achieved_points'),
    totalPoints: real('total_points'),
    grade: text('grade'),
    /**
     * What the pupil was given at the last release or confirmation (issue 33 §2): the result and the graded
     * text as they were then. Her table, detail and PDF read this, not the analysis, so a result the teacher
     * reopened and edits stays unseen until she confirms it. Null for a self-check, which is her own live work.
     */
    releasedResult: jsonb('released_result').$type<AnalysisResult>(),
    releasedText: text('released_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grade_records_analysis_id_user_id_idx').on(t.analysisId, t.userId),
    index('grade_records_user_id_created_at_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The releases of a result to its pupils as they happened (issue 33 §1): one row per release and per
 * confirmation that brought a pupil's record up to date, with the figures, title and names of that moment.
 * Append-only: a trigger (migration 0024) refuses every update but the pseudonymisation that follows an erased
 * account (the foreign key unlinks it, the trigger writes „gelöschtes Konto“ for the name); the rows go only
 * with the analysis.
 */
export const gradeReleaseEvents = pgTable(
  'grade_release_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    /** 'released' (first release to her) or 'release_updated' (a later release or confirmation she was given) */
    kind: text('kind', { enum: ['released', 'release_updated'] }).notNull(),
    pupilUserId: text('pupil_user_id').references(() => user.id, { onDelete: 'set null' }),
    pupilName: text('pupil_name').notNull(),
    releasedBy: text('released_by').references(() => user.id, { onDelete: 'set null' }),
    releasedByName: text('released_by_name'),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    achievedPoints: real('achieved_points'),
    totalPoints: real('total_points'),
    grade: text('grade'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the order of writing, for events of one instant */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [
    index('grade_release_events_analysis_id_idx').on(t.analysisId),
    index('grade_release_events_pupil_user_id_idx').on(t.pupilUserId),
  ],
);
