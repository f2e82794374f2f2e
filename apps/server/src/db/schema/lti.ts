import {
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { analyses } from './analysis';
import { user } from './auth';
import { classEvaluations } from './class-evaluations';
import { classes, classStudents, courses, schools } from './classes';

/**
 * One LMS platform registered for Korrigo (issue 35 §2, ADR 0031): an issuer and the client id it gave us,
 * owned by the teacher who made the „LMS-Verbindung“ and, when she has one, her school. Every LTI lookup is
 * keyed by this row, so a launch from another school's LMS never finds this school's users or courses.
 */
export const ltiRegistrations = pgTable(
  'lti_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    authUrl: text('auth_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex().on(table.issuer, table.clientId),
    index().on(table.ownerId),
    index().on(table.schoolId),
  ],
);

/** The deployment ids a platform may launch with; a launch with any other is refused. */
export const ltiDeployments = pgTable(
  'lti_deployments',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.registrationId, table.deploymentId] })],
);

/** A login's nonce, stored at /lti/login and consumed by the one launch that carries it. */
export const ltiNonces = pgTable(
  'lti_nonces',
  {
    nonce: text('nonce').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.expiresAt)],
);

/** The Korrigo account of an LMS user: found by (registration, sub) only, never by the unverified e-mail. */
export const ltiUserLinks = pgTable(
  'lti_user_links',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.registrationId, table.subject] }), index().on(table.userId)],
);

/** An LMS course (context) of one deployment and the Korrigo course it is linked to. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    contextId: text('context_id').notNull(),
    title: text('title').notNull().default(''),
    /** AGS 2.0 endpoint claim of the latest launch (null when the LMS offers no grade service); the grades-back delivery reads it */
    agsLineitems: text('ags_lineitems'),
    agsLineitem: text('ags_lineitem'),
    agsScopes: text('ags_scopes').array().notNull().default([]),
    /** NRPS 2.0 claim of the latest launch (null when the LMS offers no roster service); the roster sync reads it */
    nrpsMembershipsUrl: text('nrps_memberships_url'),
    /** the instructor's first launch creates the Korrigo course; null until then */
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** the course's LMS class, created with it: its roster holds the LMS course's pupils */
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex().on(table.registrationId, table.deploymentId, table.contextId),
    index().on(table.courseId),
    index().on(table.classId),
  ],
);

/**
 * A roster entry of a context's LMS class, keyed by the LMS user id (NRPS `user_id` = the launch's `sub`): the
 * roster sync writes it for a pupil without an account, her first launch claims the entry instead of adding one.
 */
export const ltiRosterEntries = pgTable(
  'lti_roster_entries',
  {
    contextId: uuid('context_id')
      .notNull()
      .references(() => ltiContexts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    classStudentId: uuid('class_student_id')
      .notNull()
      .references(() => classStudents.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.contextId, table.subject] }), index().on(table.classStudentId)],
);

/**
 * Grades back (issue 35 §2, ADR 0031 "AGS"): what Korrigo sends, or sent, to the LMS gradebook for one released
 * result (one analysis) of one pupil. A release or a later confirmed change writes the figures and sets it
 * `pending`; the delivery job sends the score and sets `sent`, or keeps the German reason and, once its retries
 * are spent, `failed`, which the teacher sees and can send again. The row is the record: nothing is lost.
 */
export const ltiGradeDeliveries = pgTable(
  'lti_grade_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contextId: uuid('context_id')
      .notNull()
      .references(() => ltiContexts.id, { onDelete: 'cascade' }),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    /** the pupil in Korrigo and her LMS user id (`sub` of her link on the context's registration) */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** the teacher who released it: she sees the state, may send again and is told of a failure */
    releasedBy: text('released_by').references(() => user.id, { onDelete: 'set null' }),
    classEvaluationId: uuid('class_evaluation_id').references(() => classEvaluations.id, {
      onDelete: 'cascade',
    }),
    /** the line item's `resourceId`: `korrigo:classset:<id>` or `korrigo:analysis:<id>`; one job per value */
    resourceId: text('resource_id').notNull(),
    /** a class set's answer-key test: its `korrigo:test:<id>` line item is taken when the set has none */
    testId: text('test_id'),
    label: text('label').notNull(),
    lineItemUrl: text('line_item_url'),
    scoreGiven: real('score_given').notNull(),
    scoreMaximum: real('score_maximum').notNull(),
    /** „Note 2-“; null when the result has no grade */
    comment: text('comment'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex().on(table.analysisId, table.userId),
    index().on(table.contextId, table.resourceId),
    index().on(table.classEvaluationId),
    index().on(table.releasedBy),
    index().on(table.userId),
  ],
);
