/**
 * Short-answer grading benchmark (issue 3 §11, issue 13 §1). Prints macro-F1 of the 3-way label, quadratic
 * weighted kappa and MAE of the 0..1 score for the builtin engine and a word-overlap baseline.
 *
 * The engine is run end to end, as the product runs it: each answer goes through the public `grade()` with
 * the key as a teacher would type it (the question with its points, then the reference answer with its
 * point marks), so key parsing, segmentation and alignment are measured too. The score is achieved / total
 * points (no total counts as 0).
 *
 * Each dataset's questions are split once (issue 32 §8): about 20 % of them, drawn with a fixed seed, are
 * the sealed part, which nothing is fitted on; the rest is the development part. The figure that counts is
 * the sealed part's, with the label thresholds fitted on the development part. The development part's own
 * figures (thresholds by leave-one-question-out inside it) are printed for reference only: the engine's
 * rules were written while reading those answers.
 *
 * `--fit` runs the open-answer scorer alone on the pre-split items instead and fits its credit model on the
 * development part (leave-one-question-out inside it for the figures); `defaultCreditModel` in
 * src/score/open-answer.ts is that fit on the whole development part. Its figures are not the engine's:
 * they skip everything before the scorer.
 *
 * Run: npm run bench:grading [-- --fit] [-- --only <dataset>] [-- --small]
 * (`--small`: the German dataset, five answers of each question, the size `npm test` runs to see that the
 * benchmark still runs; every question stays, so the sealed/development split is the same)
 * (datasets under KORRIGO_DATASETS, by default ../shared/datasets relative to the repo root; read-only)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { grade } from '../src/index';
import { parseExpectedAnswer, type ExpectedAnswer } from '../src/score/expected-answer';
import { measureAnswer, scoreMeasured, type AnswerMeasure, type CreditModel } from '../src/score/open-answer';
import { stopwords } from '../src/text/stopwords';
import type { Language } from '../src/text/tokenize';
import { datasetsRoot } from './datasets';

const datasetsDir = datasetsRoot();

type Item = {
  questionId: string;
  /** the item's maximum points */
  max: number;
  question: string;
  reference: string;
  answer: string;
  /** 0..1 */
  gold: number;
  label: Label;
};
type Label = 'Correct' | 'Partially correct' | 'Incorrect';
const labels: Label[] = ['Correct', 'Partially correct', 'Incorrect'];

const small = process.argv.includes('--small');

function load(name: string): Item[] {
  const lines = readFileSync(resolve(datasetsDir, name, 'train.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const items = lines.map((line): Item => {
    const r = JSON.parse(line) as Record<string, unknown>;
    const reference = Array.isArray(r.reference_answer)
      ? (r.reference_answer as string[]).join('\n')
      : String(r.reference_answer);
    const max = Number(r.max_score) > 0 ? Number(r.max_score) : 1;
    return {
      questionId: String(r.question_id),
      max,
      question: String(r.question),
      reference,
      answer: String(r.provided_answer),
      gold: Math.min(1, Math.max(0, Number(r.score) / max)),
      label: r.verification_feedback as Label,
    };
  });
  if (!small) return items;
  const seen = new Map<string, number>();
  return items.filter((item) => {
    seen.set(item.questionId, (seen.get(item.questionId) ?? 0) + 1);
    return seen.get(item.questionId)! <= 5;
  });
}

/** Fixed once (issue 32 §8): changing it would unseal questions that rules may since have been fitted on. */
const splitSeed = 20261127;
const sealedShare = 0.2;

/** The sealed questions of a dataset: a seeded shuffle of its sorted question ids, the first 20 %. */
function sealedQuestions(questionIds: string[]): Set<string> {
  const ids = [...new Set(questionIds)].sort();
  let state = splitSeed >>> 0;
  // mulberry32: small, seedable, the same on every machine
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return new Set(ids.slice(0, Math.round(ids.length * sealedShare)));
}

function splitItems(items: Item[]): { dev: number[]; sealed: number[] } {
  const sealed = sealedQuestions(items.map((i) => i.questionId));
  const parts = { dev: [] as number[], sealed: [] as number[] };
  items.forEach((item, i) => (sealed.has(item.questionId) ? parts.sealed : parts.dev).push(i));
  return parts;
}

// ---- metrics ----
function macroF1(gold: Label[], pred: Label[]): number {
  const f1s = labels.map((l) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    gold.forEach((g, i) => {
      if (pred[i] === l && g === l) tp++;
      else if (pred[i] === l) fp++;
      else if (g === l) fn++;
    });
    const p = tp + fp > 0 ? tp / (tp + fp) : 0;
    const r = tp + fn > 0 ? tp / (tp + fn) : 0;
    return p + r > 0 ? (2 * p * r) / (p + r) : 0;
  });
  return f1s.reduce((a, b) => a + b, 0) / f1s.length;
}

/** QWK on the score quantised to 5 steps (0, .25, .5, .75, 1). */
function qwk(gold: number[], pred: number[]): number {
  const k = 5;
  const q = (x: number) => Math.min(k - 1, Math.max(0, Math.round(x * (k - 1))));
  const O = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const ga = new Array<number>(k).fill(0);
  const pa = new Array<number>(k).fill(0);
  gold.forEach((g, i) => {
    const a = q(g);
    const b = q(pred[i]!);
    O[a]![b]!++;
    ga[a]!++;
    pa[b]!++;
  });
  const n = gold.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const w = ((i - j) * (i - j)) / ((k - 1) * (k - 1));
      num += w * O[i]![j]!;
      den += (w * ga[i]! * pa[j]!) / n;
    }
  return den > 0 ? 1 - num / den : 0;
}

function mae(gold: number[], pred: number[]): number {
  return gold.reduce((s, g, i) => s + Math.abs(g - pred[i]!), 0) / gold.length;
}

// ---- scorers ----
type Thresholds = { incorrectBelow: number; correctFrom: number };

function labelOf(score: number, t: Thresholds): Label {
  if (score >= t.correctFrom) return 'Correct';
  if (score < t.incorrectBelow) return 'Incorrect';
  return 'Partially correct';
}

function words(s: string): string[] {
  return (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !stopwords.has(w));
}

/** Plain word overlap: share of the reference's distinct content words that occur in the answer. */
function overlapScore(item: Item): number {
  const ref = new Set(words(item.reference.replace(/\(\s*\d+(?:[.,]\d+)?\s*P\s*\)/g, '')));
  const ans = new Set(words(item.answer));
  if (ref.size === 0) return 0;
  let hit = 0;
  for (const w of ref) if (ans.has(w)) hit++;
  return hit / ref.size;
}

type Measured = { expected: ExpectedAnswer; measure: AnswerMeasure };

const expectedCache = new Map<string, ExpectedAnswer>();
function measure(item: Item, language: Language): Measured {
  const key = `${item.questionId}\u0000${item.reference}`;
  let expected = expectedCache.get(key);
  if (!expected) {
    expected = parseExpectedAnswer(item.reference, 1, item.question, language);
    expectedCache.set(key, expected);
  }
  return { expected, measure: measureAnswer(item.answer, expected) };
}

/** Item-level features: the aspects' features averaged by their points (the model is linear per aspect). */
function features(m: Measured): number[] {
  const total = m.expected.totalPoints || 1;
  const x = [0, 0, 0, 0, 0];
  m.expected.aspects.forEach((aspect, j) => {
    const a = m.measure.aspects[j]!;
    const share = aspect.points / total;
    x[0]! += share;
    x[1]! += share * a.coverage;
    x[2]! += share * a.anchor;
    x[3]! += share * m.measure.overall;
    x[4]! += share * m.measure.length;
  });
  return x;
}

/**
 * Ridge least squares (small penalty, not on the bias) by solving the normal equations, with the evidence
 * weights kept ≥ 0 (`monotone`, the default): more of the key's words found never lowers an aspect's credit.
 * A weight the unconstrained fit makes negative only trades against a correlated one on the questions it
 * saw (the development part's fit gave the anchor word -0.144, so a short answer that names the word at the
 * point mark earned less than one that does not); it is set to 0 and the others fitted again (active set).
 */
function fitModel(xs: number[][], ys: number[], monotone = true): CreditModel {
  const k = 5;
  const free = [0, 1, 2, 3, 4];
  for (;;) {
    const w = solveRidge(xs, ys, free);
    const negative = free.filter((i) => i > 0 && w[i]! < 0).sort((a, b) => w[a]! - w[b]!);
    if (!monotone || negative.length === 0) {
      const full = new Array<number>(k).fill(0);
      free.forEach((i) => (full[i] = w[i]!));
      return { bias: full[0]!, coverage: full[1]!, anchor: full[2]!, overall: full[3]!, length: full[4]! };
    }
    free.splice(free.indexOf(negative[0]!), 1);
  }
}

/** The ridge solution over the `free` features (the others 0); indexed like the features. */
function solveRidge(xs: number[][], ys: number[], free: number[]): number[] {
  const k = free.length;
  const A = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  xs.forEach((x, n) => {
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) A[i]![j]! += x[free[i]!]! * x[free[j]!]!;
      A[i]![k]! += x[free[i]!]! * ys[n]!;
    }
  });
  for (let i = 0; i < k; i++) if (free[i] !== 0) A[i]![i]! += 1e-3 * xs.length;
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / A[c]![c]!;
      for (let j = c; j <= k; j++) A[r]![j]! -= f * A[c]![j]!;
    }
  }
  const w = new Array<number>(5).fill(0);
  free.forEach((f, i) => (w[f] = A[i]![k]! / A[i]![i]!));
  return w;
}

/** credit' = centre + stretch·(credit - centre), expressed as a linear model again */
function stretchModel(m: CreditModel, stretch: number, centre: number): CreditModel {
  return {
    bias: centre + stretch * (m.bias - centre),
    coverage: stretch * m.coverage,
    anchor: stretch * m.anchor,
    overall: stretch * m.overall,
    length: stretch * m.length,
  };
}

function engineScore(m: Measured, model: CreditModel): number {
  return scoreMeasured(m.measure, m.expected, 1, model).score;
}

// ---- fitting ----
const thresholdGrid: Thresholds[] = [];
for (let lo = 0.05; lo <= 0.95; lo += 0.05)
  for (let hi = lo + 0.05; hi <= 1.0001; hi += 0.05)
    thresholdGrid.push({ incorrectBelow: round2(lo), correctFrom: round2(hi) });
function round2(x: number) {
  return Math.round(x * 100) / 100;
}

function fitThresholds(items: Item[], scores: number[]): Thresholds {
  let best = thresholdGrid[0]!;
  let bestValue = -Infinity;
  const gold = items.map((i) => i.label);
  for (const t of thresholdGrid) {
    const v = macroF1(
      gold,
      scores.map((s) => labelOf(s, t)),
    );
    if (v > bestValue) {
      bestValue = v;
      best = t;
    }
  }
  return best;
}

type Run = { name: string; labels: Label[]; scores: number[] };

/** A system fitted on some items (indices into the dataset), then giving an item its score and label. */
type System = { name: string; fit: (train: number[]) => (i: number) => { score: number; label: Label } };
type Fold = { train: number[]; test: number[] };

/** Each question of `part` held out in turn, fitted on the rest of `part`. */
function questionFolds(items: Item[], part: number[]): Fold[] {
  const questions = [...new Set(part.map((i) => items[i]!.questionId))];
  return questions.map((q) => ({
    train: part.filter((i) => items[i]!.questionId !== q),
    test: part.filter((i) => items[i]!.questionId === q),
  }));
}

/** Fits every system on each fold's training items and prints the figures over all held-out items. */
function report(title: string, items: Item[], folds: Fold[], systems: System[]) {
  const order: Item[] = [];
  const runs: Run[] = systems.map((system) => ({ name: system.name, labels: [], scores: [] }));
  for (const fold of folds) {
    order.push(...fold.test.map((i) => items[i]!));
    systems.forEach((system, k) => {
      const fitted = system.fit(fold.train);
      for (const i of fold.test) {
        const { score, label } = fitted(i);
        runs[k]!.scores.push(score);
        runs[k]!.labels.push(label);
      }
    });
  }
  const questions = new Set(order.map((i) => i.questionId)).size;
  console.log(`  ${title}: ${order.length} answers, ${questions} questions`);
  printRuns(order, runs);
}

/** A score per item, labelled by thresholds fitted on the training items. */
function thresholded(name: string, items: Item[], scores: number[]): System {
  return {
    name,
    fit: (train) => {
      const t = fitThresholds(
        train.map((i) => items[i]!),
        train.map((i) => scores[i]!),
      );
      return (i) => ({ score: scores[i]!, label: labelOf(scores[i]!, t) });
    },
  };
}

/** Both parts: the sealed one (fitted on the development part) counts; the development part for reference. */
function reportParts(items: Item[], systems: System[]) {
  const { dev, sealed } = splitItems(items);
  report(
    'sealed part (fitted on the development part; the figure that counts)',
    items,
    [{ train: dev, test: sealed }],
    systems,
  );
  report(
    'development part (leave-one-question-out inside it; for reference only, rules were written on it)',
    items,
    questionFolds(items, dev),
    systems,
  );
}

function evaluateScorer(datasetName: string, language: Language) {
  const items = load(datasetName);
  const measured = items.map((item) => measure(item, language));
  const xs = measured.map(features);
  const fit = (idx: number[]) => {
    const model = fitModel(
      idx.map((i) => xs[i]!),
      idx.map((i) => items[i]!.gold),
      monotone,
    );
    // least squares pulls predictions to the mean; stretch them around it (fitted on the same items)
    const sub = idx.map((i) => items[i]!);
    let best = { model, t: thresholdGrid[0]!, value: -Infinity };
    for (let stretch = 1; stretch <= 3.001; stretch += 0.5) {
      for (let centre = 0.4; centre <= 0.801; centre += 0.1) {
        const m = stretchModel(model, stretch, centre);
        const scores = idx.map((i) => engineScore(measured[i]!, m));
        const t = fitThresholds(sub, scores);
        const value =
          macroF1(
            sub.map((x) => x.label),
            scores.map((x) => labelOf(x, t)),
          ) +
          qwk(
            sub.map((x) => x.gold),
            scores,
          );
        if (value > best.value) best = { model: m, t, value };
      }
    }
    return { model: best.model, t: best.t };
  };
  const scorer: System = {
    name: 'open-answer scorer',
    fit: (train) => {
      const { model, t } = fit(train);
      return (i) => {
        const score = engineScore(measured[i]!, model);
        return { score, label: labelOf(score, t) };
      };
    },
  };
  console.log(`\n${datasetName}: open-answer scorer on pre-split items`);
  reportParts(items, [scorer, thresholded('word-overlap baseline', items, items.map(overlapScore))]);
  const whole = fit(splitItems(items).dev);
  console.log(`  fitted on the whole development part: ${fmt(whole.model)} ${JSON.stringify(whole.t)}`);
}

function fmt(m: CreditModel): string {
  return `{ ${Object.entries(m)
    .map(([k, v]) => `${k}: ${v.toFixed(3)}`)
    .join(', ')} }`;
}

/**
 * The key as a teacher types it: the question under its label with its points ("Frage 1 (1 P): …", the
 * label the question has or "Aufgabe <id>"), then the reference answer with its own point marks.
 */
function keyText(item: Item): string {
  const labelled = /^(Frage\s+\d+)\s*:\s*/.exec(item.question);
  const label = labelled ? labelled[1] : `Aufgabe ${item.questionId}`;
  const question = labelled ? item.question.slice(labelled[0].length) : item.question;
  return `${label} (${String(item.max).replace('.', ',')} P): ${question}\n${item.reference}`;
}

async function evaluateEndToEnd(datasetName: string) {
  const items = load(datasetName);
  const scores: number[] = [];
  let noTotal = 0;
  for (const item of items) {
    const result = await grade(
      { text: item.answer, answerKey: { kind: 'text', text: keyText(item) } },
      { date: '2025-03-12' },
    );
    if (result.achieved_points === null || !result.total_points) noTotal++;
    scores.push(result.total_points ? (result.achieved_points ?? 0) / result.total_points : 0);
  }
  console.log(`\n${datasetName}: grade() with the key text; label thresholds fitted as said per part`);
  reportParts(items, [
    thresholded('builtin engine, grade()', items, scores),
    thresholded('word-overlap baseline', items, items.map(overlapScore)),
  ]);
  const zero = scores.filter((x) => x === 0).length;
  console.log(
    `  results without a total: ${noTotal}; scored 0: ${zero} (gold 0: ${items.filter((i) => i.gold === 0).length})`,
  );
}

function printRuns(heldOutOrder: Item[], runs: Run[]) {
  const goldLabels = heldOutOrder.map((i) => i.label);
  const goldScores = heldOutOrder.map((i) => i.gold);
  console.log('  system                   macro-F1   QWK     MAE');
  for (const run of runs) {
    console.log(
      `  ${run.name.padEnd(24)} ${macroF1(goldLabels, run.labels).toFixed(3).padStart(8)} ${qwk(
        goldScores,
        run.scores,
      )
        .toFixed(3)
        .padStart(7)} ${mae(goldScores, run.scores).toFixed(3).padStart(7)}`,
    );
  }
}

const started = performance.now();
// `--only <dataset>` runs one of them
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const datasets: [string, Language][] = [
  ['saf-microjob-de', 'de'],
  ['saf-communication-networks-en', 'en'],
];
const fitScorer = process.argv.includes('--fit');
/** `--fit --unconstrained`: the least-squares fit without keeping the weights ≥ 0, for comparison */
const monotone = !process.argv.includes('--unconstrained');
for (const [name, language] of datasets) {
  if (only && only !== name) continue;
  if (small && name !== 'saf-microjob-de') continue;
  if (fitScorer) evaluateScorer(name, language);
  else await evaluateEndToEnd(name);
}
if (!fitScorer)
  console.log(
    '\ntarget for the engine through grade(): macro-F1 ≥ 0.65 on the sealed German part (issue 32)',
  );
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
