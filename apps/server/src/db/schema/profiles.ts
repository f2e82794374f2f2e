import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** One profile per user (spec 000 §3 "User profile"): account type, its fields, plan and credits. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  accountType: text('account_type', { enum: ['student', 'teacher'] }).notNull(),
  bundesland: text('bundesland').notNull().default(''),
  school: text('school').notNull().default(''),
  /** kept as a list; the spec's "comma-joined list" is only how the old client stored it */
  subjects: text('subjects').array().notNull().default([]),
  classLevel: text('class_level').notNull().default(''),
  /** the plan in effect (ADR 0018): from the user's subscription, a Pro Team membership or the operator */
  plan: text('plan', {
    enum: ['free', 'basic', 'premium_student', 'premium_teacher', 'pro_team', 'enterprise'],
  })
    .notNull()
    .default('free'),
  /** the plan's analyses per month; null: unlimited */
  credits: integer('credits'),
  usedCredits: integer('used_credits').notNull().default(0),
  /** this period's requests to the KI-Begleiter and AI test generations; reset with used_credits */
  companionRequestsUsed: integer('companion_requests_used').notNull().default(0),
  testGenerationsUsed: integer('test_generations_used').notNull().default(0),
  nextReset: timestamp('next_reset', { withTimezone: true }).notNull(),
  /** storage key of the profile photo; never the uploader's file name */
  photoKey: text('photo_key'),
  photoVersion: integer('photo_version').notNull().default(0),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
