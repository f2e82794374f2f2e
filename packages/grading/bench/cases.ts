/**
 * Teacher cases, graded end to end (issue 32 §3): every case of a folder in the teacher-case format (see
 * bench/teacher-cases.ts) goes through the public `grade()` exactly as the product grades a typed test: the
 * key as the teacher typed it (`answerKey: { kind: 'text' }`), the answer as typed, the subject and class
 * from the gold. The result is compared with the teacher's grading.
 *
 * Figures (per case, overall and per subject group):
 * - Points error in % of the maximum: |engine's achieved points − gold total| / gold maximum. Where the
 *   engine left some subtasks open, its points are those of the scored ones; no points at all count as 0.
 * - Grade exact / within one step: the engine's grade without tendency against the gold's `grade_base`. No
 *   grade counts as wrong; how often the engine proposed none is counted apart ("no grade proposed"),
 *   since withholding is the honest answer when it is unsure.
 * - Max = key's max: whether the engine's maximum (`total_points`) is the gold `max_points`, i.e. whether
 *   it read the key's points right.
 * - Unanswered although the gold gives points: gold tasks with points > 0 for which the engine found no
 *   answer (every subtask's graded text empty), i.e. the answer was there but not where the engine looked.
 *   Gold tasks the engine has no task for at all are counted apart ("not found").
 *
 * Run: npm run bench:cases [-- --dir <path>] [-- --sealed] [-- --verbose] [-- --json <file>] [-- --small]
 * (default folder: KORRIGO_TEACHER_CASES, else ../shared/teacher-cases relative to the repo root; --sealed
 * reads the newest blind set (`sealedRoot`), which nobody developing the engine reads; earlier rounds are
 * development data now: `--dir packages/grading/bench/sealed/round-10`).
 * `--small` grades the folder's first case only: the size `npm test` runs, to see that the benchmark still runs.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AnalysisResult } from '@korrigo/domain';
import { ENGINE_VERSION } from '../src/index';
import { repoRoot } from './datasets';
import {
  achievedOf,
  confirmedGrade,
  engineTasks,
  fmt,
  gradeBase,
  gradeFigures,
  gradeTyped,
  isEntryPoint,
  pct,
  reportedUnanswered,
  shown,
  subjectGroup,
  subjectGroups,
  sum,
  type SubjectGroup,
} from './figures';
import { loadTeacherCases, sealedRoot, teacherCasesRoot, type TeacherCase } from './teacher-cases';

export type CasesOptions = {
  dir: string;
  verbose?: boolean;
  /** where to write the figures as JSON */
  json?: string;
  /** where the lines go (console.log by default) */
  log?: (line: string) => void;
  /** only the first N cases (`--small`: 1) */
  limit?: number;
};

/** A folder that cannot be measured (missing, empty); the message says what to do. */
export class CasesInputError extends Error {}

type CaseOutcome = {
  case: TeacherCase;
  result: AnalysisResult;
  group: SubjectGroup;
  achieved: number;
  pointsError: number;
  engineGrade: number | null;
  maxEqual: boolean;
  /** gold tasks with points the engine reported unanswered, and those it has no task for */
  unanswered: string[];
  notFound: string[];
};

function measure(c: TeacherCase, result: AnalysisResult): CaseOutcome {
  const gold = c.gold;
  const achieved = achievedOf(result);
  const tasks = engineTasks(result);
  const unanswered: string[] = [];
  const notFound: string[] = [];
  for (const t of gold.tasks) {
    const engine = tasks.get(t.task);
    if (!engine) notFound.push(t.task);
    else if (t.points > 0 && engine.every(reportedUnanswered)) unanswered.push(t.task);
  }
  return {
    case: c,
    result,
    group: subjectGroup(gold.subject),
    achieved,
    pointsError: pct(Math.abs(achieved - gold.total), gold.max_points),
    engineGrade: gradeBase(result.grade),
    maxEqual: result.total_points !== null && Math.abs(result.total_points - gold.max_points) < 0.005,
    unanswered,
    notFound,
  };
}

function summary(outcomes: CaseOutcome[]) {
  const grades = gradeFigures(
    outcomes.map((o) => ({
      gold: o.case.gold.grade_base,
      engine: o.engineGrade,
      confirmed: confirmedGrade(o.result),
    })),
  );
  const errors = outcomes.map((o) => o.pointsError).sort((a, b) => a - b);
  return {
    cases: outcomes.length,
    pointsErrorMean: sum(errors) / outcomes.length,
    pointsErrorMedian: errors.length > 0 ? errors[Math.floor((errors.length - 1) / 2)]! : NaN,
    pointsErrorMax: errors.at(-1) ?? NaN,
    gradeExact: grades.exact,
    gradeWithinOne: grades.withinOne,
    noGradeProposed: grades.withheld,
    confidentlyWrong: grades.confidentlyWrong,
    confirmedExact: grades.confirmedExact,
    confirmedWithinOne: grades.confirmedWithinOne,
    maxEqual: outcomes.filter((o) => o.maxEqual).length,
    unansweredWithPoints: sum(outcomes.map((o) => o.unanswered.length)),
    casesWithUnanswered: outcomes.filter((o) => o.unanswered.length > 0).length,
    tasksNotFound: sum(outcomes.map((o) => o.notFound.length)),
    needsReview: outcomes.filter((o) => o.result.status === 'needs_review').length,
  };
}

function shownPath(dir: string): string {
  const rel = path.relative(repoRoot, dir);
  return rel.startsWith('..') || path.isAbsolute(rel) ? dir : rel;
}

/** Grades every case of `options.dir`, prints the figures and returns them. */
export async function runCases(options: CasesOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = path.resolve(options.dir);
  if (!existsSync(dir)) throw new CasesInputError(`No case folder at ${dir}.`);
  const { cases: every, unreadable } = loadTeacherCases(dir);
  const cases = options.limit === undefined ? every : every.slice(0, options.limit);
  if (cases.length === 0 && unreadable.length === 0)
    throw new CasesInputError(`${dir} holds no case folders (NN-subject-klX/ with key.txt, answer, gold).`);

  const date = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  log(`bench:cases  engine ${ENGINE_VERSION}  ${date}  ${shownPath(dir)}`);
  const outcomes: CaseOutcome[] = [];
  for (const c of cases) {
    const o = measure(c, await gradeTyped({ ...c, subject: c.gold.subject, gradeLevel: c.gold.grade_level }));
    outcomes.push(o);
    printCase(o, log, options.verbose ?? false);
  }
  for (const u of unreadable) log(`\n${u.id}: NOT READ – ${u.reason}`);

  const all = summary(outcomes);
  const n = outcomes.length;
  log(`\n== ${n} cases in ${new Set(cases.map((c) => c.folder)).size} folders ==`);
  if (n > 0) {
    const of = (k: number) => `${k} of ${n} (${fmt(pct(k, n))} %)`;
    log(
      `points error        ${fmt(all.pointsErrorMean)} % of the maximum (mean; median ${fmt(all.pointsErrorMedian)} %, worst ${fmt(all.pointsErrorMax)} %)`,
    );
    log(`grade exact         ${fmt(all.gradeExact)} %  (no grade counts as wrong)`);
    log(`grade within one    ${fmt(all.gradeWithinOne)} %`);
    log(`no grade proposed   ${of(all.noGradeProposed)}`);
    log(
      `grade more than one step off, though proposed: ${of(all.confidentlyWrong)} (${all.confidentlyWrong} of ${n - all.noGradeProposed} proposed)`,
    );
    log(
      `grade of the points, confirmed unchanged: exact ${fmt(all.confirmedExact)} %, within one ${fmt(all.confirmedWithinOne)} %`,
    );
    log(`engine max = key's  ${of(all.maxEqual)}`);
    log(
      `tasks reported unanswered although the gold gives points: ${all.unansweredWithPoints} (in ${all.casesWithUnanswered} cases)`,
    );
    log(`gold tasks the engine has no task for: ${all.tasksNotFound}`);
    log(`needs_review        ${of(all.needsReview)}`);
  }
  if (unreadable.length > 0) log(`not read: ${unreadable.length} (see above)`);

  const groups: Partial<Record<SubjectGroup, ReturnType<typeof summary>>> = {};
  for (const g of [...Object.keys(subjectGroups), 'others'] as SubjectGroup[]) {
    const part = outcomes.filter((o) => o.group === g);
    if (part.length > 0) groups[g] = summary(part);
  }
  log('\nby subject group   cases  error %  exact %  within1 %  no grade  max ok  unanswered');
  for (const [g, s] of Object.entries(groups))
    log(
      `  ${g.padEnd(16)} ${String(s.cases).padStart(5)} ${fmt(s.pointsErrorMean).padStart(8)} ${fmt(s.gradeExact).padStart(8)} ${fmt(s.gradeWithinOne).padStart(10)} ${String(s.noGradeProposed).padStart(9)} ${String(s.maxEqual).padStart(7)} ${String(s.unansweredWithPoints).padStart(11)}`,
    );
  log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const figures = {
    engineVersion: ENGINE_VERSION,
    date,
    dir: shownPath(dir),
    overall: all,
    groups,
    cases: outcomes.map((o) => ({
      id: o.case.id,
      subject: o.case.gold.subject,
      gradeLevel: o.case.gold.grade_level,
      group: o.group,
      goldTotal: o.case.gold.total,
      goldMax: o.case.gold.max_points,
      goldGrade: o.case.gold.grade,
      engineAchieved: o.result.achieved_points,
      engineScored: o.result.scored_points ?? null,
      engineMax: o.result.total_points,
      engineGrade: o.result.grade,
      pointsError: o.pointsError,
      gradeExact: o.engineGrade === o.case.gold.grade_base,
      gradeWithinOne: o.engineGrade !== null && Math.abs(o.engineGrade - o.case.gold.grade_base) <= 1,
      maxEqual: o.maxEqual,
      unansweredWithPoints: o.unanswered,
      tasksNotFound: o.notFound,
      status: o.result.status,
      reviewFlags: o.result.review_flags.map((f) => f.code),
    })),
    unreadable,
  };
  if (options.json) {
    mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
    writeFileSync(options.json, `${JSON.stringify(figures, null, 2)}\n`);
    log(`figures written to ${options.json}`);
  }
  return figures;
}

function printCase(o: CaseOutcome, log: (line: string) => void, verbose: boolean) {
  const g = o.case.gold;
  const r = o.result;
  const engine =
    r.achieved_points === null && r.scored_points != null
      ? `${shown(r.scored_points)} (${shown(r.open_points ?? 0)} open)`
      : shown(r.achieved_points);
  log(
    `\n${o.case.id} (${g.subject} ${g.grade_level}${o.case.key === null ? ', no key' : ''}): gold ${shown(g.total)}/${shown(g.max_points)}` +
      ` engine ${engine}/${shown(r.total_points)}  err ${fmt(o.pointsError)} %` +
      `  grade ${g.grade} engine ${r.grade ?? '– (none proposed)'}` +
      `  max ${o.maxEqual ? 'ok' : 'DIFFERS'}` +
      (o.unanswered.length > 0 ? `  unanswered with points: ${o.unanswered.join(', ')}` : '') +
      (o.notFound.length > 0 ? `  not found: ${o.notFound.join(', ')}` : '') +
      `  ${r.status}`,
  );
  if (!verbose) return;
  const tasks = engineTasks(r);
  for (const t of g.tasks) {
    const engineTask = tasks.get(t.task);
    const engineText = engineTask
      ? engineTask
          .map(
            (e) =>
              `${shown(e.achieved_points)}/${shown(e.max_points)}${reportedUnanswered(e) ? ' (no answer found)' : ''}`,
          )
          .join(' + ')
      : 'not found';
    const subs = (t.subtasks ?? []).map((s) => `${s.id} ${shown(s.points)}/${shown(s.max)}`).join(', ');
    log(
      `  ${t.task}: gold ${shown(t.points)}/${shown(t.max)}${subs ? ` (${subs})` : ''} | engine ${engineText}`,
    );
    for (const e of engineTask ?? [])
      for (const s of e.subtasks)
        log(
          `      engine ${s.subtask_label || '–'}: ${shown(s.achieved_points)}/${shown(s.max_points)}  ${s.feedback.slice(0, 140)}`,
        );
  }
  const goldNumbers = new Set(g.tasks.map((t) => t.task));
  for (const [n, list] of tasks)
    if (!goldNumbers.has(n))
      for (const e of list)
        log(`  engine task not in the gold: „${e.title}“ ${shown(e.achieved_points)}/${shown(e.max_points)}`);
  for (const flag of r.review_flags) log(`  review: ${flag.code}: ${flag.message}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      sealed: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      json: { type: 'string' },
      small: { type: 'boolean', default: false },
    },
  });
  if (values.sealed && values.dir) throw new CasesInputError('Give either --sealed or --dir, not both.');
  const dir = values.sealed ? sealedRoot : values.dir ? path.resolve(values.dir) : teacherCasesRoot();
  if (!existsSync(dir))
    throw new CasesInputError(
      values.sealed
        ? `The sealed set is not there: ${shownPath(dir)} does not exist (yet). It is written there by the ` +
            'people who keep the blind set; nothing was graded.'
        : `No teacher cases at ${dir}. Put the teacher-case folders there, or give --dir <path> or ` +
            'KORRIGO_TEACHER_CASES.',
    );
  await runCases({
    dir,
    verbose: values.verbose,
    ...(values.json !== undefined ? { json: values.json } : {}),
    ...(values.small ? { limit: 1 } : {}),
  });
}

if (isEntryPoint(import.meta.url)) {
  main().catch((error: unknown) => {
    if (error instanceof CasesInputError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`bench:cases: ${(error as Error).message}`);
      process.exitCode = 2;
    } else throw error;
  });
}
