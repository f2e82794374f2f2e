import { compile } from 'mathjs';

/**
 * How pupils write the solving of a quadratic equation (issue 32 §4), read so that the equation check can
 * compare each line with the one before: the pq-formula „x1,2 = -3 ± √(9 + 27)“ (also „x1/2“, „x₁,₂“,
 * „x_{1,2}“, „sqrt(…)“), the solutions „x1 = 3; x2 = -9“ or one per line, „L = {3; -9}“, „x + 5 = ±1“,
 * p and q read off („p = 6; q = -27“), the discriminant „D = 36“, and the margin note of completing the
 * square („| + 5²“). The formula written with letters („x1,2 = -p/2 ± √((p/2)² - q)“) states nothing to check.
 */

export function toMathjs(side: string): string {
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

/** A number without variables ("2", "√(4 + 5)", "sqrt(36)"); 'none' for the root of a negative number. */
export function constant(expr: string): number | 'none' | null {
  if (/[a-zA-Z]/.test(expr.replace(/√|sqrt/g, ''))) return null;
  try {
    const v: unknown = compile(toMathjs(expr)).evaluate({});
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    return v !== null && typeof v === 'object' && 're' in v ? 'none' : null;
  } catch {
    return null;
  }
}

/** „x“, „x1“, „x₂“, „x_1“, and the index of both solutions „x1,2“, „x1/2“, „x₁,₂“, „x_{1,2}“ */
const indexed = String.raw`([a-z])(?:_?\{?\s*([12₁₂])\s*(?:[,/]\s*([12₂]))?\s*\}?)?`;
const plusMinusLine = new RegExp(String.raw`^${indexed}\s*=\s*([^±=]+?)\s*±\s*([^±=]+)$`);
// the abc-formula („Mitternachtsformel“): „x1,2 = (-6 ± √100) / 2“, „x1/2 = (-6 ± 10) : (2 · 1)“
const plusMinusFraction = new RegExp(
  String.raw`^${indexed}\s*=\s*\(([^±=]+?)\s*±\s*([^±=]+)\)\s*[/:]\s*([^±=]+)$`,
);
const oneSolution = new RegExp(String.raw`^${indexed}\s*=\s*([^=]+)$`);
const indexAt = new RegExp(String.raw`(?:^|[\s;,])${indexed}\s*=`, 'g');

export type SolutionLine = {
  variable: string;
  /** the values stated; empty for "no real solution" (the root of a negative number, "L = { }") */
  values: number[];
  /** a single solution of two, "x1 = 3" or "x₂ = -9": 1 or 2; undefined for a line that states them all */
  index?: 1 | 2;
};

const indexOf = (mark: string | undefined): 1 | 2 | undefined =>
  mark === '1' || mark === '₁' ? 1 : mark === '2' || mark === '₂' ? 2 : undefined;

/** A value of a solution: a decimal comma read as such, separators around it left out. */
function solutionValue(text: string): number | 'none' | null {
  return constant(text.replace(/[;,]?\s*(?:und|oder|∨)?\s*$/u, '').trim());
}

/**
 * A line that states solutions: „x = 2 ± √(4 + 5)“, „x1,2 = -3 ± 6“, „x₁ = 5, x₂ = -1“, „x1 = 3; x2 = -9“,
 * „x1 = 3“ alone. `chainVariable` is the variable of the equation before, for „L = {…}“.
 */
export function readSolutionLine(text: string, chainVariable?: string): SolutionLine | null {
  const t = text.trim();
  const set = /^L\s*=\s*(?:\{(.*)\}|∅)$/u.exec(t);
  if (set) {
    if (!chainVariable) return null;
    const inner = (set[1] ?? '').trim();
    if (inner === '') return { variable: chainVariable, values: [] };
    const items = inner.split(/;|\||,\s+/).map((item) => constant(item.trim()));
    if (items.some((v) => typeof v !== 'number')) return null;
    return { variable: chainVariable, values: items as number[] };
  }
  const fraction = plusMinusFraction.exec(t);
  if (fraction && !(fraction[2] && !fraction[3])) {
    const a = constant(fraction[4]!);
    const b = constant(fraction[5]!);
    const d = constant(fraction[6]!);
    if (typeof a !== 'number' || b === null || typeof d !== 'number' || d === 0) return null;
    return { variable: fraction[1]!, values: b === 'none' ? [] : [(a + b) / d, (a - b) / d] };
  }
  const pm = plusMinusLine.exec(t);
  if (pm) {
    const [, variable, first, second] = pm;
    // "x1 = 2 ± 1" is no way to write one solution; "x1,2" or "x" states both
    if (first && !second) return null;
    const a = constant(pm[4]!);
    const b = constant(pm[5]!);
    if (typeof a !== 'number' || b === null) return null;
    return { variable: variable!, values: b === 'none' ? [] : [a + b, a - b] };
  }
  // several solutions on one line: each "x1 =", "x₂ =" starts one
  const starts = [...t.matchAll(indexAt)];
  if (starts.length >= 2) {
    const variable = starts[0]![1]!;
    if (starts.some((s) => s[1] !== variable || !indexOf(s[2]) || s[3])) return null;
    const values: number[] = [];
    for (let i = 0; i < starts.length; i++) {
      const from = starts[i]!.index + starts[i]![0].length;
      const to = i + 1 < starts.length ? starts[i + 1]!.index : t.length;
      const v = solutionValue(t.slice(from, to));
      if (typeof v !== 'number') return null;
      values.push(v);
    }
    return { variable, values };
  }
  const one = oneSolution.exec(t);
  if (one && indexOf(one[2]) && !one[3]) {
    const v = constant(one[4]!);
    if (typeof v !== 'number') return null;
    return { variable: one[1]!, values: [v], index: indexOf(one[2]) };
  }
  return null;
}

/** „x + 5 = ±1“, „x - 3 = ±√7“: the equation (x + 5)² = 1² it stands for, as left minus right. */
export function readPlusMinusEquation(text: string): { left: string; right: string } | null {
  const m = /^([^=±]*[a-z][^=±]*)=\s*±\s*([^=±]+)$/.exec(text.trim());
  if (!m || constant(m[2]!) === null || constant(m[2]!) === 'none') return null;
  return { left: `(${m[1]!.trim()})²`, right: `(${m[2]!.trim()})²` };
}

/** „p = 6; q = -27“, „p = -4, q = 3“, „p = 6 und q = -27“: the values of p and q */
export function readParameters(text: string): { p: number; q: number } | null {
  const m = /^p\s*=\s*(.+?)\s*(?:;|,\s|\s+und\s+|\s{2,})\s*q\s*=\s*(.+?)\s*$/.exec(text.trim());
  if (!m) return null;
  const p = constant(m[1]!);
  const q = constant(m[2]!);
  return typeof p === 'number' && typeof q === 'number' ? { p, q } : null;
}

/** „D = (6/2)² + 27 = 36“: every value the line states for the discriminant; null when it is none. */
export function readDiscriminant(text: string): number[] | null {
  const m = /^D\s*=(.+)$/.exec(text.trim());
  if (!m) return null;
  const values = m[1]!.split('=').map((part) => constant(part));
  return values.every((v) => typeof v === 'number') ? (values as number[]) : null;
}

/**
 * The formula in letters, as pupils copy it before using it: „x1,2 = -p/2 ± √((p/2)² - q)“,
 * „D = b² - 4ac“, „x1,2 = (-b ± √(b² - 4ac)) / 2a“. It states nothing to check and does not end the chain.
 */
export function isFormulaLine(text: string): boolean {
  const t = text.trim();
  const m = new RegExp(String.raw`^(?:${indexed}|D)\s*=([^=;]*)$`).exec(t);
  // „p = 6; q = -27“ gives values, it is no formula
  if (!m || /^[pq]/.test(t)) return false;
  const right = m[m.length - 1]!.replace(/√|sqrt/g, '');
  const letters = right.match(/[a-zA-Z]+/g) ?? [];
  return (
    letters.length > 0 && letters.every((l) => /^(?:p|q|a|b|c|ac|4ac)$/.test(l)) && !/\d[.,]\d/.test(right)
  );
}

/** The margin note of completing the square: a square added („| + 5²“, „| + (10/2)²“, „| +(p/2)²“). */
export function addsASquare(note: string): boolean {
  return /^\s*\+\s*(?:\(.+\)|[-−]?\d+(?:[.,]\d+)?)\s*²\s*$/.test(note);
}

export type Quadratic = { a: number; b: number; c: number };

/** a·x² + b·x + c read off three values of a function, or null when it is not one (checked at two more). */
export function quadraticOf(f: (x: number) => number): Quadratic | null {
  const y0 = f(0);
  const y1 = f(1);
  const ym = f(-1);
  const c = y0;
  const a = (y1 + ym) / 2 - c;
  const b = (y1 - ym) / 2;
  if (![a, b, c].every(Number.isFinite) || Math.abs(a) < 1e-12) return null;
  const fits = [2.5, -3.7].every((x) => {
    const y = f(x);
    return Math.abs(a * x * x + b * x + c - y) <= 1e-9 * Math.max(1, Math.abs(y));
  });
  return fits ? { a, b, c } : null;
}

/** The discriminant in both ways schools write it: (p/2)² − q of the normal form, and b² − 4ac. */
export function discriminants({ a, b, c }: Quadratic): number[] {
  const p = b / a;
  const q = c / a;
  return [(p / 2) ** 2 - q, b * b - 4 * a * c];
}

export const near = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y));
