import { and, asc, count, desc, eq, gt, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  analyses,
  gradeRecords,
  analysisChanges,
  analysisFiles,
  analysisSubjectCounts,
  classEvaluationFiles,
} from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { listColumns, type AnalysisListRow } from '../analysis/analysis.repository';

export type AnalysisRecord = typeof analyses.$inferSelect;

/** `%`, `_` and the escape character itself are literal in a search, not patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * spec 000 §5 in SQL, mirroring `matchesHistorySearch` and the exact course filter of @korrigo/domain.
 * The user's rows come from the (user_id, created_at) index; search and course filter what it reads.
 */
function historyWhere(userId: string, filter: { search: string; subject: string | null }): SQL {
  const conditions: SQL[] = [eq(analyses.userId, userId)];
  if (filter.subject !== null) conditions.push(eq(analyses.subject, filter.subject));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(
      or(
        ilike(analyses.title, pattern),
        ilike(analyses.subject, pattern),
        ilike(analyses.studentName, pattern),
        ilike(analyses.gradeLevel, pattern),
        ilike(sql`coalesce(${analyses.grade}, '')`, pattern),
      )!,
    );
  }
  return and(...conditions)!;
}

export type HistoryChange = Partial<
  Pick<
    AnalysisRecord,
    'title' | 'subject' | 'studentName' | 'gradeLevel' | 'grade' | 'achievedPoints' | 'totalPoints' | 'result'
  >
>;

export function createHistoryRepository(db: Database) {
  return {
    /**
     * One page, newest first (id breaks ties so that pages never overlap). With `count`, also the number of
     * all matches (a scan of the user's rows: only a search needs it, see `subjectCounts`).
     */
    async page(
      userId: string,
      filter: { search: string; subject: string | null },
      window: { offset: number; limit: number } | null,
      withCount: boolean,
    ): Promise<{ rows: AnalysisListRow[]; total: number | null }> {
      const where = historyWhere(userId, filter);
      const query = db
        .select(listColumns)
        .from(analyses)
        .where(where)
        .orderBy(desc(analyses.createdAt), desc(analyses.id));
      const [rows, counted] = await Promise.all([
        window ? query.limit(window.limit).offset(window.offset) : query,
        withCount ? db.select({ total: count() }).from(analyses).where(where) : Promise.resolve(null),
      ]);
      return { rows, total: counted ? (counted[0]?.total ?? 0) : null };
    },

    /** The user's analyses per course, kept by the database's triggers: a few rows instead of a count. */
    async subjectCounts(userId: string): Promise<{ subject: string; analyses: number }[]> {
      return db
        .select({ subject: analysisSubjectCounts.subject, analyses: analysisSubjectCounts.analyses })
        .from(analysisSubjectCounts)
        .where(and(eq(analysisSubjectCounts.userId, userId), gt(analysisSubjectCounts.analyses, 0)));
    },

    async findOwned(userId: string, id: string): Promise<AnalysisRecord | undefined> {
      const [row] = await db
        .select()
        .from(analyses)
        .where(and(eq(analyses.id, id), eq(analyses.userId, userId)));
      return row;
    },

    /**
     * Writes the changed details and their audit row in one transaction. Only an analysis that is not being
     * graded (the job would overwrite it) and not confirmed takes the change; undefined means none was changed.
     */
    async updateDetails(
      userId: string,
      id: string,
      change: HistoryChange,
      audit: Record<string, unknown>,
      now: Date,
      /** what follows the change in its transaction (a student's self-check record, issue 17) */
      also?: (tx: Executor) => Promise<unknown>,
    ): Promise<AnalysisListRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(analyses)
          .set({ ...change, updatedAt: now })
          .where(
            and(
              eq(analyses.id, id),
              eq(analyses.userId, userId),
              ne(analyses.status, 'processing'),
              ne(analyses.reviewState, 'confirmed'),
            ),
          )
          .returning(listColumns);
        if (!row) return undefined;
        await tx.insert(analysisChanges).values({ analysisId: id, userId, change: audit, createdAt: now });
        await also?.(tx);
        return row;
      });
    },

    /**
     * Deletes the analysis (its files' rows, audit and grading runs go with it by cascade) and answers the
     * storage keys of its files that nothing else refers to any more (a paper of a class set shares the
     * stack's files, ADR 0012 §3), or undefined when nothing was deleted.
     */
    async deleteOwned(userId: string, id: string): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const files = await tx
          .select({ key: analysisFiles.storageKey })
          .from(analysisFiles)
          .where(eq(analysisFiles.analysisId, id))
          .orderBy(asc(analysisFiles.position));
        const deleted = await tx
          .delete(analyses)
          .where(and(eq(analyses.id, id), eq(analyses.userId, userId), ne(analyses.status, 'processing')))
          .returning({ id: analyses.id });
        if (deleted.length === 0) return undefined;
        // the pupils' records of it go too (ADR 0013); only an erased account leaves them (ADR 0015)
        await tx.delete(gradeRecords).where(eq(gradeRecords.analysisId, id));
        const keys = [...new Set(files.map((file) => file.key))];
        if (keys.length === 0) return [];
        const shared = new Set([
          ...(
            await tx
              .select({ key: analysisFiles.storageKey })
              .from(analysisFiles)
              .where(inArray(analysisFiles.storageKey, keys))
          ).map((row) => row.key),
          ...(
            await tx
              .select({ key: classEvaluationFiles.storageKey })
              .from(classEvaluationFiles)
              .where(inArray(classEvaluationFiles.storageKey, keys))
          ).map((row) => row.key),
        ]);
        return keys.filter((key) => !shared.has(key));
      });
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
