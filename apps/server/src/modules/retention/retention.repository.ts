import { and, asc, eq, inArray, isNull, lt, ne, notInArray } from 'drizzle-orm';
import { analyses, analysisFiles, classEvaluationFiles, classEvaluations } from '../../db/schema';
import type { Database } from '../../platform/db';

/** A stored file of a paper: its row, what it belongs to (an analysis or a class set) and its storage key. */
export type PaperFile = { id: string; ownerId: string; key: string };

/**
 * The SQL of the retention job (ADR 0016). Student papers are an analysis's uploads and a class set's scanned
 * stack; a class set's key file, course materials and profile images are the teacher's and stay.
 */
export function createRetentionRepository(db: Database) {
  return {
    /** uploads of analyses made before `cutoff`, except one being graded now (its job may be reading them) */
    async expiredAnalysisFiles(cutoff: Date, limit: number): Promise<PaperFile[]> {
      return db
        .select({ id: analysisFiles.id, ownerId: analysisFiles.analysisId, key: analysisFiles.storageKey })
        .from(analysisFiles)
        .innerJoin(analyses, eq(analyses.id, analysisFiles.analysisId))
        .where(and(lt(analyses.createdAt, cutoff), ne(analyses.status, 'processing')))
        .orderBy(asc(analysisFiles.id))
        .limit(limit);
    },

    /** stack files of class sets made before `cutoff`, except a set whose stack is being read now */
    async expiredStackFiles(cutoff: Date, limit: number): Promise<PaperFile[]> {
      return db
        .select({
          id: classEvaluationFiles.id,
          ownerId: classEvaluationFiles.evaluationId,
          key: classEvaluationFiles.storageKey,
        })
        .from(classEvaluationFiles)
        .innerJoin(classEvaluations, eq(classEvaluations.id, classEvaluationFiles.evaluationId))
        .where(
          and(
            eq(classEvaluationFiles.role, 'stack'),
            lt(classEvaluations.createdAt, cutoff),
            ne(classEvaluations.status, 'preparing'),
          ),
        )
        .orderBy(asc(classEvaluationFiles.id))
        .limit(limit);
    },

    /**
     * Of `keys`, those that a row other than the given ones still points at: a stack's file is shared with
     * the analyses of its papers, and a paper made after the cutoff from an older stack keeps it.
     */
    async keysStillUsed(
      keys: string[],
      except: { analysisFileIds: string[]; stackFileIds: string[] },
    ): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const notIn = <T extends typeof analysisFiles.id | typeof classEvaluationFiles.id>(
        column: T,
        ids: string[],
      ) => (ids.length > 0 ? notInArray(column, ids) : undefined);
      const [fromAnalyses, fromSets] = await Promise.all([
        db
          .select({ key: analysisFiles.storageKey })
          .from(analysisFiles)
          .where(
            and(inArray(analysisFiles.storageKey, keys), notIn(analysisFiles.id, except.analysisFileIds)),
          ),
        db
          .select({ key: classEvaluationFiles.storageKey })
          .from(classEvaluationFiles)
          .where(
            and(
              inArray(classEvaluationFiles.storageKey, keys),
              notIn(classEvaluationFiles.id, except.stackFileIds),
            ),
          ),
      ]);
      return new Set([...fromAnalyses, ...fromSets].map((row) => row.key));
    },

    /**
     * After their files are gone from storage: the file rows go and their analyses and class sets are marked
     * with the day, in one transaction. Analyses and sets marked before keep their first date.
     */
    async forget(files: { analysisFiles: PaperFile[]; stackFiles: PaperFile[] }, at: Date) {
      await db.transaction(async (tx) => {
        if (files.analysisFiles.length > 0) {
          await tx.delete(analysisFiles).where(
            inArray(
              analysisFiles.id,
              files.analysisFiles.map((file) => file.id),
            ),
          );
          const ids = [...new Set(files.analysisFiles.map((file) => file.ownerId))];
          await tx
            .update(analyses)
            .set({ filesDeletedAt: at })
            .where(and(inArray(analyses.id, ids), isNull(analyses.filesDeletedAt)));
        }
        if (files.stackFiles.length > 0) {
          await tx.delete(classEvaluationFiles).where(
            inArray(
              classEvaluationFiles.id,
              files.stackFiles.map((file) => file.id),
            ),
          );
          const ids = [...new Set(files.stackFiles.map((file) => file.ownerId))];
          await tx
            .update(classEvaluations)
            .set({ filesDeletedAt: at })
            .where(and(inArray(classEvaluations.id, ids), isNull(classEvaluations.filesDeletedAt)));
        }
      });
    },
  };
}
