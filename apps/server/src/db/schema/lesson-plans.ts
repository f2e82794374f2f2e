import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LessonPhase, LessonPlanStatus } from '@korrigo/domain';
import { user } from './auth';
import { courses } from './classes';

/**
 * A teacher's lesson plan (spec 001 §2 lessonsplan, issue 18 point 3). `course_name` keeps the course's name
 * from when it was linked, so the plan still says which course it was for after the course is deleted
 * (`course_id` is then null).
 */
export const lessonPlans = pgTable(
  'lesson_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    courseName: text('course_name'),
    title: text('title').notNull(),
    subject: text('subject').notNull().default(''),
    gradeLevel: text('grade_level').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    date: date('date', { mode: 'string' }),
    status: text('status').$type<LessonPlanStatus>().notNull(),
    topic: text('topic').notNull().default(''),
    goals: text('goals').notNull().default(''),
    phases: jsonb('phases').$type<LessonPhase[]>().notNull(),
    notes: text('notes').notNull().default(''),
    templateId: text('template_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_plans_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('lesson_plans_course_id_idx').on(t.courseId),
  ],
);
