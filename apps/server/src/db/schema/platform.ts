import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters when several processes share PostgreSQL (ADR 0017 §1): one row per counted key
 * (a rule and an address or account, or a route of @fastify/rate-limit and an address) and fixed window.
 * Rows whose window has ended are swept; PGlite keeps its counters in memory (one process).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

/**
 * Which process runs which pg-boss job (ADR 0017 §3): written when a handler starts, renewed by its process's
 * heartbeat. A job still active whose lease has not been renewed for a while belongs to a process that died,
 * and is failed (so retried) long before pg-boss's own expiry would notice. `startedOn` is the run's start as
 * pg-boss recorded it: a lease speaks only for that run, never for a later retry of the same job.
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    holder: text('holder').notNull(),
    startedOn: timestamp('started_on', { withTimezone: true }).notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_leases_holder_idx').on(t.holder)],
);
