import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
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
