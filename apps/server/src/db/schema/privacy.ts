import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A data export (issue 19 point 1, GDPR Art. 15 and 20; ADR 0015): made by a job with its progress, kept in
 * storage under `exports/<userId>` until `expiresAt`. At most one is queued or running per user (the index).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_id_created_at_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_one_running_idx')
      .on(t.userId)
      .where(sql`${t.status} IN ('queued', 'running')`),
  ],
);

/**
 * What remains of a released grade once the analysis or the pupil's record is erased (ADR 0015): no ids of
 * persons or records, no names, no texts; the day of release, the subject and the figures only.
 */
export const gradeReleaseAudit = pgTable('grade_release_audit', {
  id: uuid('id').primaryKey().defaultRandom(),
  releasedOn: date('released_on', { mode: 'string' }).notNull(),
  subject: text('subject').notNull(),
  recordType: text('record_type').notNull(),
  grade: text('grade'),
  suggestedGrade: text('suggested_grade'),
  achievedPoints: real('achieved_points'),
  suggestedPoints: real('suggested_points'),
  totalPoints: real('total_points'),
  teacherChanges: integer('teacher_changes').notNull(),
  engine: text('engine'),
  engineVersion: text('engine_version'),
  erasedOn: date('erased_on', { mode: 'string' }).notNull(),
});
