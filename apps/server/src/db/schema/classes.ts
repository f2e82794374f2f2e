import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ScheduleEntry } from '@korrigo/domain';
import { user } from './auth';

/*
 * Column blocks the tables below share. Functions, not shared objects, so that every table gets its own
 * column builders; the generated SQL is the same as when each table spelled them out.
 */

/** Who created a record and when (schools, classes, courses). */
const createdColumns = () => ({
  createdBy: text('created_by')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Classes and courses are also archived: they leave the active tab and keep everything else. */
const archivableColumns = () => ({
  ...createdColumns(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

/** The teacher in a school's, class's or course's teacher link table; deleting her account removes the link. */
const teacherId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** The school of a class, course or school teacher link; a deleted school takes them with it. */
const schoolId = () =>
  uuid('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' });

/**
 * Schools (spec 001 §3 School, issue 15 §1). A teacher's school from her profile becomes a record on first
 * use; `fromProfileOf` names her then, and its unique index makes that first use happen once even when two
 * requests race.
 */
export const schools = pgTable(
  'schools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    fromProfileOf: text('from_profile_of').references(() => user.id, { onDelete: 'set null' }),
    ...createdColumns(),
  },
  (table) => [uniqueIndex('schools_from_profile_of_idx').on(table.fromProfileOf)],
);

/** The school's teachers (spec 001 §3 School.teachers): a teacher sees only these schools (§6). */
export const schoolTeachers = pgTable(
  'school_teachers',
  {
    schoolId: schoolId(),
    userId: teacherId(),
  },
  (table) => [primaryKey({ columns: [table.schoolId, table.userId] }), index().on(table.userId)],
);

/** A class of a school (spec 001 §3 Class); archived classes keep their roster and leave the active tab. */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    gradeLevel: text('grade_level').notNull(),
    description: text('description').notNull().default(''),
    ...archivableColumns(),
  },
  (table) => [index().on(table.schoolId)],
);

/** The class's teachers (spec 001 §3 Class.teachers, §4: the creator becomes one); access goes through here. */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: teacherId(),
  },
  (table) => [primaryKey({ columns: [table.classId, table.userId] }), index().on(table.userId)],
);

/**
 * The class's students as roster entries (issue 15 §3): teachers grade the papers of pupils who have no
 * account, so a student is a name with an optional e-mail; `userId` is set once an account joins.
 */
export const classStudents = pgTable(
  'class_students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.classId),
    // adding a student already in the class does nothing (spec 001 §5): one e-mail once per class
    uniqueIndex('class_students_class_email_idx')
      .on(table.classId, sql`lower(${table.email})`)
      .where(sql`${table.email} IS NOT NULL`),
  ],
);

/**
 * A course (spec 001 §3 Course) of one or more classes of one school. The schedule is a JSONB list of entries
 * checked by the shared schema (the spec's text form 'day/startTime/endTime' was only the old storage).
 * `startDate` is ours: before it the course is on the 'upcoming' tab.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull().default(''),
    classroom: text('classroom').notNull().default(''),
    schedule: jsonb('schedule').$type<ScheduleEntry[]>().notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    ...archivableColumns(),
  },
  (table) => [index().on(table.schoolId)],
);

export const courseClasses = pgTable(
  'course_classes',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.classId] }), index().on(table.classId)],
);

/** The course's teachers (spec 001 §3 Course.teachers): a teacher sees the courses she teaches (§6). */
export const courseTeachers = pgTable(
  'course_teachers',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: teacherId(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.userId] }), index().on(table.userId)],
);

/**
 * The course's participants (spec 001 §3 Course.students, §4: member changes apply on Speichern). A participant
 * is a roster entry of one of the course's classes, so pupils without an account can be graded in a course;
 * removing the entry from its class takes it out of the course.
 */
export const courseStudents = pgTable(
  'course_students',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    classStudentId: uuid('class_student_id')
      .notNull()
      .references(() => classStudents.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.classStudentId] }),
    index().on(table.classStudentId),
  ],
);

/**
 * Invitations (issue 15 §1, §3): a colleague into a school (`school_teacher`) or a student into a class
 * (`class_student`). With an e-mail it is personal and used once; without, its code is a join code anyone with
 * it may use until it is revoked. A student invitation may name the roster entry the account merges into.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['school_teacher', 'class_student'] }).notNull(),
    schoolId: schoolId(),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    email: text('email'),
    classStudentId: uuid('class_student_id').references(() => classStudents.id, { onDelete: 'set null' }),
    /** the secret in the link and the code typed by hand */
    code: text('code').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_code_idx').on(table.code),
    index('invitations_email_idx').on(sql`lower(${table.email})`),
    index().on(table.schoolId),
    index().on(table.classId),
  ],
);

/** The course a piece of course work belongs to; deleting the course takes it with it. */
const courseId = () =>
  uuid('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });

/** Who last wrote a piece of course work and when (the spec leaves its persistence unshown; we store it). */
const courseWorkColumns = () => ({
  ...createdColumns(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An assignment of a course (spec 001 §3 Assignment); `links` is the spec's fileUrl list. */
export const courseAssignments = pgTable(
  'course_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: courseId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    points: real('points').notNull(),
    status: text('status').notNull(),
    text: text('text').notNull().default(''),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    ...courseWorkColumns(),
  },
  (table) => [index().on(table.courseId, table.dueDate)],
);

/** An exam of a course (spec 001 §3 Exam). */
export const courseExams = pgTable(
  'course_exams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: courseId(),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    learningObjectives: jsonb('learning_objectives').$type<string[]>().notNull().default([]),
    ...courseWorkColumns(),
  },
  (table) => [index().on(table.courseId, table.date)],
);

/** A material of a course (spec 001 §3 Material); its files are rows of `course_material_files`. */
export const courseMaterials = pgTable(
  'course_materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: courseId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['exercise', 'lecture', 'resource', 'other'] }).notNull(),
    author: text('author').notNull().default(''),
    text: text('text').notNull().default(''),
    ...courseWorkColumns(),
  },
  (table) => [index().on(table.courseId)],
);

/** A material's uploaded files; the type is the one found in the content, the key never a user's file name. */
export const courseMaterialFiles = pgTable(
  'course_material_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    materialId: uuid('material_id')
      .notNull()
      .references(() => courseMaterials.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.materialId)],
);
