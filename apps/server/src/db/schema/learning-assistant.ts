import { index, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Question } from '@korrigo/domain';
import { user } from './auth';

/** What a practice item keeps on the server besides the test creator question: what it trains. */
export type StoredPracticeQuestion = Question & {
  trains: string;
  /** her wrong form the item corrects (the check does not count it as right again) */
  wrong?: string;
};

/** The last check of a session, kept so a second submit can be answered and the study time counted. */
export type StoredPracticeCheck = {
  answers: { itemId: string; answer: string }[];
  items: {
    itemId: string;
    achieved: number;
    max: number;
    correct: boolean;
    feedback: string;
    solution: string;
  }[];
};

/**
 * A practice session of the Lern-Assistent (issue 17 §3): test creator questions with their solutions, which
 * never leave the server; `answeredAt`, `achieved` and `total` once she had her answers checked.
 */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    difficulty: text('difficulty', { enum: ['leicht', 'mittel', 'schwer'] }).notNull(),
    source: text('source', { enum: ['llm', 'templates'] }).notNull(),
    questions: jsonb('questions').$type<StoredPracticeQuestion[]>().notNull(),
    lastCheck: jsonb('last_check').$type<StoredPracticeCheck>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    achieved: real('achieved'),
    total: real('total'),
  },
  (t) => [index('practice_sessions_user_id_created_at_idx').on(t.userId, t.createdAt)],
);
