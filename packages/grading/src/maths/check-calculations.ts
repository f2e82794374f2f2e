import { evaluate } from 'mathjs';

export type CalculationFinding = {
  /** 'wrong': the result is wrong; 'follow-on': right given an earlier wrong value (Folgefehler) */
  kind: 'wrong' | 'follow-on';
  /** offsets of the wrong result (or of the step using the wrong value) in the text */
  start: number;
  end: number;
  quoted: string;
  /** the whole written step, e.g. "3 * 4 = 13" */
  step: string;
  expected: number;
  written: number;
  /** for follow-on errors: the earlier wrong value it builds on */
  basedOn?: number;
};

export type CalculationCheck = { steps: number; findings: CalculationFinding[] };

// digits with decimal comma or point, operators, brackets, spaces; at least one '=' (a written step or chain)
const chainPattern =
  /[-−+(\d][\d \t.,+\-−*·×x:÷/^()]*?(?:=[ \t]*[-−+(\d][\d \t.,+\-−*·×x:÷/^()]*?)+(?=[ \t]*(?:$|[\n;!?]|[A-Za-zÄÖÜäöüß]|\.(?:\s|$)))/gm;

function toMathjs(expr: string): string | null {
  const e = expr
    .trim()
    .replace(/(\d)\s*,\s*(?=\d)/g, '$1.')
    .replace(/[·×]/g, '*')
    .replace(/(\d)\s*x\s*(?=[\d(])/g, '$1*')
    .replace(/[:÷]/g, '/')
    .replace(/−/g, '-');
  if (!/^[\d\s.+\-*/^()]+$/.test(e) || !/\d/.test(e)) return null;
  return e;
}

function valueOf(expr: string): number | null {
  const e = toMathjs(expr);
  if (e === null) return null;
  try {
    const v: unknown = evaluate(e);
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

function decimals(expr: string): number {
  const m = /[.,](\d+)\s*$/.exec(expr.trim());
  return m ? m[1]!.length : 0;
}

/** Equal, allowing the rounding the student chose (as many decimals as written, but at least 2 if any). */
function same(written: number, exact: number, writtenText: string): boolean {
  if (Math.abs(written - exact) <= 1e-9 * Math.max(1, Math.abs(exact))) return true;
  const d = decimals(writtenText);
  if (d === 0) return false;
  const f = 10 ** d;
  return Math.abs(Math.round(exact * f) / f - written) <= 0.5 / f + 1e-12;
}

function isPlainNumber(expr: string): boolean {
  return /^\s*[-−]?\d+(?:[.,]\d+)?\s*$/.test(expr);
}

/**
 * Finds written calculations ("3 * 4 = 12", "12 : 4 = 3", "2,5 + 1,5 = 4", chains "3 + 4 = 7 * 2 = 14" are
 * read as the running result, and later lines that use a wrong result) and checks each step with mathjs.
 * A step that is wrong is an error with the correct value; a step that is right only because it builds on
 * an earlier wrong value is a follow-on error (Folgefehler), which the caller charges nothing for.
 */
export function checkCalculations(text: string): CalculationCheck {
  const findings: CalculationFinding[] = [];
  const wrongValues = new Map<string, number>(); // written wrong value -> correct value
  let steps = 0;
  for (const match of text.matchAll(chainPattern)) {
    // "Aufgabe 1: 3 * 4 = 12" or "1. 3 * 4 = 12": the task label is not part of the calculation
    const lineBefore = text.slice(text.lastIndexOf('\n', match.index - 1) + 1, match.index);
    // after a word ("Aufgabe 1:") a number with ':', '.' or ')' is a label; at the line start only '1.' and '1)'
    const afterWord = /\p{L}\s*$/u.test(lineBefore);
    const label = (afterWord ? /^\d+[a-z]?\s*[:.)]\s+/ : /^\d+[a-z]?[.)]\s+/).exec(match[0]);
    const cut = label && (afterWord || /^\s*$/.test(lineBefore)) ? label[0].length : 0;
    const m = { 0: match[0].slice(cut), index: match.index + cut };
    const chain = m[0];
    // dates like 12.03.2025 or times are not calculations
    if (/\d{1,2}\.\d{1,2}\.\d{2,4}/.test(chain)) continue;
    const parts: { text: string; start: number }[] = [];
    let offset = 0;
    for (const piece of chain.split('=')) {
      parts.push({ text: piece, start: m.index + offset });
      offset += piece.length + 1;
    }
    if (parts.length < 2 || parts.every((p) => isPlainNumber(p.text))) continue;
    let previousWritten: number | null = valueOf(parts[0]!.text);
    let previousExact: number | null = substituteCorrect(parts[0]!.text, wrongValues);
    const usesWrong = usedWrongValue(parts[0]!.text, wrongValues);
    for (let i = 1; i < parts.length; i++) {
      const part = parts[i]!;
      const writtenHere = valueOf(part.text);
      if (writtenHere === null || previousWritten === null) break;
      steps++;
      const trimmedStart = part.start + (part.text.length - part.text.trimStart().length);
      const quoted = part.text.trim();
      const stepText = text.slice(parts[i - 1]!.start, part.start + part.text.length).trim();
      const leading = /^\s*(\d+(?:[.,]\d+)?)/.exec(part.text);
      if (
        !isPlainNumber(part.text) &&
        leading &&
        same(Number(leading[1]!.replace(',', '.')), previousWritten, leading[1]!)
      ) {
        // running chain "3 + 4 = 7 * 2 = 14": "7 * 2" starts from the right previous result; "= 14" is checked next
      } else if (same(writtenHere, previousWritten, part.text)) {
        if (
          usesWrong !== undefined &&
          previousExact !== null &&
          !same(writtenHere, previousExact, part.text)
        ) {
          findings.push({
            kind: 'follow-on',
            start: trimmedStart,
            end: trimmedStart + quoted.length,
            quoted,
            step: stepText,
            expected: previousExact,
            written: writtenHere,
            basedOn: usesWrong,
          });
          wrongValues.set(normaliseNumber(quoted), previousExact);
        }
      } else {
        findings.push({
          kind: 'wrong',
          start: trimmedStart,
          end: trimmedStart + quoted.length,
          quoted,
          step: stepText,
          expected: previousWritten,
          written: writtenHere,
        });
        if (isPlainNumber(part.text))
          wrongValues.set(normaliseNumber(quoted), previousExact ?? previousWritten);
      }
      previousWritten = writtenHere;
      previousExact = isPlainNumber(part.text)
        ? (previousExact ?? writtenHere)
        : substituteCorrect(part.text, wrongValues);
    }
  }
  return { steps, findings };
}

function normaliseNumber(s: string): string {
  return String(Number(s.trim().replace(',', '.').replace('−', '-')));
}

function numbersIn(expr: string): string[] {
  return (expr.match(/\d+(?:[.,]\d+)?/g) ?? []).map(normaliseNumber);
}

function usedWrongValue(expr: string, wrong: Map<string, number>): number | undefined {
  const n = numbersIn(expr).find((x) => wrong.has(x));
  return n === undefined ? undefined : Number(n);
}

/** The value the expression would have had with the correct earlier results in place of the wrong ones. */
function substituteCorrect(expr: string, wrong: Map<string, number>): number | null {
  const replaced = expr.replace(/\d+(?:[.,]\d+)?/g, (n) => {
    const correct = wrong.get(normaliseNumber(n));
    return correct === undefined ? n : String(correct);
  });
  return valueOf(replaced);
}

/** German number formatting for messages: 2.5 -> "2,5". */
export function formatNumber(n: number): string {
  const rounded = Math.round(n * 1e6) / 1e6;
  return String(rounded).replace('.', ',');
}
