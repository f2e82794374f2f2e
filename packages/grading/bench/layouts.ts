/**
 * Layout robustness (issue 32 §8): the same test in another form must get the same points. Every test of
 * bench:tests (bench/tests/) and every teacher case (KORRIGO_TEACHER_CASES, by default
 * ../shared/teacher-cases) is rewritten by the functions of bench/layout-variants.ts into variants of form
 * alone: task label styles, subtask label styles, labels removed, two tasks swapped, a name and date line,
 * hyphenated line breaks, a crossed-out part, the key's point notation and its task headings in the pupils'
 * label styles. Original and variants go through
 * the public `grade()` as bench:tests grades them.
 *
 * Figures: the share of variant × test pairs whose achieved points (see `achievedOf`) are within 0.5 P of
 * the original's (target ≥ 95 %), the share per variant kind and style, and the 10 pairs that moved most;
 * and whether the engine's maximum stayed the original's where the key was rewritten (its point notation,
 * task totals, a total line, its headings): a key read wrong shows there even when the points happen to agree.
 * A variant that does not apply to a test (no labels to restyle, no key, already in that style) is named
 * with its reason and not counted.
 *
 * Run: npm run bench:layouts [-- --only <id-part>] [-- --limit N] [-- --verbose] [-- --small]
 * (`--small` is `--limit 1`: the size `npm test` runs, to see that the benchmark still runs)
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ENGINE_VERSION } from '../src/index';
import { loadCorpus, type LoadedTest } from './corpus';
import { achievedOf, fmt, gradeTyped, isEntryPoint, pct, shown, type TypedTest } from './figures';
import { variantsOf, type GoldShape, type VariantKind } from './layout-variants';
import { loadTeacherCases, teacherCasesRoot, type TeacherCase } from './teacher-cases';

const target = 95;
const tolerance = 0.5;

export type LayoutsOptions = {
  /** only tests whose id contains this */
  only?: string;
  /** the first N tests (after `only`) */
  limit?: number;
  /** where the teacher cases are; null: the corpus alone */
  casesDir?: string | null;
  verbose?: boolean;
  log?: (line: string) => void;
};

type Item = { id: string; test: TypedTest; shape: GoldShape };

function corpusItem(t: LoadedTest): Item {
  const tasks = [...new Set(t.gold.subtasks.map((s) => s.task))];
  const subs = new Map<string, string[]>();
  for (const s of t.gold.subtasks) if (s.sub) subs.set(s.task, [...(subs.get(s.task) ?? []), s.sub]);
  const fullTasks = tasks.filter((task) =>
    t.gold.subtasks.filter((s) => s.task === task).every((s) => s.points === s.max),
  );
  const max = t.gold.subtasks.reduce((sum, s) => sum + s.max, 0);
  return { id: t.id, test: { ...t, gradeLevel: t.class }, shape: { tasks, subs, fullTasks, max } };
}

function caseItem(c: TeacherCase): Item {
  const subs = new Map<string, string[]>();
  for (const t of c.gold.tasks)
    subs.set(
      t.task,
      (t.subtasks ?? []).map((s) => (s.id.startsWith(t.task) ? s.id.slice(t.task.length) : s.id)),
    );
  return {
    id: c.id,
    test: { answer: c.answer, key: c.key, subject: c.gold.subject, gradeLevel: c.gold.grade_level },
    shape: {
      tasks: c.gold.tasks.map((t) => t.task),
      subs,
      fullTasks: c.gold.tasks.filter((t) => t.max > 0 && t.points === t.max).map((t) => t.task),
      max: c.gold.max_points,
    },
  };
}

/** `originalMax`/`variantMax`: the engine's maximum (`total_points`), which a key's notation must not change */
type Pair = {
  id: string;
  kind: VariantKind;
  style?: string;
  original: number;
  variant: number;
  originalMax: number | null;
  variantMax: number | null;
};
const sameMax = (p: Pair) =>
  p.originalMax === p.variantMax ||
  (p.originalMax !== null && p.variantMax !== null && Math.abs(p.originalMax - p.variantMax) < 0.005);
const within = (p: Pair) => Math.abs(p.variant - p.original) <= tolerance;
const variantName = (v: { kind: string; style?: string }) => (v.style ? `${v.kind} „${v.style}“` : v.kind);

/** Grades every test and its variants, prints the figures and returns them. */
export async function runLayouts(options: LayoutsOptions = {}) {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const date = new Date().toISOString().slice(0, 10);
  log(`bench:layouts  engine ${ENGINE_VERSION}  ${date}`);

  let items = (await loadCorpus()).map(corpusItem);
  const casesDir = options.casesDir === undefined ? teacherCasesRoot() : options.casesDir;
  if (casesDir !== null) {
    if (existsSync(casesDir)) {
      const { cases, unreadable } = loadTeacherCases(casesDir);
      items.push(...cases.map(caseItem));
      for (const u of unreadable) log(`teacher case ${u.id} not read: ${u.reason}`);
    } else log(`no teacher cases at ${casesDir}: the corpus alone`);
  }
  if (options.only) items = items.filter((i) => i.id.includes(options.only!));
  if (options.limit !== undefined) items = items.slice(0, options.limit);

  const pairs: Pair[] = [];
  const skipped = new Map<string, number>();
  for (const item of items) {
    const originalResult = await gradeTyped(item.test);
    const original = achievedOf(originalResult);
    const off: string[] = [];
    const skips: string[] = [];
    let graded = 0;
    for (const v of variantsOf(item.test, item.shape)) {
      if ('skip' in v) {
        skips.push(`${variantName(v)} (${v.skip})`);
        skipped.set(v.kind, (skipped.get(v.kind) ?? 0) + 1);
        continue;
      }
      const result = await gradeTyped({ ...item.test, answer: v.answer, key: v.key });
      const pair: Pair = {
        id: item.id,
        kind: v.kind,
        ...(v.style !== undefined ? { style: v.style } : {}),
        original,
        variant: achievedOf(result),
        originalMax: originalResult.total_points,
        variantMax: result.total_points,
      };
      pairs.push(pair);
      graded++;
      if (!within(pair)) off.push(`${variantName(v)} ${shown(pair.variant)}`);
      if (options.verbose && !within(pair))
        log(`\n--- ${item.id}, ${variantName(v)}:\n${v.key !== item.test.key ? v.key : v.answer}\n---`);
    }
    log(
      `${item.id}: original ${shown(original)} P, ${graded - off.length} of ${graded} variants within ${tolerance} P` +
        (off.length > 0 ? `; off: ${off.join(', ')}` : ''),
    );
    if (skips.length > 0) log(`  skipped: ${skips.join('; ')}`);
  }

  const stable = pairs.filter(within).length;
  const share = pct(stable, pairs.length);
  log(`\n== ${items.length} tests, ${pairs.length} variant × test pairs ==`);
  log(
    `within ${tolerance} P of the original: ${stable} of ${pairs.length} (${fmt(share)} %)   target ≥ ${target} %  ${share >= target ? 'ok' : 'MISSED'}`,
  );
  // the key's notation must not change the maximum the engine reads (issue 32 §2: "Keys misread")
  const keyPairs = pairs.filter((p) => p.kind.startsWith('key '));
  const keyMax = keyPairs.filter(sameMax).length;
  log(
    `same maximum as the original, the key rewritten: ${keyMax} of ${keyPairs.length} (${fmt(pct(keyMax, keyPairs.length))} %)`,
  );

  const kinds = [...new Set(pairs.map((p) => p.kind))];
  const byKind: Record<string, { pairs: number; within: number; lower: number; higher: number }> = {};
  log('\nby variant kind                  pairs  within  share %  lower  higher  skipped  same max');
  const row = (label: string, part: Pair[], skips?: number) => {
    const w = part.filter(within).length;
    const lower = part.filter((p) => p.variant < p.original - tolerance).length;
    const higher = part.filter((p) => p.variant > p.original + tolerance).length;
    const max = part.filter(sameMax).length;
    log(
      `  ${label.padEnd(30)} ${String(part.length).padStart(5)} ${String(w).padStart(7)} ${fmt(pct(w, part.length)).padStart(8)} ${String(lower).padStart(6)} ${String(higher).padStart(7)}${(skips !== undefined ? String(skips) : '').padStart(9)}${String(max).padStart(10)}`,
    );
    return { pairs: part.length, within: w, lower, higher };
  };
  for (const kind of kinds) {
    const part = pairs.filter((p) => p.kind === kind);
    byKind[kind] = row(kind, part, skipped.get(kind) ?? 0);
    const styles = [...new Set(part.map((p) => p.style).filter((s) => s !== undefined))];
    for (const style of styles)
      row(
        `  „${style}“`,
        part.filter((p) => p.style === style),
      );
  }
  for (const [kind, n] of skipped)
    if (!kinds.includes(kind as VariantKind)) log(`  ${kind.padEnd(30)}     0 (skipped ${n})`);

  const worst = [...pairs]
    .sort((a, b) => Math.abs(b.variant - b.original) - Math.abs(a.variant - a.original))
    .filter((p) => !within(p))
    .slice(0, 10);
  log('\n10 worst pairs (test, variant, original points → variant points)');
  for (const p of worst)
    log(`  ${p.id.padEnd(40)} ${variantName(p).padEnd(30)} ${shown(p.original)} → ${shown(p.variant)}`);
  if (worst.length === 0) log('  none off by more than 0.5 P');
  log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return {
    engineVersion: ENGINE_VERSION,
    date,
    tests: items.length,
    pairs: pairs.length,
    within: stable,
    keyPairs: keyPairs.length,
    keyMaxSame: keyMax,
    share,
    byKind,
    worst,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      limit: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      small: { type: 'boolean', default: false },
    },
  });
  const limit = values.limit !== undefined ? Number(values.limit) : values.small ? 1 : undefined;
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
    console.error('bench:layouts: --limit takes a whole number above 0');
    process.exitCode = 2;
    return;
  }
  await runLayouts({
    ...(values.only !== undefined ? { only: values.only } : {}),
    ...(limit !== undefined ? { limit } : {}),
    verbose: values.verbose,
  });
}

if (isEntryPoint(import.meta.url)) await main();
