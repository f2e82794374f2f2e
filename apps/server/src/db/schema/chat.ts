import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { analyses } from './analysis';
import { user } from './auth';

/**
 * The chats of the companion beside a result (spec 000 §3 Chat). The id is the client's (chatData.id), so
 * a chat started in the browser keeps its id once it is synced. A chat belongs to one user and to one of
 * that user's analyses; deleting either deletes the chat.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** the chat's timestamp (spec 000 §3): when the server first saw it */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chats_analysis_id_user_id_created_at_idx').on(t.analysisId, t.userId, t.createdAt)],
);

/** The messages of a chat in order; a save replaces them all (POST /api/chats sends the whole chat). */
export const chatMessageRecords = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_messages_chat_id_position_idx').on(t.chatId, t.position)],
);
