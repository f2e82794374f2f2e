import { gradingScaleIdOf, type SavedTest } from '@korrigo/domain';
import { and, desc, eq } from 'drizzle-orm';
import { tests } from '../../db/schema';
import type { Database } from '../../platform/db';
import { accountTypeOf } from '../profile/profile.repository';

type TestRow = typeof tests.$inferSelect;

/** A stored row as the shared SavedTest shape (spec 001 §3), for the API and for the grading engine. */
export function toSavedTest(row: TestRow): SavedTest {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    grade: row.grade,
    testType: row.testType,
    duration: row.duration,
    topic: row.topic,
    learningObjectives: row.learningObjectives,
    lastSaved: row.lastSaved.toISOString(),
    userId: row.userId,
    questions: row.questions,
    resources: row.resources,
    gradingScale: gradingScaleIdOf(row.gradingScale),
  };
}
type TestValues = typeof tests.$inferInsert;

export function createTestCreatorRepository(db: Database) {
  return {
    findAccountType: (userId: string) => accountTypeOf(db, userId),

    async listByOwner(userId: string): Promise<TestRow[]> {
      return db.select().from(tests).where(eq(tests.userId, userId)).orderBy(desc(tests.lastSaved));
    },

    async findOwned(userId: string, testId: string): Promise<TestRow | undefined> {
      const [row] = await db
        .select()
        .from(tests)
        .where(and(eq(tests.id, testId), eq(tests.userId, userId)));
      return row;
    },

    /** Who owns a test id, whoever it is: a save may not take over another teacher's id. */
    async findOwnerId(testId: string): Promise<string | undefined> {
      const [row] = await db.select({ userId: tests.userId }).from(tests).where(eq(tests.id, testId));
      return row?.userId;
    },

    /**
     * Insert, or overwrite the same owner's test. The WHERE on the conflict branch keeps another owner's row
     * untouched even if two saves race; then no row comes back.
     */
    async upsertOwned(values: TestValues): Promise<boolean> {
      const { id: _id, userId: _userId, createdAt: _createdAt, ...changes } = values;
      const rows = await db
        .insert(tests)
        .values(values)
        .onConflictDoUpdate({ target: tests.id, set: changes, setWhere: eq(tests.userId, values.userId) })
        .returning({ id: tests.id });
      return rows.length > 0;
    },

    async deleteOwned(userId: string, testId: string): Promise<boolean> {
      const rows = await db
        .delete(tests)
        .where(and(eq(tests.id, testId), eq(tests.userId, userId)))
        .returning({ id: tests.id });
      return rows.length > 0;
    },
  };
}

export type TestCreatorRepository = ReturnType<typeof createTestCreatorRepository>;
