import { compile, type EvalFunction } from 'mathjs';
import { formatExpected, formatNumber } from './check-calculations';

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
};

// numbers, operators, brackets, powers and single-letter variables; one '='
const sideChars = String.raw`[\d\s.,+\-−*·:÷/^()²³a-zA-Z]`;
const equationShape = new RegExp(`^${sideChars}+=${sideChars}+$`);

function toMathjs(side: string): string {
  return side
    .trim()
    .replace(/(\d)\s*,\s*(?=\d)/g, '$1.')
    .replace(/[·]/g, '*')
    .replace(/[:÷]/g, '/')
    .replace(/−/g, '-')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/√\s*\(/g, 'sqrt(')
    .replace(/√\s*(\d+(?:\.\d+)?)/g, 'sqrt($1)');
}

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

/** A number without variables ("2", "√(4 + 5)"); 'none' for the root of a negative number. */
function constant(expr: string): number | 'none' | null {
  if (/[a-zA-Z]/.test(expr.replace(/√/g, ''))) return null;
  try {
    const v: unknown = compile(toMathjs(expr)).evaluate({});
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    return v !== null && typeof v === 'object' && 're' in v ? 'none' : null;
  } catch {
    return null;
  }
}

/**
 * A line that states the solutions: "x = 2 ± √(4 + 5)" or "x₁ = 5, x₂ = -1". It becomes the equation
 * (x − 5)(x + 1) = 0, so it is compared with the line before like any step; a root of a negative number
 * states no solution.
 */
function parseSolutions(text: string, start: number): Equation | null {
  const t = text.trim();
  let variable: string;
  let values: number[];
  const plusMinus = /^([a-z])\s*=\s*([^±=]+?)\s*±\s*([^±=]+)$/.exec(t);
  const pair = /^([a-z])\s*[₁1]\s*=\s*([^,;=]+?)\s*[,;]\s*\1\s*[₂2]\s*=\s*([^,;=]+)$/.exec(t);
  if (plusMinus) {
    variable = plusMinus[1]!;
    const a = constant(plusMinus[2]!);
    const b = constant(plusMinus[3]!);
    if (typeof a !== 'number' || b === null) return null;
    values = b === 'none' ? [] : [a + b, a - b];
  } else if (pair) {
    variable = pair[1]!;
    const a = constant(pair[2]!.replace(/,(?=\d)/, '.'));
    const b = constant(pair[3]!.replace(/,(?=\d)/, '.'));
    if (typeof a !== 'number' || typeof b !== 'number') return null;
    values = [a, b];
  } else return null;
  if (variable === 'e' || variable === 'i') return null;
  const product = values.length > 0 ? values.map((v) => `(${variable} - (${v}))`).join(' * ') : '1';
  const offset = start + (text.length - text.trimStart().length);
  return {
    start: offset,
    end: offset + t.length,
    text: t,
    left: variable,
    right: t.slice(t.indexOf('=') + 1).trim(),
    variable,
    h: compile(product),
  };
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
    const content = bar > line.indexOf('=') && line.includes('=') ? line.slice(0, bar) : line;
    const segments: Equation[] = [];
    let offset = 0;
    for (const piece of content.split(/;|⇔|<=>|⟺/)) {
      // a label before the equation: "a) ", "1. ", "Umfang: "
      const label = /^\s*(?:[a-z]\)|\d+[.)]|\p{L}[\p{L} ]*:)?/u.exec(piece)![0];
      const rest = piece.slice(label.length);
      const position = lineStart + offset + label.length;
      const e = parseEquation(rest, position) ?? parseSolutions(rest, position);
      if (e) segments.push(e);
      offset += piece.length + 1;
    }
    if (segments.length === 0) close();
    for (const e of segments) {
      const last = current[current.length - 1];
      // a solved form ("x = 6") ends a chain; the next equation is a new task
      if (last && (last.variable !== e.variable || solvedForm(last))) close();
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
    for (let i = 1; i < chain.length; i++) {
      const before = chain[i - 1]!;
      const step = chain[i]!;
      const verdict = compareEquations(before, step);
      if (verdict === 'unknown') continue;
      stepStarts.push(step.start);
      const base = { start: step.start, end: step.end, quoted: step.text, previous: before.text };
      if (verdict === 'equivalent') {
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
      if (compareEquations(first, step) === 'equivalent') {
        misled = false;
        continue;
      }
      findings.push({
        ...base,
        kind: 'wrong',
        correctForm: correctForm(before, step),
        solutionBefore: solutionText(before, step.right),
        solutionHere: solutionText(step, step.right),
      });
      misled = true;
    }
  }
  return { steps: stepStarts.length, stepStarts, findings };
}
