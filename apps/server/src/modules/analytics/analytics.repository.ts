import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { createClassesRepository } from '../classes/classes.repository';
import { courseRole } from '../courses/courses.repository';
import { accountTypeOf } from '../profile/profile.repository';

/** The analyses one overview reads: hers, graded, optionally of one class or course. */
export type AnalyticsScope = { userId: string; classId?: string; courseId?: string };
/** The current window [from, to) and the one before [previousFrom, from). */
export type AnalyticsWindow = { previousFrom: Date; from: Date; to: Date };

type Row = Record<string, unknown>;
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const int = (value: unknown): number => Number(value ?? 0);
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/*
 * All figures are computed by the database (issue 18 §4: 10,000 analyses under 300 ms on PGlite), one
 * statement per figure with FILTER clauses. A grade's value is read from analyses.grade_number, stored by
 * grade_value(), parseGrade's SQL twin (migrations 0016, 0018). The queries are raw SQL because aggregates like regr_slope, corr and FILTER read plainly there.
 */
export function createAnalyticsRepository(db: Database) {
  const classes = createClassesRepository(db);

  async function rows(query: SQL): Promise<Row[]> {
    return (await db.execute(query)).rows as Row[];
  }

  /** Her graded analyses (alias a), optionally of one class or course. */
  function scoped(scope: AnalyticsScope): SQL {
    return sql.join(
      [
        sql`a.user_id = ${scope.userId} AND a.status = 'done'`,
        scope.classId ? sql` AND a.class_id = ${scope.classId}` : sql``,
        scope.courseId ? sql` AND a.course_id = ${scope.courseId}` : sql``,
      ],
      sql``,
    );
  }
  const inWindow = (w: AnalyticsWindow) =>
    sql`a.created_at >= ${w.from.toISOString()}::timestamptz AND a.created_at < ${w.to.toISOString()}::timestamptz`;
  const inBoth = (w: AnalyticsWindow) =>
    sql`a.created_at >= ${w.previousFrom.toISOString()}::timestamptz AND a.created_at < ${w.to.toISOString()}::timestamptz`;
  const isCurrent = (w: AnalyticsWindow) => sql`a.created_at >= ${w.from.toISOString()}::timestamptz`;

  /** Six counts by the grade's whole number (overviewGradeClass: <=1.5 is a 1 ... above 5.5 a 6). */
  const gradeCounts = sql`
    count(*) FILTER (WHERE gv <= 1.5) AS g1,
    count(*) FILTER (WHERE gv > 1.5 AND gv <= 2.5) AS g2,
    count(*) FILTER (WHERE gv > 2.5 AND gv <= 3.5) AS g3,
    count(*) FILTER (WHERE gv > 3.5 AND gv <= 4.5) AS g4,
    count(*) FILTER (WHERE gv > 4.5 AND gv <= 5.5) AS g5,
    count(*) FILTER (WHERE gv > 5.5) AS g6`;
  const distributionRow = (row: Row) => ({
    key: String(row.key ?? ''),
    label: String(row.label ?? ''),
    counts: [row.g1, row.g2, row.g3, row.g4, row.g5, row.g6].map(int),
    papers: int(row.papers),
    averageGrade: num(row.average_grade),
  });

  return {
    findAccountType: (userId: string) => accountTypeOf(db, userId),

    /** The class check of the classes module: she is one of its teachers. */
    async teachesClass(userId: string, classId: string): Promise<boolean> {
      return (await classes.findClass(userId, classId)) !== undefined;
    },

    /** The course check of the courses module: she is one of its teachers. */
    async teachesCourse(userId: string, courseId: string): Promise<boolean> {
      return (await courseRole(db, userId, courseId)) === 'teacher';
    },

    async stats(scope: AnalyticsScope, w: AnalyticsWindow) {
      const [row] = await rows(sql`
        SELECT
          count(*) FILTER (WHERE cur) AS papers_current,
          count(*) FILTER (WHERE NOT cur) AS papers_previous,
          avg(gv) FILTER (WHERE cur) AS grade_current,
          avg(gv) FILTER (WHERE NOT cur) AS grade_previous,
          avg(score) FILTER (WHERE cur) AS score_current,
          avg(score) FILTER (WHERE NOT cur) AS score_previous
        FROM (
          SELECT ${isCurrent(w)} AS cur, a.grade_number AS gv,
            CASE WHEN a.total_points > 0 THEN a.achieved_points::float8 / a.total_points * 100 END AS score
          FROM analyses a
          WHERE ${scoped(scope)} AND ${inBoth(w)}
        ) AS w`);
      return {
        papers: { current: int(row?.papers_current), previous: int(row?.papers_previous) },
        averageGrade: { current: num(row?.grade_current), previous: num(row?.grade_previous) },
        averageScore: { current: num(row?.score_current), previous: num(row?.score_previous) },
      };
    },

    /** Grade distribution per class; papers without a class are one row with key ''. */
    async byClass(scope: AnalyticsScope, w: AnalyticsWindow) {
      const found = await rows(sql`
        SELECT coalesce(a.class_id::text, '') AS key, coalesce(max(c.name), '') AS label,
          count(*) AS papers, avg(gv) AS average_grade, ${gradeCounts}
        FROM (SELECT a.class_id, a.grade_number AS gv FROM analyses a WHERE ${scoped(scope)} AND ${inWindow(w)}) AS a
        LEFT JOIN classes c ON c.id = a.class_id
        GROUP BY 1
        ORDER BY (coalesce(a.class_id::text, '') = ''), 2`);
      return found.map(distributionRow);
    },

    async bySubject(scope: AnalyticsScope, w: AnalyticsWindow) {
      const found = await rows(sql`
        SELECT btrim(a.subject) AS key, btrim(a.subject) AS label,
          count(*) AS papers, avg(gv) AS average_grade, ${gradeCounts}
        FROM (SELECT a.subject, a.grade_number AS gv FROM analyses a WHERE ${scoped(scope)} AND ${inWindow(w)}) AS a
        GROUP BY 1
        ORDER BY (btrim(a.subject) = ''), 1`);
      return found.map(distributionRow);
    },

    /**
     * Each pupil's grades in the window: a roster entry, or the typed name (case and spaces ignored) for
     * papers not linked to one; papers without any name are nobody's. A typed name that is exactly one entry
     * of her rosters (of the paper's class, when it has one) counts as that entry, so a pupil with one linked
     * and one typed paper is one row. The 200 pupils with the most papers:
     * a teacher's whole load of a year, and a bound on the answer.
     */
    async students(scope: AnalyticsScope, w: AnalyticsWindow) {
      const found = await rows(sql`
        WITH roster AS (
          SELECT cs.id::text AS id, cs.class_id, lower(btrim(cs.name)) AS name
          FROM class_students cs
          JOIN class_teachers t ON t.class_id = cs.class_id AND t.user_id = ${scope.userId}
        ), in_class AS (
          SELECT class_id, name, min(id) AS id FROM roster GROUP BY 1, 2 HAVING count(*) = 1
        ), anywhere AS (
          SELECT name, min(id) AS id FROM roster GROUP BY 1 HAVING count(*) = 1
        ), w AS (
          SELECT a.id, a.created_at, a.grade_number AS gv, btrim(a.student_name) AS typed,
            coalesce(a.class_student_id::text, ic.id, aw.id, 'name:' || lower(btrim(a.student_name))) AS skey,
            coalesce(c.name, a.course_name, '') AS group_name
          FROM analyses a
          LEFT JOIN classes c ON c.id = a.class_id
          -- joins, not a subquery per paper: a year of 10,000 papers stays within the 300 ms
          LEFT JOIN in_class ic ON a.class_student_id IS NULL AND ic.class_id = a.class_id
            AND ic.name = lower(btrim(a.student_name))
          LEFT JOIN anywhere aw ON a.class_student_id IS NULL AND a.class_id IS NULL
            AND aw.name = lower(btrim(a.student_name))
          WHERE ${scoped(scope)} AND ${inWindow(w)}
            AND (a.class_student_id IS NOT NULL OR btrim(a.student_name) <> '')
        ), s AS (
          SELECT skey,
            count(*) AS papers,
            avg(gv) AS average_grade,
            (array_agg(typed ORDER BY created_at DESC))[1] AS typed,
            (array_agg(group_name ORDER BY created_at DESC) FILTER (WHERE group_name <> ''))[1] AS group_name,
            (array_agg(gv ORDER BY created_at) FILTER (WHERE gv IS NOT NULL))[1] AS first_grade,
            (array_agg(gv ORDER BY created_at DESC) FILTER (WHERE gv IS NOT NULL))[1] AS last_grade,
            CASE WHEN count(DISTINCT (created_at AT TIME ZONE 'Europe/Berlin')::date) FILTER (WHERE gv IS NOT NULL) >= 2
              THEN regr_slope(gv, extract(epoch FROM created_at) / 86400) * 30 END AS trend,
            array_to_json((array_agg(json_build_object('date', created_at, 'grade', gv, 'id', id)
              ORDER BY created_at DESC) FILTER (WHERE gv IS NOT NULL))[1:12]) AS points
          FROM w
          GROUP BY skey
          ORDER BY count(*) DESC, skey
          LIMIT 200
        )
        SELECT s.*, cs.name AS roster_name
        FROM s LEFT JOIN class_students cs ON cs.id::text = s.skey
        ORDER BY s.papers DESC, s.skey`);
      return found.map((row) => {
        const points = ((row.points ?? []) as { date: string; grade: number; id: string }[])
          .map((point) => ({
            date: date(point.date).toISOString(),
            grade: Number(point.grade),
            analysisId: point.id,
          }))
          .reverse();
        return {
          key: String(row.skey),
          name: String(row.roster_name ?? row.typed ?? ''),
          groupName: String(row.group_name ?? ''),
          papers: int(row.papers),
          averageGrade: num(row.average_grade),
          firstGrade: num(row.first_grade),
          lastGrade: num(row.last_grade),
          trendPerMonth: num(row.trend),
          points,
        };
      });
    },

    /**
     * Errors per category now and before, from the counts the trigger keeps (migration 0016); joined to the
     * analyses only when a class or course narrows them.
     */
    async errorCategories(scope: AnalyticsScope, w: AnalyticsWindow) {
      const narrowed = scope.classId || scope.courseId;
      const found = await rows(sql`
        SELECT e.category,
          coalesce(sum(e.errors) FILTER (WHERE e.created_at >= ${w.from.toISOString()}::timestamptz), 0) AS current,
          coalesce(sum(e.errors) FILTER (WHERE e.created_at < ${w.from.toISOString()}::timestamptz), 0) AS previous
        FROM analysis_error_counts e
        ${narrowed ? sql`JOIN analyses a ON a.id = e.analysis_id AND ${scoped(scope)}` : sql``}
        WHERE e.user_id = ${scope.userId}
          AND e.created_at >= ${w.previousFrom.toISOString()}::timestamptz
          AND e.created_at < ${w.to.toISOString()}::timestamptz
        GROUP BY e.category`);
      return found.map((row) => ({
        category: String(row.category),
        current: int(row.current),
        previous: int(row.previous),
      }));
    },

    /**
     * The tests with papers in the window, newest first: her class sets (all their graded papers; a set is
     * one sitting) and the single analyses graded against one saved test outside any set (those in the
     * window).
     */
    async tests(scope: AnalyticsScope, w: AnalyticsWindow, limit: number) {
      const found = await rows(sql`
        SELECT * FROM (
          SELECT 'set:' || ce.id AS id, coalesce(nullif(btrim(ce.test_name), ''), ce.course_name) AS title,
            count(*) AS papers, max(a.created_at) AS date
          FROM class_evaluations ce
          JOIN class_evaluation_papers p ON p.evaluation_id = ce.id
          JOIN analyses a ON a.id = p.analysis_id
          WHERE ce.user_id = ${scope.userId} AND ${scoped(scope)}
          GROUP BY ce.id
          HAVING max(a.created_at) >= ${w.from.toISOString()}::timestamptz
            AND max(a.created_at) < ${w.to.toISOString()}::timestamptz
          UNION ALL
          SELECT 'key:' || a.answer_key_test_id, coalesce(max(a.answer_key ->> 'title'), ''), count(*), max(a.created_at)
          FROM analyses a
          WHERE ${scoped(scope)} AND ${inWindow(w)} AND a.answer_key_test_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM class_evaluation_papers p WHERE p.analysis_id = a.id)
          GROUP BY a.answer_key_test_id
        ) AS t
        ORDER BY date DESC, id
        LIMIT ${limit}`);
      return found.map((row) => ({
        id: String(row.id),
        title: String(row.title ?? ''),
        papers: int(row.papers),
        date: date(row.date).toISOString(),
      }));
    },

    /** Her classes and courses for the filter: the active ones, and archived ones that have her papers. */
    async filters(userId: string) {
      const [classRows, courseRows] = await Promise.all([
        rows(sql`
          SELECT c.id, c.name FROM classes c
          JOIN class_teachers t ON t.class_id = c.id AND t.user_id = ${userId}
          WHERE c.archived_at IS NULL OR EXISTS (
            SELECT 1 FROM analyses a WHERE a.class_id = c.id AND a.user_id = ${userId} AND a.status = 'done')
          ORDER BY c.name, c.id`),
        rows(sql`
          SELECT c.id, c.name FROM courses c
          JOIN course_teachers t ON t.course_id = c.id AND t.user_id = ${userId}
          WHERE c.archived_at IS NULL OR EXISTS (
            SELECT 1 FROM analyses a WHERE a.course_id = c.id AND a.user_id = ${userId} AND a.status = 'done')
          ORDER BY c.name, c.id`),
      ]);
      const pick = (row: Row) => ({ id: String(row.id), name: String(row.name) });
      return { classes: classRows.map(pick), courses: courseRows.map(pick) };
    },

    /** Her class set's title and newest paper, or undefined when it is not hers. */
    async findSet(userId: string, setId: string) {
      const [row] = await rows(sql`
        SELECT coalesce(nullif(btrim(ce.test_name), ''), ce.course_name) AS title, ce.created_at,
          count(a.id) AS papers, max(a.created_at) AS date
        FROM class_evaluations ce
        LEFT JOIN class_evaluation_papers p ON p.evaluation_id = ce.id
        LEFT JOIN analyses a ON a.id = p.analysis_id AND a.status = 'done' AND a.result IS NOT NULL
        WHERE ce.id = ${setId} AND ce.user_id = ${userId}
        GROUP BY ce.id`);
      return row
        ? {
            title: String(row.title ?? ''),
            papers: int(row.papers),
            date: date(row.date ?? row.created_at).toISOString(),
          }
        : undefined;
    },

    /** Whether she graded any paper against this saved test (outside class sets), at any time. */
    async hasKey(userId: string, testId: string): Promise<boolean> {
      const found = await rows(sql`
        SELECT 1 FROM analyses a WHERE a.user_id = ${userId} AND a.answer_key_test_id = ${testId} LIMIT 1`);
      return found.length > 0;
    },

    /**
     * The item analysis of one test (issue 18 §1), per task position across the papers' results: the
     * Schwierigkeitsindex as the mean share of the points, the Trennschärfe as the part-whole corrected
     * Pearson correlation of the task's points with the rest of the paper's points (SQL corr()), the points
     * distribution in half points and the most frequent error titles. A task without points on a paper
     * (achieved_points null) is left out for that paper.
     */
    async questions(scope: AnalyticsScope, w: AnalyticsWindow, test: { kind: 'set' | 'key'; id: string }) {
      const papers =
        test.kind === 'set'
          ? sql`SELECT a.id, a.achieved_points::float8 AS total, a.grade, a.created_at, a.result, a.grade_number
              FROM class_evaluation_papers p JOIN analyses a ON a.id = p.analysis_id
              WHERE p.evaluation_id = ${test.id} AND a.user_id = ${scope.userId} AND a.status = 'done'
                AND a.result IS NOT NULL`
          : sql`SELECT a.id, a.achieved_points::float8 AS total, a.grade, a.created_at, a.result, a.grade_number
              FROM analyses a
              WHERE ${scoped(scope)} AND ${inWindow(w)} AND a.answer_key_test_id = ${test.id}
                AND a.result IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM class_evaluation_papers p WHERE p.analysis_id = a.id)`;
      const tasks = sql`
        papers AS (${papers}),
        tasks AS (
          SELECT p.id, p.total, (t.ord - 1)::int AS idx, coalesce(t.task ->> 'title', '') AS title,
            (t.task ->> 'achieved_points')::float8 AS pts, (t.task ->> 'max_points')::float8 AS maxp, t.task
          FROM papers p, jsonb_array_elements(p.result -> 'tasks') WITH ORDINALITY AS t(task, ord)
          WHERE jsonb_typeof(p.result -> 'tasks') = 'array' AND jsonb_typeof(t.task -> 'achieved_points') = 'number'
        )`;
      const [summary] = await rows(sql`
        WITH ${tasks}
        SELECT (SELECT avg(grade_number) FROM papers) AS average_grade,
          (SELECT count(*) FROM papers) AS papers,
          (SELECT max(created_at) FROM papers) AS date`);
      const figures = await rows(sql`
        WITH ${tasks}
        SELECT idx, mode() WITHIN GROUP (ORDER BY title) AS title, max(maxp) AS max_points, count(*) AS papers,
          avg(pts) AS mean_points, avg(pts / maxp) FILTER (WHERE maxp > 0) AS difficulty,
          corr(pts, total - pts) AS discrimination
        FROM tasks GROUP BY idx ORDER BY idx`);
      const distribution = await rows(sql`
        WITH ${tasks}
        SELECT idx, floor(pts * 2) / 2 AS points, count(*) AS count
        FROM tasks GROUP BY 1, 2 ORDER BY 1, 2`);
      const errors = await rows(sql`
        WITH ${tasks}, counted AS (
          SELECT idx, e ->> 'title' AS title, count(*) AS count,
            row_number() OVER (PARTITION BY idx ORDER BY count(*) DESC, e ->> 'title') AS rank
          FROM tasks,
            jsonb_array_elements(CASE WHEN jsonb_typeof(task -> 'subtasks') = 'array' THEN task -> 'subtasks' ELSE '[]' END) AS s,
            jsonb_array_elements(CASE WHEN jsonb_typeof(s -> 'errors') = 'array' THEN s -> 'errors' ELSE '[]' END) AS e
          WHERE coalesce(e ->> 'title', '') <> ''
          GROUP BY 1, 2
        )
        SELECT idx, title, count FROM counted WHERE rank <= 5 ORDER BY idx, rank`);
      return {
        averageGrade: num(summary?.average_grade),
        papers: int(summary?.papers),
        date: summary?.date ? date(summary.date).toISOString() : null,
        tasks: figures.map((row) => {
          const idx = int(row.idx);
          return {
            index: idx,
            title: String(row.title ?? ''),
            maxPoints: num(row.max_points),
            papers: int(row.papers),
            meanPoints: num(row.mean_points),
            difficulty: num(row.difficulty),
            discrimination: num(row.discrimination),
            distribution: distribution
              .filter((d) => int(d.idx) === idx)
              .map((d) => ({ points: Number(d.points), count: int(d.count) })),
            topErrors: errors
              .filter((e) => int(e.idx) === idx)
              .map((e) => ({ title: String(e.title), count: int(e.count) })),
          };
        }),
      };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
