import { defaultGradingScale, type AnalysisResult, type GradingScale } from '@korrigo/domain';

/**
 * The class list that the CSV and the Notenliste both print (issue 16 §6, issue 34 §6): every pupil of the
 * course, with a paper or marked absent, the points per task of the test key, and the Notenschlüssel the
 * grades were computed with. Pure, so the rules are tested without a database.
 */

/** A task of the test key as a column: its title and its maximum. */
export type SheetTask = { title: string; maxPoints: number | null };

export type SheetRow = {
  name: string;
  /** a pupil of the course without a paper in the set */
  absent: boolean;
  achievedPoints: number | null;
  totalPoints: number | null;
  grade: string | null;
  /** false: no result (the paper failed or is still being graded) */
  graded: boolean;
  confirmed: boolean;
  releasedAt: Date | null;
  /** one entry per column of `tasks`; null where the paper has no points for it */
  taskPoints: (number | null)[];
};

/** A paper as the repository lists it (listPaperResults). */
export type SheetPaper = {
  classStudentId: string | null;
  studentName: string;
  status: string | null;
  reviewState: string | null;
  result: AnalysisResult | null;
  grade: string | null;
  achievedPoints: number | null;
  totalPoints: number | null;
  releasedAt: Date | null;
};

export type Sheet = {
  tasks: SheetTask[];
  rows: SheetRow[];
  /** the set's maximum (one key, one maximum); null before any paper is graded */
  totalPoints: number | null;
  /** the Notenschlüssel the grades were computed with; null before any paper is graded */
  scale: GradingScale | null;
};

const gradedResult = (paper: SheetPaper) => (paper.status === 'done' ? paper.result : null);

/**
 * The papers in their order, then the pupils of the course who have no paper in the set, in roster order,
 * marked absent. "No paper" is the rule in both ways of uploading: a stack's split names the absent ones
 * (absentStudentIds), and a set uploaded per pupil simply has no paper for the pupil who missed the test
 * (issue 34: she was missing from the list). Columns per task are those of the graded result with the most
 * tasks: the papers of a set are graded against one key, so its tasks are the same in every result.
 */
export function sheetOf(papers: SheetPaper[], participants: { id: string; name: string }[]): Sheet {
  const results = papers.flatMap((paper) => {
    const result = gradedResult(paper);
    return result ? [result] : [];
  });
  const widest = results.reduce<AnalysisResult | null>(
    (best, result) => (best === null || result.tasks.length > best.tasks.length ? result : best),
    null,
  );
  const tasks: SheetTask[] = (widest?.tasks ?? []).map((task) => ({
    title: task.title,
    maxPoints: task.max_points,
  }));
  const withPaper = new Set(papers.flatMap((paper) => (paper.classStudentId ? [paper.classStudentId] : [])));
  const rows: SheetRow[] = [
    ...papers.map((paper): SheetRow => {
      const result = gradedResult(paper);
      const graded = paper.status === 'done';
      return {
        name: paper.studentName,
        absent: false,
        achievedPoints: graded ? paper.achievedPoints : null,
        totalPoints: graded ? paper.totalPoints : null,
        grade: graded ? paper.grade : null,
        graded,
        confirmed: graded && paper.reviewState === 'confirmed',
        releasedAt: paper.releasedAt,
        taskPoints: tasks.map((_, index) => result?.tasks[index]?.achieved_points ?? null),
      };
    }),
    ...participants
      .filter((student) => !withPaper.has(student.id))
      .map((student): SheetRow => ({
        name: student.name,
        absent: true,
        achievedPoints: null,
        totalPoints: null,
        grade: null,
        graded: false,
        confirmed: false,
        releasedAt: null,
        taskPoints: tasks.map(() => null),
      })),
  ];
  const totalPoints =
    papers.find((paper) => paper.status === 'done' && paper.totalPoints !== null)?.totalPoints ?? null;
  // results stored before issue 13 carry no scale: they were graded by the default
  const scale = results.length === 0 ? null : (results[0]!.grading_scale ?? defaultGradingScale);
  return { tasks, rows, totalPoints, scale };
}

/** The lowest points that still earn a row of the scale, for a test of `totalPoints` (two decimals). */
export function pointsFrom(minPercent: number, totalPoints: number): number {
  return Math.round(((minPercent * totalPoints) / 100) * 100) / 100;
}
