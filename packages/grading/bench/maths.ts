/**
 * Generated calculations (issue 32 §4): calculation steps and short solutions in school notation (€, %,
 * units, "·" and ":", decimal comma, fractions, mixed numbers "2 1/3" and "2 ganze 1/3", Dreisatz with "≙",
 * unit conversions, percent, linear equations in steps, pq-formula, completing the square, chains
 * "a = b = c"), about half of them with one planted error (bench/maths-items.ts). A fixed seed makes the same
 * items every run; `--seed` draws others, so no rule can learn the items.
 *
 * The items are put on papers of `--per-paper` numbered tasks ("Aufgabe 3 (2 P)") and graded through the
 * public `grade()` as a Mathematik paper, in two modes: without a key (the engine must check the arithmetic
 * itself) and with a minimal typed key that gives each task's points and final result.
 *
 * How the result is read back:
 * - A claim is a part of a line that states a value: the right side of an "=" with what stands before it
 *   (a chain "a = b = c" has two), a "≙" line after the first, an equation line after the given one. Lines
 *   that state nothing to check (the given equation, "geg.:", an answer sentence) are given lines.
 * - A mark is an error of the result with a location that is not a hint (severity info/informational) and
 *   not a language finding (spelling, grammar, punctuation, style: counted apart). It belongs to the claim
 *   its location overlaps (the one it starts in first).
 * - Caught: a planted wrong claim with a mark. False alarm: a right claim or a given line with a mark.
 *   Folgefehler credited: a follow-on claim (right from the wrong value) without a mark; the engine's
 *   informational "Folgefehler" note on it is counted apart and is fine.
 * - Not checked: the engine reports no claim as unchecked, but it says how many steps it checked ("2 von 3
 *   Schritten richtig": without a key per task, with a key per paper in the overall feedback); the claims
 *   written minus the steps it counted are not checked. Counted as checked-right beyond the truth: the
 *   steps it calls right minus the claims that are right (right and follow-on), where positive: a wrong
 *   step it must have counted as right.
 *
 * Run: npm run bench:maths [-- --seed 1] [-- --n 2600] [-- --per-paper 10] [-- --mode nokey|key|both] [-- --small]
 * (`--small`: 20 items, the size `npm test` runs to see that the benchmark still runs)
 */
import type { AnalysisResult } from '@korrigo/domain';
import { grade } from '../src/index';
import {
  allErrors,
  argValue,
  errorSpan,
  fmtPct,
  isEntryPoint,
  isHint,
  numberArg,
  overlaps,
  pct,
  Rng,
  type Span,
} from './generate';
import {
  errorTypeNames,
  errorTypes,
  generateItem,
  type ErrorType,
  type Family,
  type Item,
  type State,
} from './maths-items';

export type MathsMode = 'nokey' | 'key';
export type MathsBenchOptions = {
  seed?: number;
  /** items (tasks) to generate */
  n?: number;
  perPaper?: number;
  modes?: MathsMode[];
  /** how many example misses and false alarms to print */
  examples?: number;
  print?: (line: string) => void;
};

const targets = { precision: 99, recall: 95 };
const languageCategories = new Set(['spelling', 'grammar', 'punctuation', 'style']);
const names = [
  'Lea',
  'Finn',
  'Mia',
  'Jonas',
  'Emily',
  'Paul',
  'Hannah',
  'Elias',
  'Lina',
  'Ben',
  'Aylin',
  'Noah',
];

type ClaimOutcome = {
  state: State;
  span: Span;
  line: number;
  marks: { title: string; suggestion: string; category: string; quoted: string }[];
  /** the engine's informational Folgefehler note on it */
  noted: boolean;
};

type ItemOutcome = {
  item: Item;
  tags: string[];
  claims: ClaimOutcome[];
  givenMarked: number;
  languageMarks: number;
  /** without a key: the task's "r von y Schritten richtig", null when the task has no such count */
  counted: { right: number; all: number } | null;
  /** the task's feedback says the calculations were checked although it counted no step */
  claimsCheckedWithoutSteps: boolean;
  text: string;
};

type PaperOutcome = {
  items: ItemOutcome[];
  /** the overall feedback's "Rechnungen: r von y" plus "Umformungen: r von y" */
  counted: { right: number; all: number };
};

/** Notations read from the item's text, so that a figure can be given per notation. */
function tagsOf(item: Item): string[] {
  const text = item.lines.map((l) => l.text).join('\n');
  const tags: [string, boolean][] = [
    ['€', /€/.test(text)],
    ['%', /%/.test(text)],
    ['Einheit (m, cm, km, kg, g, l, ml, min, h)', /\d (?:km|m|cm|kg|g|l|ml|min|h)(?![\p{L}/])/u.test(text)],
    ['km/h', /km\/h/.test(text)],
    ['Malpunkt ·', /·/.test(text)],
    ['Geteilt :', /\d[ )]?: ?[\d(]/.test(text)],
    ['Dezimalkomma', /\d,\d/.test(text)],
    ['Tausenderpunkt 12.000', /\d\.\d{3}/.test(text)],
    ['Bruch a/b', /(?<![x\d])\d+\/\d/.test(text)],
    ['gemischte Zahl „2 1/3“', /\d \d+\/\d/.test(text)],
    ['gemischte Zahl „2 ganze 1/3“', /ganze/.test(text)],
    ['Dreisatz ≙', /≙/.test(text)],
    ['Dreisatz mit „=“', item.family === 'Dreisatz' && !/≙/.test(text)],
    ['Randnotiz „| : 100“', /\|/.test(text)],
    ['Kette a = b = c', item.lines.some((l) => (l.text.match(/=/g) ?? []).length >= 2)],
    ['Minuszeichen −', /−/.test(text)],
    ['negative Zahl', /(?:^|[\s(=])[-−]\d/m.test(text)],
    ['Beschriftung „Kosten: …“', /^(?!geg|ges|A:)\p{Lu}[\p{L} ]*: /mu.test(text)],
    ['Antwortsatz „A: …“', /^A: /m.test(text)],
    ['geg./ges.', /geg\./.test(text)],
    ['Index x1/2, x1,2, x₁,₂', /x(?:1\/2|1,2|₁,₂)/.test(text)],
    ['L = {…}', /L = \{/.test(text)],
  ];
  return tags.filter(([, on]) => on).map(([tag]) => tag);
}

function claimCount(item: Item) {
  return item.lines.reduce((sum, l) => sum + l.claims.length, 0);
}

type Placed = { item: Item; start: number; lineStarts: number[] };

function buildPaper(items: Item[], rng: Rng) {
  let text = `Name: ${rng.pick(names)}\nKlasse 8b – Mathematik, Übung\n`;
  let key = 'Mathematik – Lösungen\n';
  const placed: Placed[] = [];
  items.forEach((item, i) => {
    const points = Math.max(1, claimCount(item));
    text += `\nAufgabe ${i + 1} (${points} P)\n`;
    key += `\nAufgabe ${i + 1} (${points} P)\n${item.key}\n`;
    const start = text.length;
    const lineStarts: number[] = [];
    for (const line of item.lines) {
      lineStarts.push(text.length);
      text += `${line.text}\n`;
    }
    placed.push({ item, start, lineStarts });
  });
  return { text, key, placed };
}

const countPattern = /(\d+) von (\d+) Schritt/;

function readPaper(result: AnalysisResult, text: string, placed: Placed[]): PaperOutcome {
  const outcomes: ItemOutcome[] = placed.map(({ item, lineStarts }) => ({
    item,
    tags: tagsOf(item),
    claims: item.lines.flatMap((line, l) =>
      line.claims.map((c) => ({
        state: c.state,
        span: [lineStarts[l]! + c.from, lineStarts[l]! + c.to] as Span,
        line: l,
        marks: [],
        noted: false,
      })),
    ),
    givenMarked: 0,
    languageMarks: 0,
    counted: null,
    claimsCheckedWithoutSteps: false,
    text: item.lines.map((l) => l.text).join(' ⏎ '),
  }));
  const lineSpans = placed.map(({ item, lineStarts }) =>
    item.lines.map((line, l) => [lineStarts[l]!, lineStarts[l]! + line.text.length] as Span),
  );
  const givenHit = outcomes.map(() => new Set<number>());
  for (const { error } of allErrors(result)) {
    const span = errorSpan(text, error);
    if (!span) continue;
    const i = lineSpans.findIndex((lines) => lines.some((l) => overlaps(l, span)));
    if (i < 0) continue;
    const o = outcomes[i]!;
    if (languageCategories.has(error.category ?? '')) {
      o.languageMarks++;
      continue;
    }
    const hits = o.claims.filter((c) => overlaps(c.span, span));
    const claim = hits.find((c) => span[0] >= c.span[0] && span[0] < c.span[1]) ?? hits[0];
    if (isHint(error)) {
      if (claim && /folgefehler/i.test(error.title)) claim.noted = true;
      continue;
    }
    const mark = {
      title: error.title,
      suggestion: error.suggestion,
      category: error.category ?? '?',
      quoted: text.slice(span[0], span[1]),
    };
    if (claim) claim.marks.push(mark);
    else givenHit[i]!.add(lineSpans[i]!.findIndex((l) => overlaps(l, span)));
  }
  outcomes.forEach((o, i) => (o.givenMarked = givenHit[i]!.size));
  // the engine's own count of checked steps, per task (without a key)
  result.tasks.forEach((task) => {
    const number = Number(/Aufgabe (\d+)/.exec(task.title)?.[1]);
    const o = outcomes[number - 1];
    if (!o) return;
    for (const sub of task.subtasks) {
      const m = countPattern.exec(sub.feedback);
      if (m) {
        o.counted ??= { right: 0, all: 0 };
        o.counted.right += Number(m[1]);
        o.counted.all += Number(m[2]);
      } else if (/Rechnungen sind geprüft/.test(sub.feedback)) o.claimsCheckedWithoutSteps = true;
    }
  });
  const counted = { right: 0, all: 0 };
  for (const m of result.overall_feedback.matchAll(/(?:Rechnungen|Umformungen): (\d+) von (\d+)/g)) {
    counted.right += Number(m[1]);
    counted.all += Number(m[2]);
  }
  return { items: outcomes, counted };
}

/** The figures of a set of items. */
function figures(items: ItemOutcome[]) {
  const claims = items.flatMap((o) => o.claims);
  const wrong = claims.filter((c) => c.state === 'wrong');
  const followOn = claims.filter((c) => c.state === 'follow-on');
  const right = claims.filter((c) => c.state === 'right');
  const marked = (c: ClaimOutcome) => c.marks.length > 0;
  const caught = wrong.filter(marked).length;
  const givenMarked = items.reduce((s, o) => s + o.givenMarked, 0);
  const falseMarks = right.filter(marked).length + followOn.filter(marked).length + givenMarked;
  const notChecked = items.reduce((s, o) => s + Math.max(0, o.claims.length - (o.counted?.all ?? 0)), 0);
  return {
    items: items.length,
    withError: items.filter((o) => o.item.error !== null).length,
    claims: claims.length,
    wrong: wrong.length,
    followOn: followOn.length,
    right: right.length,
    caught,
    recall: pct(caught, wrong.length),
    precision: pct(caught, caught + falseMarks),
    falseMarks,
    rightMarked: right.filter(marked).length,
    givenMarked,
    followOnMarked: followOn.filter(marked).length,
    followOnNoted: followOn.filter((c) => c.noted).length,
    notChecked,
    languageMarks: items.reduce((s, o) => s + o.languageMarks, 0),
  };
}

type Figures = ReturnType<typeof figures>;

export type MathsModeFigures = Figures & {
  mode: MathsMode;
  seconds: number;
  /** claims minus the steps the engine counted, per task (no key) or per paper (key) */
  notCheckedShare: number;
  /** steps the engine called right beyond the claims that are right */
  rightBeyondTruth: number;
  engineRight: number;
  /** planted errors missed although the engine's count says every step was checked */
  missedButCounted: number;
  missedNotCounted: number;
  /** tasks that counted no step and still say "Sprache und Rechnungen sind geprüft" */
  checkedWithoutSteps: number;
  tasksWithoutSteps: number;
};

const pad = (s: string | number, n: number) => String(s).padStart(n);
const pctCell = (num: number, den: number, width = 8) =>
  pad(den > 0 ? ((100 * num) / den).toFixed(1) : '–', width);

function table(
  print: (line: string) => void,
  title: string,
  groups: [string, ItemOutcome[]][],
  perTask: boolean,
) {
  print(`\n${title}`);
  print(
    `  ${''.padEnd(38)} ${pad('items', 6)} ${pad('claims', 7)} ${pad('wrong', 6)} ${pad('recall%', 8)} ${pad('prec%', 8)} ${pad('FA', 5)} ${pad('FA%right', 9)} ${pad('Folge', 6)} ${pad('credit%', 8)} ${pad('unchk%', 8)}`,
  );
  for (const [name, items] of groups) {
    if (items.length === 0) continue;
    const f = figures(items);
    print(
      `  ${name.padEnd(38)} ${pad(f.items, 6)} ${pad(f.claims, 7)} ${pad(f.wrong, 6)} ${pctCell(f.caught, f.wrong)} ${pctCell(f.caught, f.caught + f.falseMarks)} ${pad(f.falseMarks, 5)} ${pctCell(f.rightMarked + f.givenMarked, f.right, 9)} ${pad(f.followOn, 6)} ${pctCell(f.followOn - f.followOnMarked, f.followOn)} ${perTask ? pctCell(f.notChecked, f.claims) : pad('–', 8)}`,
    );
  }
}

/** examples spread over the families: one of each in turn */
function spread<T extends { family: Family }>(xs: T[], n: number): T[] {
  const byFamily = new Map<Family, T[]>();
  for (const x of xs) byFamily.set(x.family, [...(byFamily.get(x.family) ?? []), x]);
  const out: T[] = [];
  for (let round = 0; out.length < n && out.length < xs.length; round++)
    for (const list of byFamily.values()) if (list[round] && out.length < n) out.push(list[round]!);
  return out;
}

function examples(print: (line: string) => void, items: ItemOutcome[], n: number, perTask: boolean) {
  const misses = items.flatMap((o) =>
    o.claims
      .filter((c) => c.state === 'wrong' && c.marks.length === 0)
      .map((c) => ({ family: o.item.family, o, c })),
  );
  print(`\n${Math.min(n, misses.length)} example misses (planted error not marked):`);
  for (const { o, c } of spread(misses, n)) {
    // with a key the engine counts steps per paper only
    const count = !perTask
      ? ''
      : o.counted
        ? `   (engine: ${o.counted.right} von ${o.counted.all} richtig)`
        : '   (engine: no step counted)';
    print(
      `  [${o.item.family}, ${errorTypeNames[o.item.error ?? 'result']}] line ${c.line + 1} of: ${o.text}${count}`,
    );
  }
  // one per item, so that the examples differ
  const alarms = items.flatMap((o) => {
    const c = o.claims.find((x) => x.state !== 'wrong' && x.marks.length > 0);
    if (c)
      return [{ family: o.item.family, o, what: `${c.state} claim, line ${c.line + 1}`, marks: c.marks }];
    return o.givenMarked > 0 ? [{ family: o.item.family, o, what: 'given line', marks: [] }] : [];
  });
  print(`\n${Math.min(n, alarms.length)} example false alarms (a right or follow-on claim marked):`);
  for (const { o, what, marks } of spread(alarms, n)) {
    const m = marks[0];
    print(
      `  [${o.item.family}${o.item.error ? `, planted ${errorTypeNames[o.item.error]} elsewhere` : ''}] ${what} of: ${o.text}` +
        (m ? `\n      marked „${m.quoted}“: ${m.title} → ${m.suggestion}` : ''),
    );
  }
}

async function runMode(
  mode: MathsMode,
  papers: ReturnType<typeof buildPaper>[],
  print: (line: string) => void,
  exampleCount: number,
): Promise<MathsModeFigures> {
  const started = performance.now();
  const outcomes: PaperOutcome[] = [];
  for (const paper of papers) {
    const result = await grade(
      {
        text: paper.text,
        ...(mode === 'key' ? { answerKey: { kind: 'text' as const, text: paper.key } } : {}),
      },
      { subject: 'Mathematik', gradeLevel: '8', date: '2025-03-12' },
    );
    outcomes.push(readPaper(result, paper.text, paper.placed));
  }
  const seconds = (performance.now() - started) / 1000;
  const items = outcomes.flatMap((p) => p.items);
  const f = figures(items);
  const perTask = mode === 'nokey';
  // not checked: per task where the engine counts per task, else per paper
  const notChecked = perTask
    ? f.notChecked
    : outcomes.reduce(
        (s, p) => s + Math.max(0, p.items.reduce((c, o) => c + o.claims.length, 0) - p.counted.all),
        0,
      );
  const truthRight = (os: ItemOutcome[]) =>
    os.reduce((s, o) => s + o.claims.filter((c) => c.state !== 'wrong').length, 0);
  const rightBeyondTruth = perTask
    ? items.reduce((s, o) => s + Math.max(0, (o.counted?.right ?? 0) - truthRight([o])), 0)
    : outcomes.reduce((s, p) => s + Math.max(0, p.counted.right - truthRight(p.items)), 0);
  const engineRight = perTask
    ? items.reduce((s, o) => s + (o.counted?.right ?? 0), 0)
    : outcomes.reduce((s, p) => s + p.counted.right, 0);
  let missedButCounted = 0;
  let missedNotCounted = 0;
  for (const o of items)
    for (const c of o.claims)
      if (c.state === 'wrong' && c.marks.length === 0) {
        if (perTask && (o.counted?.all ?? 0) >= o.claims.length) missedButCounted++;
        else missedNotCounted++;
      }
  const withoutSteps = items.filter((o) => o.claims.length > 0 && (o.counted?.all ?? 0) === 0);
  const m: MathsModeFigures = {
    ...f,
    mode,
    seconds,
    notChecked,
    notCheckedShare: pct(notChecked, f.claims),
    rightBeyondTruth,
    engineRight,
    missedButCounted,
    missedNotCounted,
    checkedWithoutSteps: withoutSteps.filter((o) => o.claimsCheckedWithoutSteps).length,
    tasksWithoutSteps: withoutSteps.length,
  };

  const title =
    mode === 'nokey'
      ? 'WITHOUT a key (the engine checks the arithmetic on its own)'
      : 'WITH a minimal key (each task: points and final result)';
  print(`\n=== ${title}: ${papers.length} papers, ${seconds.toFixed(1)} s in grade() ===`);
  print(
    `items ${f.items} (${f.withError} with a planted error); claims ${f.claims}: ${f.wrong} wrong, ${f.followOn} follow-on, ${f.right} right`,
  );
  const ok = (v: number, t: number) => (v >= t ? 'ok' : 'MISSED');
  print(
    `precision of "falsch"   ${fmtPct(f.caught, f.caught + f.falseMarks).padStart(8)}  (${f.caught} of ${f.caught + f.falseMarks} marked claims/lines)   target ≥ ${targets.precision} % ${ok(f.precision, targets.precision)}`,
  );
  print(
    `recall                  ${fmtPct(f.caught, f.wrong).padStart(8)}  (${f.caught} of ${f.wrong} planted errors)        target ≥ ${targets.recall} % ${ok(f.recall, targets.recall)}`,
  );
  print(
    `Folgefehler credited    ${fmtPct(f.followOn - f.followOnMarked, f.followOn).padStart(8)}  (${f.followOn - f.followOnMarked} of ${f.followOn} follow-on claims not marked; ${f.followOnNoted} noted as Folgefehler)`,
  );
  print(
    `false alarms            ${pad(f.rightMarked, 8)}  right claims marked (${fmtPct(f.rightMarked, f.right)} of ${f.right}), ${f.givenMarked} given lines marked, ${f.followOnMarked} follow-on claims marked`,
  );
  print(
    `not checked             ${fmtPct(notChecked, f.claims).padStart(8)}  (${notChecked} of ${f.claims} claims beyond the steps the engine counted, ${perTask ? 'per task' : 'per paper'})`,
  );
  print(
    `counted right, but not  ${pad(rightBeyondTruth, 8)}  of ${engineRight} steps the engine calls right (a wrong step counted as checked and right)`,
  );
  if (perTask) {
    print(
      `planted errors missed   ${pad(missedButCounted + missedNotCounted, 8)}  ${missedButCounted} where the task's count says every step was checked, ${missedNotCounted} where it counted fewer steps than written`,
    );
    print(
      `tasks with no step counted: ${withoutSteps.length}; of them ${m.checkedWithoutSteps} say "Sprache und Rechnungen sind geprüft"`,
    );
  }
  print(`language marks on the maths lines: ${f.languageMarks}`);

  const families = [...new Set(items.map((o) => o.item.family))];
  table(
    print,
    'by family',
    families.map((fam) => [fam, items.filter((o) => o.item.family === fam)]),
    perTask,
  );
  table(
    print,
    'by planted error type (items with that error; precision/FA over those items)',
    errorTypes.map((t: ErrorType) => [errorTypeNames[t], items.filter((o) => o.item.error === t)]),
    perTask,
  );
  table(
    print,
    'items without a planted error',
    [['correct items', items.filter((o) => o.item.error === null)]],
    perTask,
  );
  const tags = [...new Set(items.flatMap((o) => o.tags))].sort();
  table(
    print,
    'by notation (an item counts for each notation it uses)',
    tags.map((t) => [t, items.filter((o) => o.tags.includes(t))]),
    perTask,
  );
  if (exampleCount > 0) examples(print, items, exampleCount, perTask);
  return m;
}

export type MathsBenchResult = {
  seed: number;
  items: number;
  claims: number;
  modes: MathsModeFigures[];
};

/** Generates the items, grades them in each mode and prints the figures. */
export async function runMathsBench(options: MathsBenchOptions = {}): Promise<MathsBenchResult> {
  const seed = options.seed ?? 32;
  const n = options.n ?? 2600;
  const perPaper = options.perPaper ?? 10;
  const modes = options.modes ?? ['nokey', 'key'];
  const print = options.print ?? ((line: string) => console.log(line));
  const rng = new Rng(seed);
  const items = Array.from({ length: n }, () => generateItem(rng));
  const papers: ReturnType<typeof buildPaper>[] = [];
  for (let i = 0; i < items.length; i += perPaper) papers.push(buildPaper(items.slice(i, i + perPaper), rng));
  const claims = items.reduce((s, item) => s + claimCount(item), 0);
  print(
    `bench:maths: seed ${seed}, ${items.length} items (${items.filter((i) => i.error).length} with a planted error), ${claims} claims, ${papers.length} papers of up to ${perPaper} tasks`,
  );
  const results: MathsModeFigures[] = [];
  for (const mode of modes) results.push(await runMode(mode, papers, print, options.examples ?? 10));
  print('\nsummary');
  for (const r of results)
    print(
      `  ${r.mode.padEnd(6)} precision ${fmtPct(r.caught, r.caught + r.falseMarks)} (≥ ${targets.precision} %), recall ${fmtPct(r.caught, r.wrong)} (≥ ${targets.recall} %), Folgefehler credited ${fmtPct(r.followOn - r.followOnMarked, r.followOn)}, not checked ${fmtPct(r.notChecked, r.claims)}, counted right but wrong ${r.rightBeyondTruth}`,
    );
  return { seed, items: items.length, claims, modes: results };
}

if (isEntryPoint(import.meta.url)) {
  const argv = process.argv.slice(2);
  const mode = argValue(argv, 'mode') ?? 'both';
  const small = argv.includes('--small');
  await runMathsBench({
    seed: numberArg(argv, 'seed', 32),
    n: numberArg(argv, 'n', small ? 20 : 2600),
    perPaper: numberArg(argv, 'per-paper', 10),
    examples: numberArg(argv, 'examples', small ? 2 : 10),
    modes: mode === 'both' ? ['nokey', 'key'] : [mode as MathsMode],
  });
}
