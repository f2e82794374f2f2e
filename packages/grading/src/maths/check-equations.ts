import { compile, type EvalFunction } from 'mathjs';
import { formatExpected, formatNumber } from './check-calculations';
import {
  addsASquare,
  discriminants,
  isFormulaLine,
  near,
  quadraticOf,
  readDiscriminant,
  readParameters,
  readPlusMinusEquation,
  readSolutionLine,
  toMathjs,
} from './check-quadratics';

/**
 * Equation transformation chains ("5(x - 2) = 2x + 8 | ausmultiplizieren" on one line, "5x - 10 = 2x + 8" on
 * the next, or separated by ";" or "⇔"): each equation is compared with the one before by a numeric test of
 * the solution sets, so any correct path is accepted and only a step that changes the solutions is an error.
 */
export type EquationFinding = {
  /** 'wrong': the step changes the solutions; 'follow-on': a right step after an earlier wrong one */
  kind: 'wrong' | 'follow-on';
  start: number;
  end: number;
  quoted: string;
  /** the equation before, as written */
  previous: string;
  /** a correct form of a wrong step ("5x − 10 = 2x + 8") or the solution of the line before; a Folgefehler's own text */
  correctForm: string;
  /** for a wrong step: the solutions of the line before, "x = 6" */
  solutionBefore?: string;
  /** for a wrong step: the solutions of this line, "x = 10/3" */
  solutionHere?: string;
  /** a term transformation on its own line ("(x + 3)² = x² + 9"): both sides must be the same term */
  identity?: true;
  /**
   * a step of solving a quadratic equation that is wrong for a reason of its own: p and q read off wrongly,
   * a wrong discriminant, or a square completed with the wrong number
   */
  rule?: 'parameters' | 'discriminant' | 'completion';
  /** for the open-answer scorer: the result as written and the value it would have had without the mistake */
  followOn?: { written: number; expected: number };
};

/** `stepStarts`: where each checked line stands, right or wrong, so a task can count its own */
export type EquationCheck = { steps: number; stepStarts: number[]; findings: EquationFinding[] };

type Equation = {
  start: number;
  end: number;
  text: string;
  left: string;
  right: string;
  variable: string;
  h: EvalFunction;
  /** a line that states solutions („x1,2 = 3 ± 2“, „L = {5}“): it may follow a solved form */
  solutions?: true;
  /** one solution of two on a line of its own („x1 = 3“): it must be one of the line before's */
  single?: { value: number; index: 1 | 2 };
  /** „p = 6; q = -27“ or „D = 36“: read off the equation before */
  reads?: 'parameters' | 'discriminant';
  /** the margin note after „|“ */
  note?: string;
};

// numbers, operators, brackets, powers and single-letter variables; one '='
const sideChars = String.raw`[\d\s.,+\-−*·:÷/^()²³a-zA-Z]`;
const equationShape = new RegExp(`^${sideChars}+=${sideChars}+$`);

function parseEquation(text: string, start: number): Equation | null {
  const trimmed = text.trim();
  if (!equationShape.test(trimmed) || trimmed.split('=').length !== 2) return null;
  // "3 x 4 = 12" is a product, and every letter stands alone: one variable, no words
  if (/\d\s+x\s+\d/.test(trimmed)) return null;
  const words = trimmed.match(/[a-zA-Z]+/g) ?? [];
  if (words.length === 0 || words.some((w) => w.length > 1)) return null;
  const variables = new Set(words);
  if (variables.size !== 1) return null;
  const variable = words[0]!;
  if (variable === 'e' || variable === 'i') return null;
  const [left, right] = trimmed.split('=') as [string, string];
  if (!/[\d\p{L})]/u.test(left) || !/[\d\p{L})]/u.test(right)) return null;
  try {
    const h = compile(`(${toMathjs(left)}) - (${toMathjs(right)})`);
    const offset = start + (text.length - text.trimStart().length);
    return {
      start: offset,
      end: offset + trimmed.length,
      text: trimmed,
      left: left.trim(),
      right: right.trim(),
      variable,
      h,
    };
  } catch {
    return null;
  }
}

/** An equation of the solutions `values` in `variable`: (x − v1)(x − v2) = 0; none for no solution. */
function solutionsEquation(text: string, start: number, variable: string, values: number[]): Equation | null {
  if (variable === 'e' || variable === 'i') return null;
  const product = values.length > 0 ? values.map((v) => `(${variable} - (${v}))`).join(' * ') : '1';
  const t = text.trim();
  const offset = start + (text.length - text.trimStart().length);
  return {
    start: offset,
    end: offset + t.length,
    text: t,
    left: variable,
    right: t.slice(t.indexOf('=') + 1).trim(),
    variable,
    h: compile(product),
    solutions: true,
  };
}

/**
 * A line that states the solutions: "x = 2 ± √(4 + 5)", "x1,2 = -3 ± 6", "x₁ = 5, x₂ = -1", "L = {5; -1}"
 * (read by readSolutionLine). It becomes the equation (x − 5)(x + 1) = 0, so it is compared with the line
 * before like any step; a root of a negative number states no solution.
 */
function parseSolutions(text: string, start: number, chainVariable?: string): Equation | null {
  const read = readSolutionLine(text, chainVariable);
  if (!read) return null;
  const e = solutionsEquation(text, start, read.variable, read.values);
  if (e && read.index) e.single = { value: read.values[0]!, index: read.index };
  return e;
}

/** „x + 5 = ±1“: the equation (x + 5)² = 1 */
function parsePlusMinus(text: string, start: number): Equation | null {
  const read = readPlusMinusEquation(text);
  if (!read) return null;
  const e = parseEquation(`${read.left} = ${read.right}`, 0);
  if (!e) return null;
  const t = text.trim();
  const offset = start + (text.length - text.trimStart().length);
  const [left, right] = t.split('=') as [string, string];
  return { ...e, start: offset, end: offset + t.length, text: t, left: left.trim(), right: right.trim() };
}

/** The equation as a quadratic in its variable, left minus right; null when it is none. */
function quadraticOfEquation(e: Equation) {
  return quadraticOf((x) => at(e, x));
}

/**
 * „p = 6; q = -27“ after „x² + 6x - 27 = 0“: the equation x² + px + q = 0 the pupil goes on with, so a
 * wrong p or q is a wrong step and the pq-formula from it a Folgefehler.
 */
function parseParameters(text: string, start: number, before: Equation | undefined): Equation | null {
  const read = readParameters(text);
  if (!read || !before || !quadraticOfEquation(before)) return null;
  const e = solutionsEquation(text, start, before.variable, [0]);
  if (!e) return null;
  const x = before.variable;
  return {
    ...e,
    left: 'p, q',
    solutions: undefined,
    reads: 'parameters',
    h: compile(`${x}^2 + (${read.p}) * ${x} + (${read.q})`),
  };
}

/**
 * „D = 36“ after a quadratic equation: right when it is (p/2)² − q of the normal form or b² − 4ac. The pupil
 * goes on with the solutions it gives, so the line stands for the equation with that discriminant.
 */
function parseDiscriminant(text: string, start: number, before: Equation | undefined): Equation | null {
  const values = readDiscriminant(text);
  const quadratic = before ? quadraticOfEquation(before) : null;
  if (!values || !before || !quadratic) return null;
  const e = solutionsEquation(text, start, before.variable, [0]);
  if (!e) return null;
  const written = values[values.length - 1]!;
  const { a, b } = quadratic;
  const x = before.variable;
  const right = discriminants(quadratic).some((d) => values.every((v) => near(v, d)));
  // wrong: the normal form with this (p/2)² − q, or for a·x² (a ≠ 1) the one with this b² − 4ac
  const p = b / a;
  const h = right
    ? before.h
    : compile(
        a === 1
          ? `${x}^2 + (${p}) * ${x} + (${(p / 2) ** 2 - written})`
          : `${x}^2 + (${p}) * ${x} + (${(b * b - written) / (4 * a * a)})`,
      );
  return { ...e, left: 'D', solutions: undefined, reads: 'discriminant', h };
}

const samples = [-7.31, -2.13, -0.71, 0.37, 1.93, 3.33, 5.71, 11.13, 23.77];

function at(e: Equation, x: number): number {
  try {
    const v: unknown = e.h.evaluate({ [e.variable]: x });
    return typeof v === 'number' ? v : NaN;
  } catch {
    return NaN;
  }
}

const rootCache = new WeakMap<Equation, number[]>();

/** The real solutions in [-100, 100]: sign changes on a grid, refined by bisection; poles are left out. */
function roots(e: Equation): number[] {
  const cached = rootCache.get(e);
  if (cached) return cached;
  const found: number[] = [];
  // a grid of 0.25 finds the solutions of school equations; closer pairs of roots are rare there
  const step = 0.25;
  let x0 = -100;
  let y0 = at(e, x0);
  for (let x1 = x0 + step; x1 <= 100 + 1e-9; x1 += step) {
    const y1 = at(e, x1);
    if (y1 === 0) found.push(x1);
    else if (Number.isFinite(y0) && Number.isFinite(y1) && y0 !== 0 && Math.sign(y0) !== Math.sign(y1)) {
      let a = x0;
      let b = x1;
      for (let k = 0; k < 60; k++) {
        const m = (a + b) / 2;
        if (Math.sign(at(e, m)) === Math.sign(at(e, a))) a = m;
        else b = m;
      }
      const r = (a + b) / 2;
      // a pole also changes sign; a root has a small value there
      if (Math.abs(at(e, r)) < 1e-6 * Math.max(1, Math.abs(y0), Math.abs(y1))) found.push(r);
    }
    x0 = x1;
    y0 = y1;
  }
  const result = found.map((r) =>
    Math.abs(r - Math.round(r * 1e6) / 1e6) < 1e-7 ? Math.round(r * 1e6) / 1e6 : r,
  );
  rootCache.set(e, result);
  return result;
}

type Verdict = 'equivalent' | 'different' | 'unknown';

/** Same solutions? A constant factor between both differences is enough; otherwise the roots are compared. */
function compareEquations(a: Equation, b: Equation): Verdict {
  if (a.variable !== b.variable) return 'unknown';
  const pairs = samples
    .map((x) => [at(a, x), at(b, x)] as const)
    .filter(([p, q]) => isFinite(p) && isFinite(q));
  if (pairs.length < 4) return 'unknown';
  const zero = (v: number) => Math.abs(v) < 1e-9;
  if (pairs.every(([p, q]) => zero(p) && zero(q))) return 'equivalent';
  if (pairs.every(([p]) => !zero(p))) {
    const ratio = pairs[0]![1] / pairs[0]![0];
    if (!zero(ratio) && pairs.every(([p, q]) => Math.abs(q / p - ratio) <= 1e-7 * Math.abs(ratio)))
      return 'equivalent';
  }
  const ra = roots(a);
  const rb = roots(b);
  // a solution of one that the other clearly does not have (where the other is defined there)
  const scaleOf = (i: 0 | 1) => Math.max(1, ...pairs.map((p) => Math.abs(p[i])));
  const lost = (from: number[], other: Equation, scale: number) =>
    from.some((r) => {
      const v = at(other, r);
      return Number.isFinite(v) && Math.abs(v) > 1e-6 * scale;
    });
  if (lost(ra, b, scaleOf(1)) || lost(rb, a, scaleOf(0))) return 'different';
  return ra.length > 0 || rb.length > 0 ? 'equivalent' : 'unknown';
}

/**
 * The expression multiplied out as a polynomial of degree ≤ 3 ("5(x - 2)" -> "5x − 10"), read off its values
 * at a few points; null when it is no such polynomial or the coefficients are not plain numbers.
 */
function expand(expr: string, variable: string): string | null {
  let f: EvalFunction;
  try {
    f = compile(expr);
  } catch {
    return null;
  }
  const v = (x: number) => {
    try {
      const y: unknown = f.evaluate({ [variable]: x });
      return typeof y === 'number' ? y : NaN;
    } catch {
      return NaN;
    }
  };
  const [y0, y1, y2, y3] = [v(0), v(1), v(2), v(3)] as [number, number, number, number];
  // Newton's forward differences give the coefficients of c3·x³ + c2·x² + c1·x + c0
  const d1 = y1 - y0;
  const d2 = y2 - 2 * y1 + y0;
  const d3 = y3 - 3 * y2 + 3 * y1 - y0;
  const c3 = d3 / 6;
  const c2 = d2 / 2 - 3 * c3;
  const c1 = d1 - c2 - c3;
  const c0 = y0;
  const poly = (x: number) => ((c3 * x + c2) * x + c1) * x + c0;
  const nice = (c: number) => Math.abs(c * 1000 - Math.round(c * 1000)) < 1e-6;
  if (![c0, c1, c2, c3].every((c) => Number.isFinite(c) && nice(c))) return null;
  if (![-1.7, 4.3, 9.1].every((x) => Math.abs(poly(x) - v(x)) <= 1e-9 * Math.max(1, Math.abs(v(x)))))
    return null;
  const terms = [
    [Math.round(c3 * 1000) / 1000, `${variable}³`],
    [Math.round(c2 * 1000) / 1000, `${variable}²`],
    [Math.round(c1 * 1000) / 1000, variable],
    [Math.round(c0 * 1000) / 1000, ''],
  ] as const;
  let out = '';
  for (const [c, power] of terms) {
    if (c === 0) continue;
    const size = Math.abs(c) === 1 && power !== '' ? '' : formatNumber(Math.abs(c));
    out += out === '' ? `${c < 0 ? '−' : ''}${size}${power}` : ` ${c < 0 ? '−' : '+'} ${size}${power}`;
  }
  return out === '' ? '0' : out;
}

function solutionText(e: Equation, written: string): string {
  const r = roots(e);
  if (r.length === 0) return 'keine';
  return r.map((x) => `${e.variable} = ${formatExpected(x, written)}`).join(' oder ');
}

/** A correct form of the step: the side the student kept, the other from the line before. */
function correctForm(before: Equation, step: Equation): string {
  const same = (x: string, y: string) => {
    try {
      const f = compile(`(${toMathjs(x)}) - (${toMathjs(y)})`);
      return samples.every((t) => Math.abs(f.evaluate({ [step.variable]: t }) as number) < 1e-9);
    } catch {
      return false;
    }
  };
  const solved = new RegExp(`^${step.variable}$`).test(step.left.replace(/\s/g, ''));
  if (!solved) {
    if (same(step.right, before.right)) {
      const left = expand(toMathjs(before.left), step.variable);
      if (left) return `${left} = ${step.right}`;
    }
    if (same(step.left, before.left)) {
      const right = expand(toMathjs(before.right), step.variable);
      if (right) return `${step.left} = ${right}`;
    }
    // keep the student's left side: the right side follows ("4b = 28" after "4b + 8 = 36")
    const right = expand(
      `(${toMathjs(before.right)}) - (${toMathjs(before.left)}) + (${toMathjs(step.left)})`,
      step.variable,
    );
    if (right && !right.includes(step.variable)) return `${step.left} = ${right}`;
  }
  return solutionText(before, step.right);
}

function solvedForm(e: Equation): boolean {
  return e.left.replace(/\s/g, '') === e.variable && !e.right.includes(e.variable);
}

/** The equations of each chain in the text: consecutive lines, and segments of a line split by ";" or "⇔". */
function chains(text: string): Equation[][] {
  const out: Equation[][] = [];
  let current: Equation[] = [];
  const close = () => {
    if (current.length > 0) out.push(current);
    current = [];
  };
  let lineStart = 0;
  for (const line of text.split('\n')) {
    // a new subtask label starts a new chain
    if (/^\s*(?:[a-z]\)|\d+[.)]\s)/.test(line)) close();
    // the operation written after "|" ("| −7", "| :3") is a note, not part of the equation
    const bar = line.indexOf('|');
    const noted = bar > line.indexOf('=') && line.includes('=');
    const content = noted ? line.slice(0, bar) : line;
    const last = current[current.length - 1];
    // a label before the equation: "a) ", "1. ", "Umfang: "
    const labelOf = (piece: string) => /^\s*(?:[a-z]\)|\d+[.)]|\p{L}[\p{L} ]*:)?/u.exec(piece)![0];
    const label = labelOf(content);
    // the pq-formula or the discriminant in letters, copied before it is used, leaves the chain as it is
    if (isFormulaLine(content.slice(label.length))) {
      lineStart += line.length + 1;
      continue;
    }
    // lines read as a whole: p and q, the discriminant, solutions separated by ";" or ","
    const whole = content.slice(label.length);
    const wholeAt = lineStart + label.length;
    const read =
      parseParameters(whole, wholeAt, last) ??
      parseDiscriminant(whole, wholeAt, last) ??
      parseSolutions(whole, wholeAt, last?.variable);
    const segments: Equation[] = read ? [read] : [];
    let offset = 0;
    for (const piece of read ? [] : content.split(/;|⇔|<=>|⟺/)) {
      const pieceLabel = labelOf(piece);
      const rest = piece.slice(pieceLabel.length);
      const position = lineStart + offset + pieceLabel.length;
      const e =
        parseSolutions(rest, position, last?.variable) ??
        parseEquation(rest, position) ??
        parsePlusMinus(rest, position);
      if (e) segments.push(e);
      offset += piece.length + 1;
    }
    if (segments.length === 0) close();
    if (noted && segments.length > 0) segments[segments.length - 1]!.note = line.slice(bar + 1).trim();
    for (const e of segments) {
      const previous = current[current.length - 1];
      // a solved form ("x = 6") ends a chain and the next equation is a new task; solutions stated again
      // („x1,2 = -3 ± 6“ after „x1,2 = -3 ± √36“, „L = {6}“ after „x = 6“) go on with it
      const goesOn = previous && previous.variable === e.variable && (!solvedForm(previous) || e.solutions);
      if (previous && !goesOn) close();
      current.push(e);
    }
    lineStart += line.length + 1;
  }
  close();
  return out;
}

/** The value of the right-hand side when it is a number ("10/3" of "x = 10/3"), as the key's results are read. */
function resultOf(e: Equation): { value: number } | null {
  const m = /^[-−]?\d+(?:[.,]\d+)?/.exec(e.right);
  if (!m) return null;
  try {
    const v: unknown = compile(toMathjs(e.right)).evaluate({});
    if (typeof v !== 'number') return null;
    return { value: v };
  } catch {
    return null;
  }
}

/**
 * A line on its own that multiplies out or factorises ("(x + 3)² = x² + 6x + 9", "x² − 10x + 25 = (x − 5)²"):
 * a term transformation, so both sides must be the same term. Null for other lines (an equation to solve).
 */
function termIdentity(e: Equation): { wrong: EquationFinding | null } | null {
  const bracketed = (side: string) => /\)\s*[²³^]|\)\s*\(/.test(side);
  const leftBrackets = bracketed(e.left);
  if (leftBrackets === bracketed(e.right)) return null;
  if (!e.left.includes(e.variable) || !e.right.includes(e.variable)) return null;
  const values = samples.map((x) => at(e, x)).filter(Number.isFinite);
  if (values.length < 4) return null;
  if (values.every((v) => Math.abs(v) < 1e-9)) return { wrong: null };
  const product = leftBrackets ? e.left : e.right;
  const expanded = expand(toMathjs(product), e.variable);
  const correct = expanded ? (leftBrackets ? `${product} = ${expanded}` : `${expanded} = ${product}`) : '';
  return {
    wrong: {
      kind: 'wrong',
      start: e.start,
      end: e.end,
      quoted: e.text,
      previous: product,
      correctForm: correct || product,
      identity: true,
    },
  };
}

/** Whether `value` solves the equation: 'equivalent' when it does, 'different' when it clearly does not. */
function isSolutionOf(value: number, e: Equation): Verdict {
  const v = at(e, value);
  if (!Number.isFinite(v)) return 'unknown';
  const scale = Math.max(1, ...samples.map((x) => Math.abs(at(e, x))).filter(Number.isFinite));
  return Math.abs(v) <= 1e-6 * scale ? 'equivalent' : 'different';
}

/** The value of one side of an equation as a function of its variable. */
function sideFunction(side: string, variable: string): (x: number) => number {
  try {
    const f = compile(toMathjs(side));
    return (x) => {
      const v: unknown = f.evaluate({ [variable]: x });
      return typeof v === 'number' ? v : NaN;
    };
  } catch {
    return () => NaN;
  }
}

/**
 * Completing the square: after the note „| + 5²“ the left side x² + bx must become x² + bx + (b/2)², the
 * square of a binomial. A line that adds another number on both sides („x² + 10x + 5 = -19“) is still
 * equivalent, but the square is not completed. Returns the right line, or null.
 */
function wrongCompletion(before: Equation, step: Equation): string | null {
  if (!before.note || !addsASquare(before.note)) return null;
  const x = step.variable;
  const leftBefore = quadraticOf(sideFunction(before.left, x));
  const left = quadraticOf(sideFunction(step.left, x));
  if (!leftBefore || !left || leftBefore.a !== 1 || !near(left.a, 1) || !near(left.b, leftBefore.b))
    return null;
  const square = (leftBefore.b / 2) ** 2;
  if (near(left.c, square + leftBefore.c) || near(left.c, square)) return null;
  const completedLeft = expand(`(${toMathjs(before.left)}) + ${square}`, x);
  const completedRight = expand(`(${toMathjs(before.right)}) + ${square}`, x);
  return completedLeft && completedRight ? `${completedLeft} = ${completedRight}` : null;
}

/** „p = 6; q = −27“ or „D = 36“ as read off the equation before correctly. */
function readOffCorrectly(before: Equation, reads: 'parameters' | 'discriminant'): string {
  const quadratic = quadraticOf((x) => at(before, x))!;
  const { a, b, c } = quadratic;
  if (reads === 'parameters') return `p = ${formatNumber(b / a)}; q = ${formatNumber(c / a)}`;
  const [pq, abc] = discriminants(quadratic);
  return `D = ${formatNumber(a === 1 ? pq! : abc!)}`;
}

export function checkEquations(text: string): EquationCheck {
  const findings: EquationFinding[] = [];
  const stepStarts: number[] = [];
  for (const chain of chains(text)) {
    const first = chain[0]!;
    if (chain.length === 1) {
      const term = termIdentity(first);
      if (term) {
        stepStarts.push(first.start);
        if (term.wrong) findings.push(term.wrong);
      }
      continue;
    }
    let misled = false; // the line before is wrong, though it may follow from an earlier line
    // what a step is compared with: the line before, or after solutions one per line („x1 = 3“ ⏎
    // „x2 = -9“) the equation of those solutions
    let reference = first;
    let singles: Equation[] = [];
    for (let i = 1; i < chain.length; i++) {
      const step = chain[i]!;
      if (!step.single && singles.length > 0) {
        const values = singles.map((e) => e.single!.value);
        reference = solutionsEquation(singles.at(-1)!.text, singles.at(-1)!.start, step.variable, values)!;
        singles = [];
      }
      const before = reference;
      const verdict = step.single ? isSolutionOf(step.single.value, before) : compareEquations(before, step);
      if (step.single) singles.push(step);
      else reference = step;
      if (verdict === 'unknown') continue;
      stepStarts.push(step.start);
      const base = { start: step.start, end: step.end, quoted: step.text, previous: before.text };
      if (verdict === 'equivalent') {
        const completion = misled ? null : wrongCompletion(before, step);
        if (completion) {
          findings.push({ ...base, kind: 'wrong', rule: 'completion', correctForm: completion });
          continue;
        }
        if (!misled) continue;
        // right from the wrong line: a Folgefehler; what the result would have been without the mistake
        const result = resultOf(step);
        const solution = roots(first);
        let followOn: EquationFinding['followOn'];
        if (result && solution.length === 1) {
          const expected = result.value + at(step, solution[0]!);
          followOn = { written: result.value, expected };
        }
        // the step itself is right: there is nothing to correct in it
        findings.push({ ...base, kind: 'follow-on', correctForm: step.text, followOn });
        continue;
      }
      // a step that does not follow from the line before but is right again is a silent correction
      const rightAgain = step.single
        ? isSolutionOf(step.single.value, first) === 'equivalent'
        : compareEquations(first, step) === 'equivalent';
      if (rightAgain) {
        misled = false;
        continue;
      }
      findings.push({
        ...base,
        kind: 'wrong',
        ...(step.reads ? { rule: step.reads } : {}),
        correctForm: step.reads ? readOffCorrectly(before, step.reads) : correctForm(before, step),
        solutionBefore: solutionText(before, step.right),
        solutionHere: step.single ? `${step.variable} = ${step.right}` : solutionText(step, step.right),
      });
      // one wrong solution of two does not make the other a Folgefehler
      if (!step.single) misled = true;
    }
  }
  return { steps: stepStarts.length, stepStarts, findings };
}
