import { desc, eq, sql } from 'drizzle-orm';
import { analyses } from '../../db/schema';
import type { Database } from '../../platform/db';
import { listColumns } from '../analysis/analysis.repository';

type DashboardFigures = {
  allAnalyses: number;
  tests: number;
  testsLastMonth: number;
  testsPreviousMonth: number;
  students: number;
  studentsLastMonth: number;
  studentsPreviousMonth: number;
  averagePercent: number | null;
  averagePercentLastMonth: number | null;
  averagePercentPreviousMonth: number | null;
};

export function createDashboardRepository(db: Database) {
  return {
    /**
     * Every figure of the four stat cards in one pass over the user's rows (the (user_id, created_at) index
     * finds them): aggregates with FILTER instead of loading analyses. "Last month" is the month up to `now`,
     * "the month before" the month before that; PostgreSQL's month arithmetic keeps 31 March - 1 month at
     * the end of February. Only graded analyses (`done`) count as analysed tests.
     */
    async figures(userId: string, now: Date): Promise<DashboardFigures> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const lastStart = sql`(${at} - interval '1 month')`;
      const previousStart = sql`(${at} - interval '2 months')`;
      const done = sql`${analyses.status} = 'done'`;
      const last = sql`${done} and ${analyses.createdAt} > ${lastStart}`;
      const previous = sql`${done} and ${analyses.createdAt} > ${previousStart} and ${analyses.createdAt} <= ${lastStart}`;
      const student = sql`lower(btrim(${analyses.studentName}))`;
      const named = sql`btrim(${analyses.studentName}) <> ''`;
      const percent = sql`(${analyses.achievedPoints} / ${analyses.totalPoints} * 100)`;
      const scored = sql`${analyses.totalPoints} > 0 and ${analyses.achievedPoints} is not null`;
      const [row] = await db
        .select({
          allAnalyses: sql<number>`count(*)::int`,
          tests: sql<number>`(count(*) filter (where ${done}))::int`,
          testsLastMonth: sql<number>`(count(*) filter (where ${last}))::int`,
          testsPreviousMonth: sql<number>`(count(*) filter (where ${previous}))::int`,
          students: sql<number>`(count(distinct ${student}) filter (where ${done} and ${named}))::int`,
          studentsLastMonth: sql<number>`(count(distinct ${student}) filter (where ${last} and ${named}))::int`,
          studentsPreviousMonth: sql<number>`(count(distinct ${student}) filter (where ${previous} and ${named}))::int`,
          averagePercent: sql<number | null>`(avg(${percent}) filter (where ${done} and ${scored}))::float8`,
          averagePercentLastMonth: sql<
            number | null
          >`(avg(${percent}) filter (where ${last} and ${scored}))::float8`,
          averagePercentPreviousMonth: sql<
            number | null
          >`(avg(${percent}) filter (where ${previous} and ${scored}))::float8`,
        })
        .from(analyses)
        .where(eq(analyses.userId, userId));
      return row!;
    },

    /** The newest analyses of the user, any status (a running one shows as such). */
    async recent(userId: string, limit: number) {
      return db
        .select(listColumns)
        .from(analyses)
        .where(eq(analyses.userId, userId))
        .orderBy(desc(analyses.createdAt), desc(analyses.id))
        .limit(limit);
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
