import {
  gradedTextOf,
  historyLimits,
  historyMessages,
  isAcceptedGrade,
  isSubjectFilter,
  type AnalysisDetailsUpdate,
  type HistoryItem,
  type HistoryPage,
  type HistoryQuery,
} from '@korrigo/domain';
import { AppError, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { UserReadCache } from '../../platform/user-read-cache';
import type { AnalysisRecord, HistoryChange, HistoryRepository } from './history.repository';
import { toListItem } from '../analysis/analysis.service';
import type { GradeRecords } from '../grades/grades.records';

type Log = { warn(obj: object, msg?: string): void };

const stillProcessing = () => new AppError('conflict', historyMessages.stillProcessing, { status: 409 });
const confirmed = () => new AppError('conflict', historyMessages.confirmed, { status: 409 });
const invalid = (field: string, message: string) =>
  new AppError('validation', message, { fields: { [field]: message } });

/** The editable fields in the API's spelling and their column names. */
const editable = [
  ['title', 'title'],
  ['subject', 'subject'],
  ['student_name', 'studentName'],
  ['grade_level', 'gradeLevel'],
  ['grade', 'grade'],
  ['achieved_points', 'achievedPoints'],
  ['total_points', 'totalPoints'],
] as const;

/**
 * The analysis history (spec 000 §2 'Grading History popup', §4, §5, §7): the user's own analyses, searched,
 * filtered and paged on the server; edits of the details with an audit row; deletion with the stored files.
 * Every call is scoped to the signed-in user: another user's analysis is "not found".
 */
export function createHistoryService(deps: {
  repository: HistoryRepository;
  /** pages already answered, kept until the user's analyses change */
  reads: UserReadCache;
  storage: Storage;
  log: Log;
  /** a student's own result edited here: her self-check record follows (issue 17) */
  grades?: Pick<GradeRecords, 'refresh'>;
  now?: () => Date;
}) {
  const { repository, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function loadOwned(userId: string, id: string): Promise<AnalysisRecord> {
    const row = await repository.findOwned(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /** One page (or every match) from the database: the rows and the counts that go with them. */
  async function loadPage(
    userId: string,
    filter: { search: string; subject: string | null },
    requested: number,
    pageSize: number,
    all: boolean,
  ): Promise<HistoryPage> {
    const window = (page: number) => (all ? null : { offset: (page - 1) * pageSize, limit: pageSize });
    // without a search the counters know the total; a search has to count its matches
    const [counts, first] = await Promise.all([
      repository.subjectCounts(userId),
      repository.page(userId, filter, window(requested), !all && filter.search !== ''),
    ]);
    const subjects = counts
      .map((entry) => entry.subject)
      .filter((subject) => subject !== '')
      .sort((a, b) => a.localeCompare(b, 'de'));
    if (all) {
      return {
        analyses: first.rows.map(toListItem),
        total: first.rows.length,
        page: 1,
        pageSize: Math.max(first.rows.length, 1),
        totalPages: 1,
        subjects,
      };
    }

    const total =
      first.total ??
      (filter.subject !== null
        ? (counts.find((entry) => entry.subject === filter.subject)?.analyses ?? 0)
        : counts.reduce((sum, entry) => sum + entry.analyses, 0));
    const totalPages = Math.max(1, Math.ceil(total / pageSize));
    let { rows } = first;
    let page = requested;
    if (page > totalPages) {
      // e.g. the last row of the last page was deleted in another tab: answer the page that exists now
      page = totalPages;
      ({ rows } = await repository.page(userId, filter, window(page), false));
    }
    return { analyses: rows.map(toListItem), total, page, pageSize, totalPages, subjects };
  }

  return {
    /**
     * spec 000 §5: search (blank ignored) over title, course, student, class and grade; the course filter is
     * exact ('all' or empty: none). `page` beyond the last page answers the last page. Without `page` and
     * with `all`, every match is answered at once (the spec's `GET /analysis-history` reads one list).
     */
    async list(userId: string, query: HistoryQuery, options: { all?: boolean } = {}): Promise<HistoryPage> {
      const filter = {
        search: (query.search ?? '').trim(),
        subject: isSubjectFilter(query.subject) ? query.subject : null,
      };
      const pageSize = query.pageSize ?? historyLimits.pageSize;
      const all = Boolean(options.all && query.page === undefined);
      const requested = query.page ?? 1;
      // every row at once is for old API clients and can be large: not kept
      if (all) return loadPage(userId, filter, requested, pageSize, all);
      const key = JSON.stringify(['history', filter.search, filter.subject, requested, pageSize]);
      return deps.reads.read(userId, key, () => loadPage(userId, filter, requested, pageSize, all));
    },

    /** spec 000 §7 `GET /analysis/{id}`: the row with `ai_analysis` (the reviewed result) and `test`. */
    async get(userId: string, id: string) {
      const row = await loadOwned(userId, id);
      return { ...toListItem(row), test: gradedTextOf(row), ai_analysis: row.result };
    },

    /**
     * spec 000 §2 'Edit Analysis Details'. Fields not sent stay as they are. Points are not negative and the
     * achieved points do not exceed the total (checked against the stored value of a field not sent). A grade
     * must be one of the German scale when it is changed (older rows may hold other spellings). The stored
     * result's header follows, so the result view shows what the history shows; the engine's original
     * suggestion is kept, and the change is logged with the values it replaced.
     */
    async update(userId: string, id: string, update: AnalysisDetailsUpdate): Promise<HistoryItem> {
      const row = await loadOwned(userId, id);
      if (row.status === 'processing') throw stillProcessing();
      // like the review: a confirmed result is changed only after reopening it
      if (row.reviewState === 'confirmed') throw confirmed();

      const next = {
        title: update.title ?? row.title,
        subject: update.subject ?? row.subject,
        studentName: update.student_name ?? row.studentName,
        gradeLevel: update.grade_level ?? row.gradeLevel,
        grade: update.grade === undefined ? row.grade : update.grade,
        achievedPoints: update.achieved_points === undefined ? row.achievedPoints : update.achieved_points,
        totalPoints: update.total_points === undefined ? row.totalPoints : update.total_points,
      };
      if (next.grade !== row.grade && !isAcceptedGrade(next.grade)) {
        throw invalid('grade', historyMessages.gradeInvalid);
      }
      if (
        next.achievedPoints !== null &&
        next.totalPoints !== null &&
        next.achievedPoints > next.totalPoints
      ) {
        throw invalid('achieved_points', historyMessages.achievedAboveTotal);
      }

      const changes: Record<string, unknown> = {};
      const before: Record<string, unknown> = {};
      for (const [field, column] of editable) {
        if (next[column] !== row[column]) {
          changes[field] = next[column];
          before[field] = row[column];
        }
      }
      if (Object.keys(changes).length === 0) return toListItem(row);

      const values: HistoryChange = { ...next };
      if (row.result) {
        values.result = {
          ...row.result,
          title: next.title,
          grade: next.grade,
          achieved_points: next.achievedPoints,
          total_points: next.totalPoints,
          metadata: {
            ...row.result.metadata,
            subject: next.subject,
            student_name: next.studentName,
            grade_level: next.gradeLevel,
          },
        };
      }
      const saved = await repository.updateDetails(
        userId,
        id,
        values,
        { type: 'edit_details', ...changes, before },
        now(),
        deps.grades ? (tx) => deps.grades!.refresh(tx, id) : undefined,
      );
      // between the read and the write the job took the row back, or the teacher confirmed it in another tab
      if (!saved) {
        const current = await repository.findOwned(userId, id);
        if (!current) throw notFound();
        throw current.reviewState === 'confirmed' ? confirmed() : stillProcessing();
      }
      return toListItem(saved);
    },

    /** Deletes the analysis with everything that hangs on it, then its uploaded files from storage. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await loadOwned(userId, id);
      // the running job would otherwise settle the credit of an analysis that no longer exists
      if (row.status === 'processing') throw stillProcessing();
      const keys = await repository.deleteOwned(userId, id);
      if (!keys) throw (await repository.findOwned(userId, id)) ? stillProcessing() : notFound();
      await Promise.all(
        keys.map((key) =>
          storage.delete(key).catch((error: unknown) => {
            // the row is gone; a file left behind is only disk space, so the answer is still a success
            deps.log.warn({ err: error, key }, 'could not delete a file of a deleted analysis');
          }),
        ),
      );
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
