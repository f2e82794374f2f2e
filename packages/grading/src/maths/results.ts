import { compile, unit as mathsUnit, type EvalFunction, type Unit } from 'mathjs';

/**
 * Results as a key or a student writes them, and whether two are the same (issue 13 §4): a number with its
 * unit ("200 V/cm" is "20 000 V/m"), rounded within the precision either side wrote ("≈ 2,4 m/s" and
 * "2,35 m/s"), a fraction ("1/6"), a per cent, a term in variables ("4a² − 25", compared by its values and
 * its form: factorised or multiplied out), a list or point ("[1, 4, 2, 5]", "S(−2 | −3)") or the two
 * values of "2 ± 3".
 */
export type MathsValue =
  | {
      kind: 'quantity';
      value: number;
      /** a physical unit mathjs knows; null for none, money or a counted thing ("Äpfel") */
      unit: Unit | null;
      percent: boolean;
      /** half a unit of the last digit written, in the written unit: the rounding the writer chose */
      rounding: number;
      /** written with decimals ("2,4"), so rounded; a whole number or a fraction is exact */
      rounded: boolean;
      approx: boolean;
      text: string;
    }
  | { kind: 'term'; f: EvalFunction; variables: string[]; factored: boolean; text: string }
  | { kind: 'list'; items: MathsValue[]; ordered: boolean; text: string }
  /** an equation in variables ("5x − 10 = 2x + 8"): left minus right, the same up to a factor */
  | { kind: 'equation'; f: EvalFunction; variables: string[]; text: string };

const superscripts: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
};

/** "20 000" (a space between groups of three digits), "3,2" or "3.2", "−5"; at the start of the text. */
const numberAt = /^[-−]?\d{1,3}(?:[  ]\d{3})+(?:[.,]\d+)?(?!\d)|^[-−]?\d+(?:[.,]\d+)?/;

function readNumber(s: string): { value: number; decimals: number; length: number } | null {
  const m = numberAt.exec(s);
  if (!m) return null;
  const plain = m[0].replace(/[  ]/g, '').replace(',', '.').replace('−', '-');
  const decimals = /\.(\d+)$/.exec(plain)?.[1]!.length ?? 0;
  return { value: Number(plain), decimals, length: m[0].length };
}

// money, per cent and units mathjs has no name for; a counted thing of up to three letters stays a unit too
const plainUnits = /^(?:€|EUR|Euro|ct|Cent|Stück|°|Grad|‰)$/;

function unitOf(text: string): Unit | null | 'plain' | 'none' {
  const u = text.trim();
  if (u === '') return 'none';
  if (plainUnits.test(u)) return 'plain';
  const name = u
    .replace(/^°C$/, 'degC')
    .replace(/Ω/g, 'ohm')
    .replace(/µ/g, 'u')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/·/g, ' ')
    .replace(/^l$/, 'L');
  try {
    const v = mathsUnit(1, name);
    return v;
  } catch {
    // a counted thing is a noun ("16 Zahlen", "3 Äpfel"); a lower-case letter is a variable ("6x")
    return /^\p{Lu}\p{Ll}+$/u.test(u) ? 'plain' : null;
  }
}

/** "3,2 · 10^-15 N", "20 000 V/m", "35 €", "15 %", "1/6", "−5": a number, its rounding and unit; null otherwise. */
function readQuantity(raw: string, approx: boolean): MathsValue | null {
  let s = raw.trim().replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g, (m) => `^${[...m].map((c) => superscripts[c]).join('')}`);
  const n = readNumber(s);
  if (!n) return null;
  let value = n.value;
  let rounding = 0.5 * 10 ** -n.decimals;
  let rounded = n.decimals > 0;
  s = s.slice(n.length);
  // a fraction "5/6" (not "m/s"): its value is exact
  const fraction = /^\s*\/\s*(\d+)(?![.,]\d)/.exec(s);
  if (fraction) {
    value /= Number(fraction[1]);
    rounding = 0;
    rounded = false;
    s = s.slice(fraction[0].length);
  }
  const power = /^\s*[·*×]\s*10\s*\^\s*\(?\s*([-−+]?\d+)\s*\)?/.exec(s);
  if (power) {
    const factor = 10 ** Number(power[1]!.replace('−', '-'));
    value *= factor;
    rounding *= factor;
    s = s.slice(power[0].length);
  }
  const rest = s.trim().replace(/[.;,]$/, '');
  if (rest === '%')
    return {
      kind: 'quantity',
      value,
      unit: null,
      percent: true,
      rounding,
      rounded,
      approx,
      text: raw.trim(),
    };
  const unit = unitOf(rest);
  if (unit === null) return null;
  return {
    kind: 'quantity',
    value,
    unit: unit === 'none' || unit === 'plain' ? null : unit,
    percent: false,
    rounding,
    rounded,
    approx,
    text: raw.trim(),
  };
}

function toMathjs(s: string): string {
  return s
    .trim()
    .replace(/(\d)\s*,\s*(?=\d)/g, '$1.')
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g, (m) => `^(${[...m].map((c) => superscripts[c]).join('')})`)
    .replace(/[·×]/g, '*')
    .replace(/[:÷]/g, '/')
    .replace(/[−–]/g, '-')
    .replace(/√\s*\(/g, 'sqrt(')
    .replace(/√\s*([\d.]+|[a-z])/g, 'sqrt($1)');
}

/** A term in single-letter variables ("x² + 6x + 9", "(2a − 5)(2a + 5)"); numbers alone are quantities. */
function readTerm(raw: string): MathsValue | null {
  const s = raw.trim();
  if (!/^[\d\s.,+\-−–*·×:÷/^()²³⁴√a-zA-Z]+$/.test(s)) return null;
  const words = (s.replace(/√/g, '').match(/[a-zA-Z]+/g) ?? []).filter((w) => w !== 'sqrt');
  // every variable stands alone: "km" is a unit, not k·m
  if (words.length === 0 || words.some((w) => w.length > 1)) return null;
  const variables = [...new Set(words)].sort();
  if (variables.some((v) => v === 'e' || v === 'i')) return null;
  const expr = toMathjs(s);
  try {
    const f = compile(expr);
    const probe: unknown = f.evaluate(Object.fromEntries(variables.map((v, i) => [v, 1.37 + i])));
    if (typeof probe !== 'number') return null;
    // factorised: a bracket raised to a power or multiplied ("(x − 5)²", "(x + 1)(x − 1)", "2(x + 1)")
    const factored = /\)\s*(?:[²³^]|\(|[·*]?\s*\()|[\da-z]\s*\(/i.test(s.replace(/√\s*\(/g, ''));
    return { kind: 'term', f, variables, factored, text: s };
  } catch {
    return null;
  }
}

/** "5x − 10 = 2x + 8", "2b + 2(b + 4) = 36": one "=" and a variable; null for anything else. */
function readEquation(raw: string): Extract<MathsValue, { kind: 'equation' }> | null {
  const sides = splitTop(raw.trim().replace(/[.;,]$/, ''), /^=/);
  if (sides.length !== 2) return null;
  const left = readTerm(sides[0]!);
  const right = readTerm(sides[1]!) ?? (constantValue(sides[1]!) !== null ? { variables: [] } : null);
  if (!left || left.kind !== 'term' || !right) return null;
  try {
    const f = compile(`(${toMathjs(sides[0]!)}) - (${toMathjs(sides[1]!)})`);
    const variables = [
      ...new Set([...left.variables, ...('variables' in right ? right.variables : [])]),
    ].sort();
    return { kind: 'equation', f, variables, text: raw.trim() };
  } catch {
    return null;
  }
}

/**
 * "3x + 5y − x + 2y = 2x + 7y", "(x + 4)(x − 2) = x² + 2x − 8": both sides the same term for every value, a
 * term transformed, whose result is its right side; no equation to solve.
 */
function isIdentity(equation: Extract<MathsValue, { kind: 'equation' }>): boolean {
  const probes = [0.37, 1.91, -2.63];
  try {
    return probes.every((base) => {
      const scope = Object.fromEntries(equation.variables.map((v, i) => [v, base + 0.71 * i]));
      const value: unknown = equation.f.evaluate(scope);
      return typeof value === 'number' && Math.abs(value) < 1e-9;
    });
  } catch {
    return false;
  }
}

/** "[1, 4, 2, 5]", "{5; −1}", "S(−2 | −3)", "2 ± 3": several values. */
const emptySet: MathsValue = { kind: 'list', items: [], ordered: false, text: '{ }' };

function readList(raw: string): MathsValue | null {
  const s = raw.trim();
  // no solution: "{ }", "∅", "keine Lösung"
  if (/^(?:\{\s*\}|∅|keine\s+(?:reelle\s+)?Lösung(?:en)?)$/iu.test(s)) return emptySet;
  const bracket = /^(?:\p{L}\s*)?([[{(])(.*)([\]})])$/u.exec(s);
  if (bracket) {
    const inner = bracket[2]!;
    const separator = /\|/.test(inner) ? /\|/ : /;/.test(inner) ? /;/ : /,\s+|,(?=[-−]?\d+\s*(?:,|$))/;
    const parts = inner.split(separator).map((p) => p.trim());
    // one value in braces is a set of one solution ("L = {5}"); one in brackets is no list
    if (parts.length < 2 && bracket[1] !== '{') return null;
    const items = parts.map((p) => readQuantity(p, false));
    if (items.some((x) => x === null)) return null;
    // a set of solutions has no order; a list or a point has
    return { kind: 'list', items: items as MathsValue[], ordered: bracket[1] !== '{', text: s };
  }
  const pm = /^(.+?)\s*±\s*(.+)$/.exec(s);
  if (pm) {
    const a = constantValue(pm[1]!);
    const b = constantValue(pm[2]!);
    if (a === null || b === null) return null;
    const item = (v: number): MathsValue => ({
      kind: 'quantity',
      value: v,
      unit: null,
      percent: false,
      rounding: 0,
      rounded: false,
      approx: false,
      text: String(v),
    });
    return { kind: 'list', items: [item(a + b), item(a - b)], ordered: false, text: s };
  }
  return null;
}

/** A constant written as a calculation ("√(4 + 5)", "50/36"); null for anything else or a complex root. */
function constantValue(s: string): number | null {
  if (/[a-zA-Z]/.test(s.replace(/√/g, ''))) return null;
  try {
    const v: unknown = compile(toMathjs(s)).evaluate({});
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/** One written result: a quantity, a list, or a term; null for words or a calculation still to be done. */
export function readValue(raw: string, approx = false): MathsValue | null {
  const s = raw
    .trim()
    .replace(/[.;,]$/, '')
    .trim()
    // a number system's mark is no unit: "101101₂", "(101101)₂", "26_10"; a binary number in groups of
    // four ("0010 1101") is one number
    .replace(/^\(([0-9A-F]+)\)(?=\s*[₀-₉])/, '$1')
    .replace(/^([0-9A-F]+)\s*(?:[₀-₉]+|_(?:2|8|10|16))$/, '$1')
    .replace(/^[01]{1,4}(?: [01]{4})+$/, (m) => m.replace(/ /g, ''));
  if (s === '') return null;
  return readList(s) ?? readQuantity(s, approx) ?? readTerm(s);
}

/** Splits at `separators` outside brackets. */
function splitTop(s: string, separators: RegExp): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      const m = separators.exec(s.slice(i));
      if (m && m.index === 0) {
        out.push(s.slice(from, i));
        from = i + m[0].length;
        i = from - 1;
      }
    }
  }
  out.push(s.slice(from));
  return out;
}

/** Statements of a key's or answer's line: "n = 10, p = 1/6" is two; "[1, 4, 2, 5]" one. */
/**
 * The statements of a line: split at "; ", ", ", "und"/"oder", and at a sentence's end before the next
 * sentence ("340 · 3 = 1020 m. Das Gewitter ist 1020 m entfernt.")
 */
function statements(s: string): string[] {
  return splitTop(s, /^(?:[;,](?=\s)|\.(?=\s+\p{Lu}\p{Ll})|\s+(?:und|oder|bzw\.)\s+)/u).filter(
    (x) => x.trim().length > 0,
  );
}

// a unit after a number ("20 000 V/m", "5 m/s", "35 €") or a name for a function is no word of the aspect
const unitAfterNumber = /(\d\s?)(?:[a-zA-ZµΩ°€%‰][a-zA-ZµΩ°/²³^]*)/gu;

/** The key's wording is made of numbers, operators, units and single-letter names only. */
function mathsOnly(text: string): boolean {
  const stripped = text
    // a quantity of a substance: "n(CO2)", "M(H2O)", "c(HCl)"
    .replace(/(?<!\p{L})[a-zA-Z]\((?:[A-Z][a-z]?\d*)+\)/gu, 'x')
    .replace(/(?<!\p{L})(?:sqrt|über|log|ln|sin|cos|tan)(?!\p{L})/gu, ' ')
    .replace(unitAfterNumber, (m, lead: string) => {
      const u = m.slice(lead.length);
      return unitOf(u) !== null || u === '%' ? lead : m;
    });
  return /\d/.test(stripped) && !/\p{L}{2,}/u.test(stripped.replace(/\b[a-zA-Z]\d*\b/g, ''));
}

/** "x", "x₁", "E(X)", "P(X = 2)", "σ", "f(x)", "v": a name on the left of a result. */
const simpleName = /^\s*(?:\p{L}[\p{L}₀-₉\d']{0,2}(?:\s*\([^()]*\))?)\s*$/u;

export type KeyResult = {
  value: MathsValue;
  text: string;
  /** the key converts ("18 km/h = … = 5 m/s"): the result counts only in the key's unit */
  inUnit?: string;
  /** the key's equation: an equivalent equation of the answer counts too */
  equation?: MathsValue;
};

/**
 * The results a key's aspect asks for, or null when it is no calculation: the value after the last "=" or
 * "≈" of each statement naming a result ("x₁ = 5, x₂ = −1"; "n = 10, p = 1/6"), else of the last statement
 * ("7 · 98 = 686"). A label before a colon ("pq-Formel: …", "nach dem ersten Durchlauf: [1, 4, 2, 5]") is
 * left out; the steps before the result are the way there, which the answer may take differently.
 */
/** A label before the maths: words and a colon ("pq-Formel: …"), or one or two words ("Ansatz 2b + …", "neuer Preis 408 €"). */
const keyLabel = /^(?:[\p{L}\s-]+:|(?:\p{L}{2,}\s+){1,2}(?=[\d([{√-]|\p{L}\s*\(|[a-z]\b))\s*/u;

export function keyResults(text: string): KeyResult[] | null {
  // a chain of steps ("x² − 5x = 0 → x(x − 5) = 0 → x = 0 oder x = 5"): its last link is the result, and
  // solutions joined by "oder"/"und" are a list of them
  const links = text.trim().split(/\s*(?:→|⇒|=>)\s*/);
  const lastLink = links.length > 1 && /=/.test(links.at(-1)!) ? links.at(-1)! : text.trim();
  let body = lastLink.replace(/\s+(?:oder|und|bzw\.)\s+(?=\p{L}[₀-₉\d]?\s*=)/gu, ', ');
  const colon = keyLabel.exec(body);
  if (colon) body = body.slice(colon[0].length);
  // after words without a colon, a bare number is a fact of the sentence ("Wiedervereinigung 1990"), not
  // a result: a result has a unit, an operator or brackets
  if (colon && !colon[0].includes(':') && !/[=+\-−·*/^()[\]{}%€≈]|\d\s?[\p{L}µΩ°]/u.test(body)) return null;
  // "ca. 2300 mm": a rounded value
  const about = /^(?:ca\.|etwa|ungefähr|rund)\s*(?=[-−\d])/.exec(body);
  if (about) body = `≈ ${body.slice(about[0].length)}`;
  const noSolution = /^\p{L}\s*=\s*(?:\{\s*\}|∅)$/u.test(body);
  if (!mathsOnly(body) && !(colon && readList(body)) && !noSolution) return null;
  const parts = statements(body).map((st) => splitTop(st, /^[=≈]/));
  const named = parts.filter((p) => p.length >= 2 && simpleName.test(p[0]!));
  // a value standing alone beside named results is one too ("f(x) = (x + 2)² − 3, S(−2 | −3)")
  const alone = parts.filter((p) => p.length === 1 && readValue(p[0]!) !== null);
  const chosen =
    named.length > 0 ? parts.filter((p) => named.includes(p) || alone.includes(p)) : parts.slice(-1);
  const results: KeyResult[] = [];
  for (const p of chosen) {
    const last = p[p.length - 1]!;
    // an equation to reach ("5x − 10 = 2x + 8", "2b + 2(b + 4) = 36"): any equivalent one counts; a number on
    // its right ("3x = 18") also counts as the result, so a Folgefehler there earns it
    if (p.length === 2 && !simpleName.test(p[0]!)) {
      const equation = readEquation(p.join('='));
      const number = readQuantity(last, false);
      if (equation && equation.variables.length > 0 && !isIdentity(equation)) {
        results.push({
          value: number?.kind === 'quantity' && number.value !== 0 ? number : equation,
          text: p.join('=').trim(),
          equation,
        });
        continue;
      }
    }
    const approx = p.length >= 2 && /≈\s*$/.test(body.slice(0, body.indexOf(last, body.indexOf(p[0]!))));
    const value = readValue(last, approx);
    if (!value) continue;
    const converts =
      value.kind === 'quantity' &&
      value.unit !== null &&
      p.slice(0, -1).some((piece) => {
        const q = readValue(piece);
        return (
          q?.kind === 'quantity' && q.unit !== null && !q.unit.equals(value.unit!) && sameValue(q, value)
        );
      });
    const unitText = last.trim().replace(numberAt, '').trim();
    results.push({ value, text: last.trim(), ...(converts ? { inUnit: unitText } : {}) });
  }
  // "x = 3 ± √(9 − 8)" beside "x₁ = 4, x₂ = 2" says the same twice
  const single = results.filter((r) => r.value.kind !== 'list' || r.value.ordered);
  const out = results.filter(
    (r) =>
      r.value.kind !== 'list' ||
      r.value.ordered ||
      r.value.items.length === 0 ||
      !r.value.items.every((i) => single.some((s) => sameValue(i, s.value))),
  );
  return out.length > 0 ? out : null;
}

/**
 * The intermediate steps of a key's aspect: formulas and calculations between the name and the result
 * ("U / d", "400 V / 0,02 m" of "E = U / d = 400 V / 0,02 m = 20 000 V/m"), and equations of a chain
 * before its result ("x² − 4x − 5 = 0").
 */
export function keySteps(text: string): string[] {
  let body = text.trim();
  const colon = keyLabel.exec(body);
  if (colon) body = body.slice(colon[0].length);
  const out: string[] = [];
  for (const st of statements(body)) {
    const p = splitTop(st, /^[=≈]/).map((x) => x.trim());
    if (p.length === 2 && !simpleName.test(p[0]!) && /^0$/.test(p[1]!)) out.push(st.trim());
    for (let i = 1; i < p.length - 1; i++) if (/[+\-−*·×/:÷√^²]/.test(p[i]!)) out.push(p[i]!);
  }
  return out;
}

const normaliseStep = (s: string) =>
  toMathjs(s)
    .replace(/\s+/g, '')
    .replace(/\*\*/g, '^')
    .replace(/\^\(?(\d)\)?/g, '^$1');

/** Whether the answer writes this step of the key (spaces, "·" or "*", "−" or "-" aside). */
export function answerHasStep(answer: string, step: string): boolean {
  const want = normaliseStep(step);
  if (want.length < 3) return false;
  return answer.split('\n').some((line) => normaliseStep(line).includes(want));
}

export type WrittenResult = { value: MathsValue; start: number; end: number; text: string };

/**
 * The results an answer writes: each value after "=", "≈", "→" or a colon, or a line's statement that is a
 * value on its own ("101101", "[1, 4, 2, 5]"); the left side of a chain is the task, not a result. A value
 * followed by words ("= 16 verschiedene Zahlen") is read up to the words.
 */
export function writtenResults(answer: string): WrittenResult[] {
  const out: WrittenResult[] = [];
  let lineStart = 0;
  for (const line of answer.split('\n')) {
    let offset = 0;
    for (const whole of statements(line)) {
      const st0 = lineStart + line.indexOf(whole, offset);
      offset = st0 - lineStart + whole.length;
      // a subtask label ("a)", "1b)", "2.") or words before a colon ("von unten gelesen: 101101") lead to
      // the result; a colon between numbers divides
      const label = /^\s*(?:\d*[a-z]\)|\d+[.)](?=\s))?(?:[\p{L}\s-]*\p{L}:(?=\s))?/u.exec(whole)![0];
      const st = whole.slice(label.length);
      const at = st0 + label.length;
      if (st.trim() === '') continue;
      const pieces = splitTop(st, /^[=≈→⇒]/);
      const equation = pieces.length === 2 && /=/.test(st) ? readEquation(st) : null;
      if (equation) {
        const text = st.trim().replace(/[.;,]$/, '');
        const start = at + st.indexOf(text);
        out.push({ value: equation, start, end: start + text.length, text });
      }
      // "…, also keine Lösung."
      const none = /keine\s+(?:reelle\s+)?Lösung(?:en)?/iu.exec(st);
      if (none && pieces.length === 1) {
        const start = at + none.index;
        out.push({ value: emptySet, start, end: start + none[0].length, text: none[0] });
      }
      // a sentence ending in a value: "Die Länge ist 11 cm."
      const trailing =
        pieces.length === 1
          ? /(?<=\p{L}\s+)([-−]?\d[\d  ]*(?:[.,]\d+)?(?:\s?[^\s\d.,;]{1,5})?)\s*[.!]?\s*$/u.exec(st)
          : null;
      if (trailing && !readValue(st)) {
        const value = readValue(trailing[1]!);
        const start = at + trailing.index;
        if (value) out.push({ value, start, end: start + trailing[1]!.length, text: trailing[1]! });
      }
      let pos = 0;
      pieces.forEach((piece, i) => {
        const pieceStart = at + st.indexOf(piece, pos);
        pos = pieceStart - at + piece.length;
        if (i === 0 && pieces.length > 1) return;
        // the sentence's full stop is no part of the value ("p = 1/6.")
        const text = piece
          .trim()
          .replace(/[.;,]$/, '')
          .trimEnd();
        const start = pieceStart + piece.indexOf(text);
        const approx = i > 0 && /≈\s*$/.test(st.slice(0, pieceStart - at));
        let value = readValue(text, approx);
        let used = text;
        // a statement without "=" counts only as a value of its own, not the number words begin with
        if (!value && pieces.length > 1) {
          // the leading number and its unit before words: "16 verschiedene Zahlen"
          const lead = /^[-−]?\d[\d  .,]*(?:\s*[·*×]\s*10\^?[-−]?\d+)?(?:\s?[^\s\d,;.]{1,4}(?=\s|$))?/.exec(
            text,
          );
          // only before words: "36 km : 2 h" is a calculation still to be done
          if (lead && /^\s*(?:\p{L}{2,}|$)/u.test(text.slice(lead[0].length))) {
            used = lead[0].trim();
            value = readValue(used, approx) ?? readValue(used.replace(/\s?\S+$/, ''), approx);
            if (value && !readValue(used, approx)) used = used.replace(/\s?\S+$/, '');
          }
        }
        // a calculation still to be done is no result ("51 · 51"); a term in variables or a value is
        if (value) out.push({ value, start, end: start + used.length, text: used });
      });
    }
    lineStart += line.length + 1;
  }
  return out;
}

const samplePoints = [-2.31, -0.77, 0.43, 1.37, 2.91, 5.13];

function inBase(q: Extract<MathsValue, { kind: 'quantity' }>): { value: number; rounding: number } {
  if (!q.unit) return { value: q.value, rounding: q.rounding };
  const one = q.unit.toSI().toNumber() / (q.unit.toNumber() || 1);
  return { value: q.value * one, rounding: q.rounding * one };
}

/**
 * Whether the student's value is the key's: the same quantity (units converted; a missing unit or money
 * sign compares the numbers) within the rounding either side wrote, or when the key marks its value as
 * rounded ("≈"), or within `relative` of the key's value; the same term with the same form; the same list.
 */
export function sameValue(student: MathsValue, key: MathsValue, relative = 0): boolean {
  if (key.kind === 'list') {
    if (student.kind !== 'list' || student.items.length !== key.items.length) return false;
    if (key.ordered && student.ordered) return key.items.every((k, i) => sameValue(student.items[i]!, k));
    return key.items.every((k) => student.items.some((s) => sameValue(s, k)));
  }
  if (key.kind === 'equation') {
    if (student.kind !== 'equation' || student.variables.join() !== key.variables.join()) return false;
    let ratio: number | null = null;
    return samplePoints.every((x) => {
      const scope = Object.fromEntries(key.variables.map((v, i) => [v, x + i * 0.61]));
      const a = student.f.evaluate(scope) as unknown;
      const b = key.f.evaluate(scope) as unknown;
      if (typeof a !== 'number' || typeof b !== 'number') return false;
      if (Math.abs(b) < 1e-12) return Math.abs(a) < 1e-9;
      ratio ??= a / b;
      return ratio !== 0 && Math.abs(a / b - ratio) <= 1e-9 * Math.abs(ratio);
    });
  }
  if (student.kind === 'equation') return false;
  if (key.kind === 'term') {
    if (student.kind !== 'term' || student.factored !== key.factored) return false;
    if (student.variables.join() !== key.variables.join()) return false;
    return samplePoints.every((x) => {
      const scope = Object.fromEntries(key.variables.map((v, i) => [v, x + i * 0.61]));
      const a = student.f.evaluate(scope) as unknown;
      const b = key.f.evaluate(scope) as unknown;
      return (
        typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b))
      );
    });
  }
  if (student.kind !== 'quantity') return false;
  if (student.unit && key.unit && !student.unit.equalBase(key.unit)) return false;
  // units are converted only when they differ (°C to K is no factor)
  const convert = key.unit !== null && student.unit !== null && !student.unit.equals(key.unit);
  const s = convert ? inBase(student) : { value: student.value, rounding: student.rounding };
  const k = convert ? inBase(key) : { value: key.value, rounding: key.rounding };
  const candidates = [s.value];
  // "15 %" against "0,15"
  if (student.percent !== key.percent) candidates.push(student.percent ? s.value / 100 : s.value * 100);
  // the key's rounding counts when it rounds ("≈ 2,4", "1,67"); a whole number in the key is exact
  const keyTolerance = key.approx || key.rounded ? k.rounding : 0;
  // the student's rounding counts when they rounded to decimals ("0,29" for 0,2907)
  const studentTolerance = student.rounded ? s.rounding : 0;
  const tolerance =
    Math.max(keyTolerance, studentTolerance, relative * Math.abs(k.value)) * (1 + 1e-9) +
    (k.value === 0 ? 1e-12 : 1e-9 * Math.abs(k.value));
  return candidates.some((v) => Math.abs(v - k.value) <= tolerance);
}

/** The right number with a unit of another kind ("2300 °C" for "2300 mm"): a unit mistake, not a wrong value. */
export function sameNumberOtherUnit(student: MathsValue, key: MathsValue): boolean {
  if (student.kind !== 'quantity' || key.kind !== 'quantity' || !student.unit || !key.unit) return false;
  if (student.unit.equalBase(key.unit)) return false;
  return sameValue({ ...student, unit: null }, { ...key, unit: null });
}

// a number with a unit, a decimal or a fraction in a sentence: "24,50 €", "2,5 Stunden", "1/6", "15 %"
const valueInText =
  /(?<![\p{L}\d.,/])[-−]?\d[\d  ]*(?:[.,]\d+)?(?:\s*\/\s*\d+)?(?:\s?(?:[%€‰°]|[\p{L}µΩ°][\p{L}µΩ°/²³]*))?/gu;

/**
 * The measured results a sentence of the key states ("Er muss 24,50 € bezahlen."): values with a unit, a
 * decimal or a fraction. A whole number alone (a year, a count) is a fact the word scorer reads.
 */
export function statedValues(text: string): Extract<MathsValue, { kind: 'quantity' }>[] {
  const out: Extract<MathsValue, { kind: 'quantity' }>[] = [];
  for (const m of text.matchAll(valueInText)) {
    const raw = m[0].trim();
    // "1793/94" is a span of years, not a fraction
    if (/\d{4}\s*\/\s*\d/.test(raw)) continue;
    const value = readValue(raw) ?? readValue(raw.replace(/\s?[\p{L}µΩ°][\p{L}µΩ°/²³]*$/u, ''));
    if (value?.kind !== 'quantity') continue;
    const measured = value.unit !== null || value.percent || value.rounded || /\/|€|EUR/.test(raw);
    if (measured && /\d/.test(raw)) out.push(value);
  }
  return out;
}
