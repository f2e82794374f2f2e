/**
 * Teacher-written tests, graded end to end (issue 13 §1). Every corpus file in bench/tests/ (see
 * bench/corpus.ts) goes through the same public `grade()` the product uses, with the Erwartungshorizont as
 * the text the teacher typed (`answerKey: { kind: 'text' }`), and the result is compared with the teacher's
 * gold.
 *
 * Figures (per test and overall):
 * - Points MAE in % of the maximum: |engine's achieved points − gold points| / gold maximum, averaged over
 *   the tests. Where the engine left some subtasks open, its points are those of the scored subtasks
 *   (`scored_points`); no points at all count as 0. For a test without a key the gold points are those of
 *   the subtasks a program can check (`open` not set), because the rest must stay open.
 * - Grade exact / within one step: the engine's grade without tendency ("2-" → 2) against the gold grade,
 *   over the tests where a grade can be given: all with a key, and those without one where nothing is open.
 *   No grade counts as wrong. For tests without a key and with open parts, "grade withheld" counts how often
 *   the engine rightly gave none.
 * - Error precision and recall. A found error is any error of any subtask that points into the student's
 *   text (location not null) and is not a mere hint (severity info/informational); errors without a
 *   location (a missing aspect, nothing to point at) are judged by the points, not here. Its span is
 *   [start, end) for a `text` location, the whole line(s) or paragraph(s) otherwise. A gold error's span is
 *   where its quote stands in the answer. A found error is correct when its span overlaps a gold error's
 *   span; a gold error is found when some found error overlaps it (many-to-many: two marks on one mistake are
 *   both correct, but the mistake is found once). The kind is not needed for a match; how many matches agree
 *   on the kind is printed apart. A found error that overlaps a gold non-error counts as "non-errors
 *   flagged".
 * - needs_review: how many results the engine marked for the teacher's review; apart, how many of the tests
 *   whose gold says the teacher expects a review (`gold.review`) got one.
 * - Student name: for the tests whose sheet names the student (`gold.student`), how often the result's
 *   metadata.student_name is exactly that name.
 *
 * Run: npm run bench:tests [-- --verbose] [-- --only <id-part>] [-- --small]
 * (`--small`: the first two tests, the size `npm test` runs to see that the benchmark still runs)
 */
import type { AnalysisResult, GradingError } from '@korrigo/domain';
import {
  goldGrade,
  loadCorpus,
  spotRange,
  type ErrorKind,
  type Feature,
  type GoldSubtask,
  type LoadedTest,
} from './corpus';
import {
  achievedOf,
  enginePoints,
  fmt,
  gradeBase,
  gradeFigures,
  confirmedGrade,
  gradeTyped,
  pct,
  shown,
  sum,
} from './figures';
import { errorSpan, overlaps, type Span } from './generate';

const targets = { mae: 8, exact: 70, withinOne: 95, precision: 85, recall: 70 };
const verbose = process.argv.includes('--verbose');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

type Found = { error: GradingError; span: Span; kind: string };

type Outcome = {
  test: LoadedTest;
  result: AnalysisResult;
  goldPoints: number;
  goldMax: number;
  /** engine's achieved − gold points, in % of the gold maximum */
  pointsError: number;
  /** null when the test has open parts (no grade expected) */
  gradeExpected: number | null;
  engineGrade: number | null;
  found: Found[];
  foundCorrect: number;
  goldFound: number;
  kindAgrees: number;
  nonErrorsFlagged: number;
  /** tests without a key: open gold subtasks the engine scored anyway, and those left open */
  openClaimed: number;
  openLeft: number;
  /** the gold maximum of the subtasks that must stay open */
  openMax: number;
};

function kindOf(category: string | undefined): string {
  switch (category) {
    case 'spelling':
    case 'grammar':
    case 'style':
    case 'punctuation':
      return 'language';
    case undefined:
      return 'unknown';
    default:
      return category;
  }
}

function groupByTask(subtasks: GoldSubtask[]) {
  const tasks = new Map<string, GoldSubtask[]>();
  for (const s of subtasks) tasks.set(s.task, [...(tasks.get(s.task) ?? []), s]);
  return tasks;
}

async function run(test: LoadedTest): Promise<Outcome> {
  const result = await gradeTyped({ ...test, gradeLevel: test.class });
  const open = test.gold.subtasks.filter((s) => s.open);
  const checkable = test.gold.subtasks.filter((s) => !s.open);
  const goldPoints = sum(checkable.map((s) => s.points));
  const goldMax = sum(test.gold.subtasks.map((s) => s.max));
  const pointsError = pct(Math.abs(achievedOf(result) - goldPoints), goldMax);

  const units = enginePoints(result);
  let openClaimed = 0;
  let openLeft = 0;
  for (const s of open) {
    const unit = units.get(`${s.task}${s.sub ?? ''}`) ?? units.get(s.task);
    if (unit && unit.achieved !== null) openClaimed++;
    else openLeft++;
  }

  const found: Found[] = [];
  for (const task of result.tasks)
    for (const sub of task.subtasks)
      for (const error of sub.errors) {
        if (/^info/i.test(error.severity)) continue;
        const span = errorSpan(test.answer, error);
        if (span) found.push({ error, span, kind: kindOf(error.category) });
      }
  const goldSpans = test.gold.errors.map((e) => ({ e, span: spotRange(test.answer, e)! }));
  const nonErrorSpans = test.gold.nonErrors.map((e) => spotRange(test.answer, e)!);
  const foundCorrect = found.filter((f) => goldSpans.some((g) => overlaps(f.span, g.span))).length;
  const goldFound = goldSpans.filter((g) => found.some((f) => overlaps(f.span, g.span))).length;
  const kindAgrees = goldSpans.filter((g) =>
    found.some((f) => overlaps(f.span, g.span) && f.kind === g.e.kind),
  ).length;
  const nonErrorsFlagged = nonErrorSpans.filter((n) => found.some((f) => overlaps(f.span, n))).length;

  return {
    test,
    result,
    goldPoints,
    goldMax,
    pointsError,
    gradeExpected: open.length > 0 ? null : goldGrade(test),
    engineGrade: gradeBase(result.grade),
    found,
    foundCorrect,
    goldFound,
    kindAgrees,
    nonErrorsFlagged,
    openClaimed,
    openLeft,
    openMax: sum(open.map((s) => s.max)),
  };
}

function printTest(o: Outcome) {
  const t = o.test;
  const r = o.result;
  const gradeText =
    o.gradeExpected === null
      ? `grade – (open parts) engine ${r.grade ?? '–'}`
      : `grade ${o.gradeExpected} engine ${r.grade ?? '–'}`;
  console.log(
    `\n${t.id} (${t.subject} ${t.class}${t.key === null ? ', no key' : ''}): gold ${o.goldPoints}/${o.goldMax}` +
      (o.openMax > 0 ? ` (${o.openMax} open)` : '') +
      ` engine ${r.achieved_points === null && r.scored_points != null ? `${shown(r.scored_points)} (${shown(r.open_points ?? 0)} offen)` : shown(r.achieved_points)}/${shown(r.total_points)}  err ${fmt(o.pointsError)} %  ${gradeText}` +
      `  errors ${o.foundCorrect}/${o.found.length} correct, ${o.goldFound}/${t.gold.errors.length} found` +
      `${o.nonErrorsFlagged > 0 ? `, ${o.nonErrorsFlagged} non-error(s) flagged` : ''}  ${r.status}`,
  );
  const units = enginePoints(r);
  for (const [task, subs] of groupByTask(t.gold.subtasks)) {
    const parts = subs.map((s) => {
      const unit = s.sub ? units.get(`${task}${s.sub}`) : undefined;
      const engine = unit ? ` engine ${shown(unit.achieved)}/${shown(unit.max)}` : '';
      return `${s.sub ? `${s.sub}) ` : ''}${s.open ? 'open ' : ''}${s.points}/${s.max}${engine}`;
    });
    const whole = units.get(task);
    const engine = whole ? `${shown(whole.achieved)}/${shown(whole.max)}` : 'not found';
    console.log(`  ${task}: gold ${parts.join(', ')} | engine task ${engine}`);
  }
  for (const flag of r.review_flags) console.log(`  review: ${flag.code}: ${flag.message}`);
  if (t.gold.review !== undefined && r.status !== 'needs_review')
    console.log(`  review expected (${t.gold.review}), not given`);
  if (t.gold.student !== undefined && r.metadata.student_name !== t.gold.student)
    console.log(`  student „${t.gold.student}“ read as „${r.metadata.student_name}“`);
  if (!verbose) return;
  for (const g of t.gold.errors) {
    const span = spotRange(t.answer, g)!;
    const hit = o.found.find((f) => overlaps(f.span, span));
    console.log(
      `  gold ${g.kind} „${g.quote}“: ${hit ? `found as ${hit.kind} „${hit.error.title}“` : 'MISSED'}`,
    );
  }
  for (const f of o.found) {
    const correct = t.gold.errors.some((g) => overlaps(f.span, spotRange(t.answer, g)!));
    if (correct) continue;
    const text = t.answer.slice(f.span[0], f.span[1]);
    console.log(`  false: ${f.kind} „${text}“ ${f.error.title} → ${f.error.suggestion}`);
  }
  for (const task of r.tasks)
    for (const sub of task.subtasks)
      for (const e of sub.errors)
        if (!e.location)
          console.log(`  unlocated (${task.title} ${sub.subtask_label}): ${e.title}: ${e.message}`);
}

function summary(outcomes: Outcome[], label: string) {
  const grades = gradeFigures(
    outcomes
      .filter((o) => o.gradeExpected !== null)
      .map((o) => ({ gold: o.gradeExpected!, engine: o.engineGrade, confirmed: confirmedGrade(o.result) })),
  );
  const found = sum(outcomes.map((o) => o.found.length));
  const foundCorrect = sum(outcomes.map((o) => o.foundCorrect));
  const gold = sum(outcomes.map((o) => o.test.gold.errors.length));
  const goldFound = sum(outcomes.map((o) => o.goldFound));
  return {
    label,
    tests: outcomes.length,
    mae: sum(outcomes.map((o) => o.pointsError)) / outcomes.length,
    exact: grades.exact,
    withinOne: grades.withinOne,
    graded: grades.graded,
    withheld: grades.withheld,
    confidentlyWrong: grades.confidentlyWrong,
    confirmedExact: grades.confirmedExact,
    confirmedWithinOne: grades.confirmedWithinOne,
    precision: pct(foundCorrect, found),
    recall: pct(goldFound, gold),
    found,
    gold,
  };
}

function mark(ok: boolean) {
  return ok ? 'ok' : 'MISSED';
}

const started = performance.now();
const corpus = (await loadCorpus())
  .filter((t) => !only || t.id.includes(only))
  .slice(0, process.argv.includes('--small') ? 2 : undefined);
const outcomes: Outcome[] = [];
for (const test of corpus) {
  const outcome = await run(test);
  outcomes.push(outcome);
  printTest(outcome);
}

const all = summary(outcomes, 'all');
const withKey = outcomes.filter((o) => o.test.key !== null);
const noKey = outcomes.filter((o) => o.test.key === null);
const withheldExpected = noKey.filter((o) => o.gradeExpected === null);
const withheld = withheldExpected.filter((o) => o.result.grade === null).length;
const needsReview = outcomes.filter((o) => o.result.status === 'needs_review').length;
const nonErrors = sum(outcomes.map((o) => o.test.gold.nonErrors.length));
const nonErrorsFlagged = sum(outcomes.map((o) => o.nonErrorsFlagged));
const kindAgrees = sum(outcomes.map((o) => o.kindAgrees));

console.log(`\n== ${corpus.length} tests, ${new Set(corpus.map((t) => t.subject)).size} subjects ==`);
console.log(
  `points MAE          ${fmt(all.mae).padStart(6)} % of the maximum   target ≤ ${targets.mae} %  ${mark(all.mae <= targets.mae)}`,
);
console.log(
  `grade exact         ${fmt(all.exact).padStart(6)} % (${all.graded} tests)     target ≥ ${targets.exact} % ${mark(all.exact >= targets.exact)}`,
);
console.log(
  `grade within one    ${fmt(all.withinOne).padStart(6)} %                 target ≥ ${targets.withinOne} % ${mark(all.withinOne >= targets.withinOne)}`,
);
console.log(
  `no grade proposed   ${all.withheld} of ${all.graded}; proposed but more than one step off: ${all.confidentlyWrong} of ${all.graded - all.withheld}`,
);
console.log(
  `grade of the points, confirmed unchanged: exact ${fmt(all.confirmedExact)} %, within one ${fmt(all.confirmedWithinOne)} % (must not fall)`,
);
console.log(
  `error precision     ${fmt(all.precision).padStart(6)} % (${all.found} marked)    target ≥ ${targets.precision} % ${mark(all.precision >= targets.precision)}`,
);
console.log(
  `error recall        ${fmt(all.recall).padStart(6)} % (${all.gold} gold)      target ≥ ${targets.recall} % ${mark(all.recall >= targets.recall)}`,
);
console.log(`found errors with the gold's kind: ${kindAgrees} of ${sum(outcomes.map((o) => o.goldFound))}`);
console.log(`gold non-errors flagged: ${nonErrorsFlagged} of ${nonErrors}`);
console.log(`needs_review: ${needsReview} of ${outcomes.length} tests`);
const reviewExpected = outcomes.filter((o) => o.test.gold.review !== undefined);
if (reviewExpected.length > 0) {
  const got = reviewExpected.filter((o) => o.result.status === 'needs_review').length;
  console.log(`  of them where the teacher expects a review: ${got} of ${reviewExpected.length}`);
}
const named = outcomes.filter((o) => o.test.gold.student !== undefined);
if (named.length > 0) {
  const right = named.filter((o) => o.result.metadata.student_name === o.test.gold.student).length;
  console.log(`student name read from the sheet: ${right} of ${named.length}`);
}
if (noKey.length > 0) {
  const claimed = sum(noKey.map((o) => o.openClaimed));
  const left = sum(noKey.map((o) => o.openLeft));
  console.log(
    `without key (${noKey.length} tests): open subtasks left open ${left} of ${claimed + left}; grade withheld ${withheld} of ${withheldExpected.length}`,
  );
}

console.log('\nby part                     tests   MAE %  exact %  within1 %  precision %  recall %');
const row = (s: ReturnType<typeof summary>) =>
  console.log(
    `  ${s.label.padEnd(26)} ${String(s.tests).padStart(5)} ${fmt(s.mae).padStart(7)} ${fmt(s.exact).padStart(8)} ${fmt(s.withinOne).padStart(10)} ${fmt(s.precision).padStart(12)} ${fmt(s.recall).padStart(9)}`,
  );
row(summary(withKey, 'with key'));
if (noKey.length > 0) row(summary(noKey, 'without key'));
const featuresSeen = [...new Set(corpus.flatMap((t) => t.features))].sort();
for (const f of featuresSeen) {
  const part = outcomes.filter((o) => o.test.features.includes(f as Feature));
  row(summary(part, f));
}
const kinds: ErrorKind[] = ['content', 'maths', 'chemistry', 'language'];
console.log('\nrecall by gold error kind');
for (const kind of kinds) {
  let gold = 0;
  let hit = 0;
  for (const o of outcomes)
    for (const g of o.test.gold.errors.filter((e) => e.kind === kind)) {
      gold++;
      const span = spotRange(o.test.answer, g)!;
      if (o.found.some((f) => overlaps(f.span, span))) hit++;
    }
  console.log(`  ${kind.padEnd(10)} ${hit} of ${gold}`);
}
console.log("precision by the engine's category");
const categories = [...new Set(outcomes.flatMap((o) => o.found.map((f) => f.error.category ?? '?')))].sort();
for (const c of categories) {
  const marks = outcomes.flatMap((o) =>
    o.found
      .filter((f) => (f.error.category ?? '?') === c)
      .map((f) => o.test.gold.errors.some((g) => overlaps(f.span, spotRange(o.test.answer, g)!))),
  );
  console.log(`  ${c.padEnd(10)} ${marks.filter(Boolean).length} of ${marks.length} correct`);
}
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
