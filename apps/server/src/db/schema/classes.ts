import { sql } from 'drizzle-orm';
import {
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
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
