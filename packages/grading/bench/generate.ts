/**
 * Shared pieces of the generated benchmarks (bench:maths, bench:language): a seeded random source, the
 * command-line options, and how an error of the result is placed in the student's text.
 */
import { pathToFileURL } from 'node:url';
import type { AnalysisResult, GradingError } from '@korrigo/domain';

/** mulberry32: small, fast and the same on every machine for the same seed. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** an integer in lo..hi, both included */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }
}

/** `--name value` from the command line, or undefined. */
export function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

export function numberArg(argv: string[], name: string, fallback: number): number {
  const v = argValue(argv, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`--${name} erwartet eine Zahl, nicht „${v}“`);
  return n;
}

/** true when the module with this import.meta.url is the program that was started (not imported by a test) */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && pathToFileURL(entry).href === moduleUrl;
}

export type Span = [number, number];

/** Character range of lines (or blank-line-separated paragraphs) first..last, counted from 1. */
function blockRange(text: string, separator: RegExp, first: number, last: number): Span | null {
  const starts = [0];
  for (const m of text.matchAll(separator)) starts.push(m.index + m[0].length);
  const s = starts[first - 1];
  if (s === undefined) return null;
  const next = starts[last];
  return [s, next === undefined ? text.length : next];
}

/** Where an error of the result stands in the student's text (as bench:tests reads it), or null. */
export function errorSpan(text: string, error: GradingError): Span | null {
  const loc = error.location;
  if (!loc) return null;
  if (loc.type === 'text') return [loc.start, Math.max(loc.end, loc.start + 1)];
  const byQuote = loc.quoted_text ? text.indexOf(loc.quoted_text) : -1;
  if (byQuote !== -1) return [byQuote, byQuote + loc.quoted_text.length];
  return blockRange(text, loc.type === 'line' ? /\n/g : /\n\s*\n/g, loc.start, loc.end);
}

export const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];

/** Every error of the result with the task and subtask it belongs to. */
export function allErrors(result: AnalysisResult) {
  return result.tasks.flatMap((task, t) =>
    task.subtasks.flatMap((subtask) => subtask.errors.map((error) => ({ error, task, t, subtask }))),
  );
}

/** A hint, not a mark: the engine's Folgefehler notes and other informational remarks. */
export const isHint = (error: GradingError) => /^info/i.test(error.severity);

export const pct = (num: number, den: number) => (den > 0 ? (100 * num) / den : NaN);
export const fmtPct = (num: number, den: number) => (den > 0 ? `${((100 * num) / den).toFixed(1)} %` : '–');
