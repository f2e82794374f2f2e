import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A user's subscription as the payment provider last reported it (issue 20 point 2, ADR 0018). The webhook
 * writes it; `profiles.plan` follows from it. `providerUpdatedAt` is the creation time of the provider event
 * that wrote the row: an older event that arrives later changes nothing.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    plan: text('plan', { enum: ['basic', 'premium_student', 'premium_teacher', 'pro_team'] }),
    interval: text('interval', { enum: ['month', 'year'] }),
    /** Stripe's status: trialing, active, past_due, canceled, incomplete, incomplete_expired, unpaid, paused */
    status: text('status'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    /** a cancellation or downgrade waits for the period's end */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_customer_id_idx').on(t.customerId)],
);

/** Every provider event handled once: a replay or a retry finds its id here and is answered without effect. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pro Team (issue 20 point 3): an owner with a Pro Team plan and up to four invited teachers who share its
 * limits and its saved tests. A teacher is in at most one team.
 */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: text('owner_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    uniqueIndex('team_members_user_id_idx').on(t.userId),
  ],
);

/** An invitation by e-mail: only the hash of its token is kept; it is used once and runs out. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_hash_idx').on(t.tokenHash),
    index('team_invitations_team_id_idx').on(t.teamId),
  ],
);

/**
 * A student ID uploaded for Premium Student (spec 000 §6, issue 20 point 4), checked by a teacher of the
 * student's school or by the operator. The file is deleted once it has been decided on; the decision stays.
 */
export const studentIdChecks = pgTable(
  'student_id_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** the reviewer's user id; null when the reviewer's account is gone */
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    /** valid until (the end of the school year it was approved in) */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('student_id_checks_user_id_idx').on(t.userId),
    index('student_id_checks_status_idx').on(t.status),
  ],
);
