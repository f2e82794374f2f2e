import {
  alignmentFlag,
  classEvaluationMessages,
  overviewGradeClass,
  parseGrade,
  standingErrors,
  type AnalysisResult,
  type ClassEvaluationOverview,
  type ClassEvaluationQuestion,
  type PageRef,
  type Subtask,
  type Task,
} from '@korrigo/domain';
import { groupAnswers } from '@korrigo/grading';

/**
 * The figures of a class set read from its papers' results (ADR 0012 §5: derived, not stored): the review by
 * question (issue 16 §4) and the class overview (§5). Pure, so the rules are tested without a database.
 */

/** A paper as these figures need it: its analysis's result and whether the teacher confirmed it. */
export type PaperResult = {
  paperId: string;
  analysisId: string;
  studentName: string;
  confirmed: boolean;
  result: AnalysisResult;
  /** the paper's pages of a scanned stack with the text read from each, in order; none for typed papers */
  pages?: (PageRef & { text: string })[];
};

/** Letters and digits only, lower case, single spaces: the same words read twice compare equal. */
const comparable = (text: string) =>
  text
    .toLocaleLowerCase('de')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The page of a scanned paper an answer was read from (issue 34 §7): the first page whose text holds the
 * answer's opening words, else the page that holds most of its words (the teacher may have corrected the
 * transcription), else the paper's first page. Null for a paper without pages.
 */
export function pageOfAnswer(answer: string, pages: (PageRef & { text: string })[]): PageRef | null {
  const first = pages[0];
  if (!first) return null;
  const ref = (page: PageRef): PageRef => ({ fileId: page.fileId, pageIndex: page.pageIndex });
  const wanted = comparable(answer);
  if (!wanted) return ref(first);
  const read = pages.map((page) => ({ page, text: comparable(page.text) }));
  const opening = wanted.slice(0, 40);
  const holding = read.find(({ text }) => text.includes(opening));
  if (holding) return ref(holding.page);
  const words = new Set(wanted.split(' ').filter((word) => word.length > 2));
  let best = { page: first, found: 0 };
  for (const { page, text } of read) {
    const present = new Set(text.split(' '));
    const found = [...words].filter((word) => present.has(word)).length;
    if (found > best.found) best = { page, found };
  }
  return ref(best.page);
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const mean = (values: number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * A shown grade ("2-", "1+", "2,3", "11 Punkte (2)") to its whole grade 1..6 for the Notenspiegel; null for no
 * grade. By the domain's rule for grade classes (overviewGradeClass, spec 000 §9: up to 1,5 is a 1, up to 2,5
 * a 2 …), so "2-" (2,3) is a 2, "3+" (2,7) a 3, and a decimal 2,5 still a 2.
 */
export function wholeGrade(grade: string | null): number | null {
  const value = parseGrade(grade);
  if (value === null) return null;
  const classes = ['excellent', 'good', 'satisfactory', 'sufficient', 'poor', 'failing'] as const;
  return classes.indexOf(overviewGradeClass(value)) + 1;
}

type Unit = {
  taskIndex: number;
  subtaskIndex: number | null;
  label: string;
  unit: Task | Subtask;
};

/**
 * 'Aufgabe 2 b)' for a subtask; only the task's title where the subtask's label adds nothing (a task with one
 * subtask, or a title that already ends in the label: 'Aufgabe 1' with subtask '1').
 */
function unitLabel(task: Task, subtask: Subtask): string {
  const label = subtask.subtask_label.trim();
  if (!label || task.subtasks.length === 1 || task.title.trim().endsWith(label)) return task.title;
  return `${task.title} ${label}`.trim();
}

/** The scored units of a result: its subtasks, or a task itself where it has none (as totalsOf counts). */
function unitsOf(result: AnalysisResult): Unit[] {
  return result.tasks.flatMap((task, taskIndex): Unit[] =>
    task.subtasks.length > 0
      ? task.subtasks.map((subtask, subtaskIndex) => ({
          taskIndex,
          subtaskIndex,
          label: unitLabel(task, subtask),
          unit: subtask,
        }))
      : [{ taskIndex, subtaskIndex: null, label: task.title, unit: task }],
  );
}

const shareOf = (unit: { achieved_points: number | null; max_points: number | null }) =>
  unit.achieved_points !== null && unit.max_points !== null && unit.max_points > 0
    ? unit.achieved_points / unit.max_points
    : null;

/**
 * Review by question (issue 16 §4): one question per subtask (or task without subtasks) in the order of the
 * results, each with the papers' answers grouped by `groupAnswers`. The papers of a set are graded against one
 * key, so a unit is found by its task and subtask index in every result.
 *
 * Results graded before the engine kept the answer (`answer_text`) are not segmented again here: reading the
 * paper anew could cut it differently from how it was scored, and a group would then claim answers were alike
 * that the teacher never saw side by side. Each such answer stands alone ('single', '(keine Antwort erkannt)');
 * an empty answer the engine did keep is grouped like any other, under the same words.
 */
export function questionsOf(papers: PaperResult[]): ClassEvaluationQuestion[] {
  type Answer = ClassEvaluationQuestion['groups'][number]['answers'][number];
  const questions = new Map<string, ClassEvaluationQuestion & { kept: { answer: string; item: Answer }[] }>();
  const order: string[] = [];
  const unkept = new Map<string, Answer[]>();
  for (const paper of papers) {
    for (const { taskIndex, subtaskIndex, label, unit } of unitsOf(paper.result)) {
      const key = `${taskIndex}:${subtaskIndex ?? ''}`;
      let question = questions.get(key);
      if (!question) {
        question = {
          taskIndex,
          subtaskIndex,
          label,
          maxPoints: null,
          averageShare: null,
          groups: [],
          kept: [],
        };
        questions.set(key, question);
        order.push(key);
      }
      question.maxPoints ??= unit.max_points;
      const answer: Answer = {
        paperId: paper.paperId,
        analysisId: paper.analysisId,
        studentName: paper.studentName,
        points: unit.achieved_points,
        errors: standingErrors('errors' in unit ? unit.errors : []).map((error) => ({
          title: error.title,
          severity: error.severity,
        })),
        confirmed: paper.confirmed,
        placementUnsure: paper.result.review_flags.some((flag) => flag.code === alignmentFlag),
        page: pageOfAnswer(unit.answer_text ?? '', paper.pages ?? []),
      };
      if (unit.answer_text === undefined) unkept.set(key, [...(unkept.get(key) ?? []), answer]);
      else question.kept.push({ answer: unit.answer_text, item: answer });
    }
  }
  return order.map((key) => {
    const { kept, ...question } = questions.get(key)!;
    const groups = groupAnswers(kept).map((group) => ({
      answer: group.answer.trim() === '' ? classEvaluationMessages.noAnswerText : group.answer,
      kind: group.kind,
      answers: group.items,
    }));
    for (const answer of unkept.get(key) ?? []) {
      groups.push({ answer: classEvaluationMessages.noAnswerText, kind: 'single', answers: [answer] });
    }
    const shares = papers.flatMap((paper) => {
      const unit = unitsOf(paper.result).find(
        (u) => u.taskIndex === question.taskIndex && u.subtaskIndex === question.subtaskIndex,
      );
      const share = unit ? shareOf(unit.unit) : null;
      return share === null ? [] : [share];
    });
    const average = mean(shares);
    return { ...question, averageShare: average === null ? null : round2(average), groups };
  });
}

/** How many tasks the overview marks as weakest at most, and below which average share. */
const WEAKEST_TASKS = 2;
const WEAK_SHARE = 0.5;
const FREQUENT_ERRORS = 5;

/**
 * The class overview (issue 16 §5) over the papers the teacher confirmed (ADR 0012 §5); `papers` is the
 * number of papers of the set, confirmed or not.
 *
 * - Notenspiegel: the whole grade of each confirmed paper (wholeGrade); a paper without a grade (points still
 *   open) is counted but has no grade.
 * - averageGrade: the mean of the whole grades, as a Notenspiegel's average is read by hand (two decimals);
 *   averagePoints the mean of the achieved points; totalPoints the set's maximum (the first confirmed
 *   paper's; one key, one maximum).
 * - tasks: per task the mean share of its points over the confirmed papers. `weakest`: the (at most two) tasks
 *   with the lowest share, and only where that share is below one half: a class that did well everywhere has
 *   no weak task.
 * - frequentErrors: the five error titles found most often over the confirmed papers (every occurrence
 *   counts; equal counts in the order first found).
 * - failingShare: the share of grades 5 and 6 among the graded confirmed papers; the notice is due when it is
 *   above the teacher's threshold.
 */
export function overviewOf(
  papers: PaperResult[],
  allPapers: number,
  failingShareThreshold: number,
): ClassEvaluationOverview {
  const counted = papers.filter((paper) => paper.confirmed);
  const grades = counted.flatMap((paper) => {
    const whole = wholeGrade(paper.result.grade);
    return whole === null ? [] : [whole];
  });
  const gradeDistribution = [1, 2, 3, 4, 5, 6].map((grade) => ({
    grade,
    count: grades.filter((whole) => whole === grade).length,
  }));
  const averageGrade = mean(grades);
  const achieved = counted.flatMap((paper) =>
    paper.result.achieved_points === null ? [] : [paper.result.achieved_points],
  );
  const averagePoints = mean(achieved);
  const totalPoints =
    counted.find((paper) => paper.result.total_points !== null)?.result.total_points ?? null;

  const taskCount = Math.max(0, ...counted.map((paper) => paper.result.tasks.length));
  const tasks = Array.from({ length: taskCount }, (_, taskIndex) => {
    const title = counted.find((paper) => paper.result.tasks[taskIndex])!.result.tasks[taskIndex]!.title;
    const shares = counted.flatMap((paper) => {
      const task = paper.result.tasks[taskIndex];
      const share = task ? shareOf(task) : null;
      return share === null ? [] : [share];
    });
    const share = mean(shares);
    return { taskIndex, title, averageShare: share === null ? null : round2(share), weakest: false };
  });
  const weakest = tasks
    .filter((task) => task.averageShare !== null && task.averageShare < WEAK_SHARE)
    .sort((a, b) => a.averageShare! - b.averageShare! || a.taskIndex - b.taskIndex)
    .slice(0, WEAKEST_TASKS);
  for (const task of weakest) task.weakest = true;

  const errorCounts = new Map<string, number>();
  for (const paper of counted)
    for (const task of paper.result.tasks)
      for (const subtask of task.subtasks)
        for (const error of standingErrors(subtask.errors))
          errorCounts.set(error.title, (errorCounts.get(error.title) ?? 0) + 1);
  // a stable sort keeps equal counts in the order first found
  const frequentErrors = [...errorCounts.entries()]
    .map(([title, count]) => ({ title, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, FREQUENT_ERRORS);

  const failing = grades.filter((grade) => grade >= 5).length;
  const failingShare = grades.length === 0 ? null : round2(failing / grades.length);
  return {
    counted: counted.length,
    papers: allPapers,
    gradeDistribution,
    averageGrade: averageGrade === null ? null : round2(averageGrade),
    averagePoints: averagePoints === null ? null : round2(averagePoints),
    totalPoints,
    tasks,
    frequentErrors,
    failingShare,
    failingShareThreshold,
    // compared unrounded: 1 of 3 papers is exactly one third, which is not above a threshold of one third
    exceedsThreshold: grades.length > 0 && failing / grades.length > failingShareThreshold + 1e-9,
  };
}
