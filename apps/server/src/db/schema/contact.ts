import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every message sent through the contact form (spec 000 §3). It is stored before any mail is tried, so a
 * failing mail server never loses what a visitor wrote; `mailStatus` says whether the inbox got it.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject', { enum: ['allgemein', 'support', 'material', 'feedback', 'andere'] }).notNull(),
    role: text('role', { enum: ['lehrer', 'schüler', 'eltern', 'andere'] }).notNull(),
    message: text('message').notNull(),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    /** pending: not tried yet; sent; failed: kept for a later retry; skipped: no CONTACT_INBOX configured */
    mailStatus: text('mail_status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    mailError: text('mail_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);
