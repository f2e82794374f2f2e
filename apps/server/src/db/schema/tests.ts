import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Question, Resource } from '@korrigo/domain';
import { user } from './auth';

/**
 * Saved tests of the test creator (spec 001 §3 Test). Questions and resources are kept in their order as JSONB
 * arrays validated by the shared schema: they are always read and written as a whole with their test, and
 * the grading engine reads them as the answer key.
 */
export const tests = pgTable(
  'tests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    testType: text('test_type').notNull(),
    duration: integer('duration').notNull(),
    topic: text('topic').notNull().default(''),
    learningObjectives: text('learning_objectives').notNull().default(''),
    questions: jsonb('questions').$type<Question[]>().notNull(),
    resources: jsonb('resources').$type<Resource[]>().notNull(),
    /** a preset id of the domain's gradingScales (issue 13 point 8); read through gradingScaleById */
    gradingScale: text('grading_scale').notNull().default('standard'),
    lastSaved: timestamp('last_saved', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tests_user_id_last_saved_idx').on(table.userId, table.lastSaved)],
);
