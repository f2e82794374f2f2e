import { evaluate, type Unit } from 'mathjs';

export type CalculationFinding = {
  /** 'wrong': the result is wrong; 'follow-on': right given an earlier wrong value (Folgefehler) */
  kind: 'wrong' | 'follow-on';
  /** offsets of the wrong result (or of the step using the wrong value) in the text */
  start: number;
  end: number;
  quoted: string;
  /** a wrong result with its unit as written ("35 €"), for messages */
  writtenText?: string;
  /** the whole written step, e.g. "3 * 4 = 13" */
  step: string;
  expected: number;
  written: number;
  /** the right result as the student would write it: a fraction for fractions, else a rounded decimal */
  expectedText: string;
  /** the step written correctly, with the student's unit ("40 − 10 = 30 €"); for a Rest division "5 Rest 1" */
  correctStep: string;
  /** the units do not agree: what the left side gives ("km^2 / h") and what the student wrote ("h") */
  unitMismatch?: { left: string; right: string };
  /**
   * the numbers agree but the quantities do not ("18 km/h · 3,6 = 64,8 m/s"): a wrong conversion or
   * formula, not a slip in the arithmetic
   */
  conversion?: true;
  /**
   * a mistake of percentage calculation with right arithmetic (check-percentages): the per cent taken of a
   * price after the change („falscher Grundwert“), a discount added, a surcharge taken off
   */
  rule?: 'base' | 'discount-added' | 'surcharge-subtracted';
  /** for 'base': the given price, which per cent of the base it is, and the base */
  percent?: { given: string; givenShare: string; base: string };
  /** for follow-on errors: the earlier wrong value it builds on, and as written ("2/5") */
  basedOn?: number;
  basedOnText?: string;
};

/** `stepStarts`: where each checked step's result stands, right or wrong, so a task can count its own */
export type CalculationCheck = { steps: number; stepStarts: number[]; findings: CalculationFinding[] };

// digits with decimal comma or point, operators, roots, brackets, spaces; at least one '=' or '≈' (a written
// step or chain; '≈' is checked with the rounding the student wrote, as '=' is).
// Runs on the masked text (units blanked, "% von" as ¤), so "40 g - 10 g = 35 g" is a step like "40 - 10 = 35".
const chainPattern =
  /[-−+(\d√][\d \t.,+\-−*·×x:÷/^()¤√]*?(?:[=≈][ \t]*[-−+(\d√][\d \t.,+\-−*·×x:÷/^()¤√]*?)+(?=[ \t]*(?:$|[\n;!?]|[A-Za-zÄÖÜäöüß]|\.(?:\s|$)))/gm;

// units and currencies written after a number; the same unit on both sides cancels, so they are blanked
const units =
  '€|EUR|Euro|ct|Cent|%|‰|°C|km/h|m/s²|m/s|g/mol|[kcmdµ]?(?:g|m|l|L)(?:²|³)?|t|h|min|s|N|kN|J|kJ|W|kW|kWh|V|A|mA|Ω|mol|Pa|hPa';
const unitPattern = new RegExp(`(?<=\\d[ \\t]?)(?:${units})(?![\\p{L}\\d/])`, 'gu');
const unitAtStart = new RegExp(`^[ \\t]?(${units})(?![\\p{L}\\d/])`, 'u');
// "15 % von 80": the percent of a value
const percentOfPattern = /(?<=\d[ \t]?)%[ \t]*(?:von|vom|of)[ \t]+(?=\d)/g;
// "2 ganze 1/3": the word of a mixed number, as school books write it; read as "2 1/3"
const wholesWord = /(?<=\d[ \t]+)[Gg]anzen?(?=[ \t]+\d+[ \t]*\/[ \t]*\d)/g;

/** The text with "% von" as ¤, units and the mixed numbers' "ganze" blanked, at the same offsets. */
function maskUnits(text: string): string {
  return text
    .replace(percentOfPattern, (m) => '¤'.padEnd(m.length, ' '))
    .replace(wholesWord, (m) => ' '.repeat(m.length))
    .replace(unitPattern, (m) => ' '.repeat(m.length));
}

/**
 * German thousands points ("12.000", "1.250.000,50"): a point before groups of exactly three digits, after
 * one to three digits that are not a lone 0 ("0.125" is a decimal), and not inside a date.
 */
function withoutThousandsPoints(expr: string): string {
  return expr.replace(
    /(?<![\d.,])([1-9]\d{0,2})((?:\.\d{3})+)(?![\d]|\.\d)/g,
    (_, head: string, groups: string) => head + groups.replace(/\./g, ''),
  );
}

// a mixed number "2 1/3" (whole, space, fraction): the whole and the fraction are added, not multiplied
const mixedNumber = /(?<![\d.,/])(\d+)[ \t]+(\d+)[ \t]*\/[ \t]*(\d+)(?![\d.,])/g;

function toMathjs(expr: string): string | null {
  const e = withoutThousandsPoints(expr.trim())
    .replace(mixedNumber, '($1+$2/$3)')
    .replace(/(\d)\s*,\s*(?=\d)/g, '$1.')
    // a fraction bar binds tighter than ':' and '·': "5/6 : 5/12" is (5/6) : (5/12)
    .replace(/(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)/g, '($1/$2)')
    .replace(/¤/g, '/100*')
    .replace(/√\s*(\d+(?:\.\d+)?)/g, 'sqrt($1)')
    .replace(/√\s*\(/g, 'sqrt(')
    .replace(/[·×]/g, '*')
    .replace(/(\d)\s*x\s*(?=[\d(])/g, '$1*')
    .replace(/[:÷]/g, '/')
    .replace(/−/g, '-');
  if (!/^[\d\s.+\-*/^()]+$/.test(e.replace(/sqrt/g, '')) || !/\d/.test(e)) return null;
  return e;
}

export function valueOf(expr: string): number | null {
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
  const m = /[.,](\d+)\s*$/.exec(withoutThousandsPoints(expr.trim()));
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

/** The closest fraction with a small denominator, or null when there is none. */
function asFraction(x: number): [number, number] | null {
  for (let d = 1; d <= 1000; d++) {
    const n = Math.round(x * d);
    if (Math.abs(n / d - x) <= 1e-9 * Math.max(1, Math.abs(x))) return [n, d];
  }
  return null;
}

/**
 * The right value as the student wrote theirs: "7/12" for a fraction (also when the student wrote a decimal
 * for a calculation with fractions: "5/6", not "≈ 0,83"), else German decimals, rounded sensibly.
 */
export function formatExpected(value: number, writtenText: string, expression = ''): string {
  const fractions = /\d\s*\/\s*\d/.test(expression) && !/\d[.,]\d/.test(expression);
  if (writtenText.includes('/') || fractions) {
    const f = asFraction(value);
    // "10 1/4" for a pupil who writes mixed numbers
    if (f && f[1] !== 1 && Math.abs(f[0]) > f[1] && new RegExp(mixedNumber.source).test(writtenText)) {
      const whole = Math.trunc(f[0] / f[1]);
      return `${whole} ${Math.abs(f[0] - whole * f[1])}/${f[1]}`;
    }
    if (f && f[1] !== 1) return `${f[0]}/${f[1]}`;
    if (f) return String(f[0]);
  }
  const digits = Math.max(2, decimals(writtenText));
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  return (rounded === value ? '' : '≈ ') + formatNumber(rounded);
}

// physical units mathjs reads (money and per cent are left to the number check)
const physicalUnit = new RegExp(
  `(\\d+(?:[.,]\\d+)?)[ \\t]?(km/h|m/s²|m/s|g/mol|[kcmdµ]?(?:g|m|l|L)(?:²|³)?|h|min|s|N|kN|J|kJ|W|kW|kWh|V|A|mA|Ω|mol|Pa|hPa)(?![\\p{L}\\d/])`,
  'gu',
);

/** The value of a written quantity with units ("(300 km) * (120 km/h)"), or null without units or when unreadable. */
function quantityOf(written: string): Unit | null {
  let withUnit = false;
  const e = withoutThousandsPoints(written)
    .replace(physicalUnit, (_, n: string, u: string) => {
      withUnit = true;
      // in a mathjs expression "min" is the function minimum: the minute is "minute" there
      const unit = u
        .replace('²', '^2')
        .replace('³', '^3')
        .replace('Ω', 'ohm')
        .replace('µ', 'u')
        .replace(/^min$/, 'minute');
      return `(${n.replace(',', '.')} ${unit})`;
    })
    .replace(/(\d),(?=\d)/g, '$1.')
    .replace(/[·×]/g, '*')
    .replace(/[:÷]/g, '/')
    .replace(/−/g, '-');
  if (!withUnit || /[€%‰]/.test(e)) return null;
  try {
    const v: unknown = evaluate(e);
    return v !== null && typeof v === 'object' && 'equalBase' in v ? (v as Unit) : null;
  } catch {
    return null;
  }
}

/** "km" and "m" in one calculation: units of one kind, so its numbers alone cannot be added or compared. */
function severalUnitsOfOneKind(units: Set<string>): boolean {
  const list = [...units].map((u) => quantityOf(`1 ${u}`));
  return list.some((a, i) => a && list.slice(i + 1).some((b) => b && a.equalBase(b)));
}

// named units to say what a combination of units is ("W" for kg·m²/s³)
const namedUnits = ['N', 'J', 'W', 'Pa', 'V', 'ohm', 'm/s', 'm/s^2', 'km/h', 's', 'h', 'm', 'km', 'kg', 'g'];

/** The unit a quantity has, by name where there is one: ["W", "W"] for kg·m²/s³, ["km²/h", "km^2 / h"]. */
function unitName(q: Unit): [label: string, mathjs: string] {
  for (const name of namedUnits) {
    try {
      if (q.equalBase(evaluate(`1 ${name}`) as Unit)) return [name === 'ohm' ? 'Ω' : name, name];
    } catch {
      // not a unit mathjs knows
    }
  }
  const own = q.toSI().formatUnits();
  return [own.replace(/\^2/g, '²').replace(/\^3/g, '³').replace(/ /g, ''), own];
}

/**
 * Rounded inputs ("45 · 0,0278 · 0,2326", "3,14 · 25") carry their rounding into the result: a result within the
 * propagated relative error (half a unit of each input's last decimal, relative to the input) is not wrong.
 * Only a decimal of three significant digits or more can be a rounded value (a constant, a conversion factor,
 * an earlier result); an amount of money ("1,30 €") and a short decimal ("0,12", "2,5") are exact givens.
 */
function withinInputRounding(written: number, exact: number, expr: string): boolean {
  const inputs = [...expr.matchAll(/\d+[.,]\d+(?![\d.,])(?![ \t]?(?:€|EUR|Euro|ct|Cent)(?!\p{L}))/gu)]
    .map((m) => m[0])
    .filter((n) => n.replace(/[.,]/, '').replace(/^0+/, '').length >= 3)
    .map((n) => ({
      value: Number(n.replace(',', '.')),
      half: 0.5 * 10 ** -n.split(/[.,]/)[1]!.length,
    }));
  if (inputs.length === 0) return false;
  const relative = inputs.reduce((sum, n) => sum + (n.value > 0 ? n.half / n.value : 0), 0);
  return Math.abs(written - exact) <= Math.abs(exact) * relative;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/**
 * A sum or difference of written numbers ("902,3 + 67,51") has an exact result with no more decimals than
 * its numbers: written with "=", it is not rounded ("= 969,8" for 969,81 is wrong; "≈" may round).
 */
function isSumOfNumbers(expr: string): boolean {
  return /^[\d\s.,()]*[+\-−][\d\s.,+\-−()]*$/.test(expr) && /\d[\s)]*[+\-−][\s(]*\d/.test(expr);
}

/** A number, with a decimal comma or point or with thousands points ("12.000"). */
/** The same result, within the rounding the writer chose or the rounding of the inputs (`inputs`). */
export function sameWithRounding(
  written: number,
  exact: number,
  writtenText: string,
  inputs: string,
): boolean {
  return same(written, exact, writtenText) || withinInputRounding(written, exact, inputs);
}

/** Two written units of one physical kind ("m" and "cm"): their numbers are a conversion. */
export function unitsOfOneKind(a: string, b: string): boolean {
  return a !== b && severalUnitsOfOneKind(new Set([a, b]));
}

function isPlainNumber(expr: string): boolean {
  return /^\s*[-−]?\d+(?:[.,]\d+)?\s*$/.test(expr) || /^\s*[-−]?\d{1,3}(?:\.\d{3})+(?:,\d+)?\s*$/.test(expr);
}

/** A result written as one value: a number, a fraction ("2/5") or a mixed number ("2 1/3"). */
function isPlainValue(expr: string): boolean {
  return isPlainNumber(expr) || /^\s*[-−]?(?:\d+[ \t]+)?\d+\s*\/\s*\d+\s*$/.test(expr);
}

/**
 * Finds written calculations ("3 * 4 = 12", "12 : 4 = 3", "2,5 + 1,5 = 4", chains "3 + 4 = 7 * 2 = 14" are
 * read as the running result, and later lines that use a wrong result) and checks each step with mathjs.
 * A step that is wrong is an error with the correct value; a step that is right only because it builds on
 * an earlier wrong value is a follow-on error (Folgefehler), which the caller charges nothing for.
 */
export function checkCalculations(
  text: string,
  /** wrong values other checks found ("17 g/mol" for M(H2O) = 18 g/mol), so their uses are Folgefehler */
  knownWrong: { written: number; expected: number }[] = [],
): CalculationCheck {
  const findings: CalculationFinding[] = [];
  // written wrong value -> correct value
  const wrongValues = new Map<string, number>(knownWrong.map((w) => [String(w.written), w.expected]));
  const masked = maskUnits(text);
  const stepStarts: number[] = [];
  for (const match of masked.matchAll(chainPattern)) {
    // "Aufgabe 1: 3 * 4 = 12" or "1. 3 * 4 = 12": the task label is not part of the calculation
    const lineBefore = text.slice(text.lastIndexOf('\n', match.index - 1) + 1, match.index);
    // after a word ("Aufgabe 1:") a number with ':', '.' or ')' is a label; at the line start only '1.' and '1)'
    const afterWord = /\p{L}\s*$/u.test(lineBefore);
    const label = (afterWord ? /^\d+[a-z]?\s*[:.)]\s+/ : /^\d+[a-z]?[.)]\s+/).exec(match[0]);
    const cut = label && (afterWord || /^\s*$/.test(lineBefore)) ? label[0].length : 0;
    const m = { 0: match[0].slice(cut), index: match.index + cut };
    const chain = m[0];
    // a piece of a term with variables is not a calculation: "+ 4 = 36" in "b + b + 4 = 36",
    // "8 = 36" in "4b + 8 = 36", "(0) = -9" in "f''(0) = -9"
    const before = lineBefore;
    if (
      (/^[-−+*·×:÷/^]/.test(chain) && /[\p{L}\d)²³]\s*$/u.test(before)) ||
      /(?:[-−+*·×÷/^(]|\d\s*:)\s*$/.test(before) ||
      (chain.startsWith('(') && /[\p{L}'′]$/u.test(before)) ||
      /\p{L}$/u.test(before)
    )
      continue;
    // dates like 12.03.2025 or times are not calculations
    if (/\d{1,2}\.\d{1,2}\.\d{2,4}/.test(chain)) continue;
    const parts: { text: string; start: number }[] = [];
    let offset = 0;
    for (const piece of chain.split(/[=≈]/)) {
      parts.push({ text: piece, start: m.index + offset });
      offset += piece.length + 1;
    }
    if (parts.length < 2) continue;
    const original = (p: { text: string; start: number }) => text.slice(p.start, p.start + p.text.length);
    // a result's unit stands after it in the text ("= 35 €"): the unit is blanked in the masked part
    const unitAfter = (p: { text: string; start: number }) =>
      unitAtStart.exec(text.slice(p.start + p.text.trimEnd().length))?.[1] ?? '';
    // a part as written with the unit after its last number, once ("3,5 km", not "3,5 km km")
    const withItsUnit = (p: { text: string; start: number }) =>
      `${text.slice(p.start, p.start + p.text.trimEnd().length).trim()} ${unitAfter(p)}`.trim();
    const chainEnd = m.index + chain.length;
    // a division with remainder: "45 : 2 = 22 Rest 1"
    const rest = /^[ \t]*(?:Rest|R\.?)[ \t]*(\d+)/.exec(text.slice(chainEnd));
    if (rest) {
      const division = /^\s*(\d+)\s*[:÷]\s*(\d+)\s*$/.exec(parts[0]!.text);
      if (parts.length !== 2 || !division || !isPlainNumber(parts[1]!.text)) continue;
      stepStarts.push(parts[1]!.start);
      const a = Number(division[1]);
      const b = Number(division[2]);
      const q = Math.floor(a / b);
      const r = a - q * b;
      const writtenQ = Number(parts[1]!.text.trim());
      if (b > 0 && (writtenQ !== q || Number(rest[1]) !== r)) {
        const qStart = parts[1]!.start + (parts[1]!.text.length - parts[1]!.text.trimStart().length);
        const end = chainEnd + rest[0].length;
        findings.push({
          kind: 'wrong',
          start: qStart,
          end,
          quoted: text.slice(qStart, end),
          step: text.slice(m.index, end).trim(),
          expected: q,
          written: writtenQ,
          expectedText: `${q} Rest ${r}`,
          correctStep: `${parts[0]!.text.trim()} = ${q} Rest ${r}`,
        });
      }
      continue;
    }
    let previousWritten: number | null = valueOf(parts[0]!.text);
    let previousExact: number | null = substituteCorrect(parts[0]!.text, wrongValues);
    const usesWrong = usedWrongValue(parts[0]!.text, wrongValues);
    const leftHasPercent = /%/.test(original(parts[0]!));
    const quantity = (p: { text: string; start: number }) => {
      const unit = unitAfter(p);
      // the masked part ends before a blanked unit; the unit after it belongs to its last number
      const end = p.start + p.text.trimEnd().length;
      return quantityOf(`${text.slice(p.start, end)}${unit ? ` ${unit}` : ''}`);
    };
    const checkUnits = (
      before: { text: string; start: number },
      here: { text: string; start: number },
    ): Omit<CalculationFinding, 'start' | 'end' | 'quoted' | 'step'> | null => {
      const a = quantity(before);
      const b = quantity(here);
      if (!a || !b) return null;
      const unitHere = unitAfter(here) || (/\p{L}+\S*\s*$/u.exec(original(here))?.[0] ?? '');
      const written = b.toNumeric(b.formatUnits()) as number;
      if (!a.equalBase(b)) {
        const [label, name] = unitName(a);
        const value = formatExpected(a.toNumeric(name) as number, here.text);
        return {
          kind: 'wrong',
          expected: written,
          written,
          expectedText: `${value} ${label}`,
          correctStep: `${original(before).trim()} = ${value} ${label}`,
          unitMismatch: { left: label, right: unitHere.trim() || b.formatUnits() },
        };
      }
      const inStudentsUnit = a.toNumeric(b.formatUnits()) as number;
      if (same(written, inStudentsUnit, here.text)) return null;
      const expectedText = `${formatExpected(inStudentsUnit, here.text)} ${unitHere.trim()}`;
      return {
        kind: 'wrong',
        expected: inStudentsUnit,
        written,
        expectedText,
        correctStep: `${original(before).trim()} = ${expectedText}`,
      };
    };
    /**
     * Quantities where the numbers alone say nothing: a conversion ("3,5 km = 3500 m") or a calculation with
     * several units of one kind ("2,6 km + 640 m = 3,24 km"). Checked as quantities when both sides are
     * readable ones of the same kind; otherwise the step is not counted as checked.
     */
    const checkQuantities = (
      before: { text: string; start: number },
      here: { text: string; start: number },
    ) => {
      const a = quantity(before);
      const b = quantity(here);
      if (!a || !b || !a.equalBase(b)) return;
      const unitHere = unitAfter(here);
      const written = b.toNumeric(b.formatUnits()) as number;
      // 7,81 kg in g is 7809.999…: the conversion's float noise is no rounding of the pupil's
      const inStudentsUnit = Number((a.toNumeric(b.formatUnits()) as number).toPrecision(12));
      stepStarts.push(here.start);
      // a conversion or a sum of quantities („59 cm = 0,59 m“, „6,4 kg + 210 g = 6,61 kg“) is exact where its
      // value ends within a few decimals: with „=“ it is written so; a value that does not end („100 min =
      // 1,67 h“) is rounded to the decimals written
      const exactOnly =
        text[here.start - 1] === '=' &&
        !/[·*×:÷/]/.test(before.text) &&
        Math.abs(inStudentsUnit * 1e4 - Math.round(inStudentsUnit * 1e4)) < 1e-6;
      if (exactOnly ? near(written, inStudentsUnit) : same(written, inStudentsUnit, here.text)) return;
      const trimmedStart = here.start + (here.text.length - here.text.trimStart().length);
      const quoted = original(here).trim();
      const expectedText = `${formatExpected(inStudentsUnit, here.text)} ${unitHere}`;
      findings.push({
        kind: 'wrong',
        start: trimmedStart,
        end: trimmedStart + quoted.length,
        quoted,
        writtenText: `${quoted} ${unitHere}`,
        step: `${withItsUnit(before)} = ${quoted} ${unitHere}`.replace(/\s+/g, ' '),
        expected: inStudentsUnit,
        written,
        expectedText,
        correctStep: `${withItsUnit(before)} = ${expectedText}`.replace(/\s+/g, ' '),
      });
    };
    const unitsIn = (p: { text: string; start: number }) =>
      new Set([...`${original(p)} ${unitAfter(p)}`.matchAll(physicalUnit)].map((unit) => unit[2]!));
    if (parts.every((p) => isPlainNumber(p.text))) {
      // only numbers: a conversion when the units differ ("7,81 kg = 7810 g"), else nothing to check
      for (let i = 1; i < parts.length; i++) {
        const before = unitsIn(parts[i - 1]!);
        const here = unitsIn(parts[i]!);
        if (before.size === 1 && here.size === 1 && [...before][0] !== [...here][0])
          checkQuantities(parts[i - 1]!, parts[i]!);
      }
      continue;
    }
    for (let i = 1; i < parts.length; i++) {
      const part = parts[i]!;
      let writtenHere = valueOf(part.text);
      if (writtenHere === null || previousWritten === null) break;
      if (severalUnitsOfOneKind(unitsIn(parts[i - 1]!))) {
        checkQuantities(parts[i - 1]!, part);
        previousWritten = writtenHere;
        previousExact = null;
        continue;
      }
      stepStarts.push(part.start);
      const unit = unitAfter(part);
      // "12 : 80 = 15 %": a percentage result stands for its hundredth
      if (
        unit === '%' &&
        !leftHasPercent &&
        !same(writtenHere, previousWritten, part.text) &&
        same(writtenHere / 100, previousWritten, part.text)
      )
        writtenHere = writtenHere / 100;
      const trimmedStart = part.start + (part.text.length - part.text.trimStart().length);
      const quoted = original(part).trim();
      const stepText = text.slice(parts[i - 1]!.start, part.start + part.text.length).trim();
      // the number a running chain goes on from; a fraction's numerator ("2/3 · 1/3") or a mixed number's
      // whole is none
      const leading = /^\s*(\d+(?:[.,]\d+)?)(?![\d.,])(?!\s*\/)(?!\s+\d+\s*\/)/.exec(part.text);
      const unitText = unit ? ` ${unit}` : '';
      if (
        !isPlainValue(part.text) &&
        leading &&
        same(Number(leading[1]!.replace(',', '.')), previousWritten, leading[1]!)
      ) {
        // running chain "3 + 4 = 7 * 2 = 14": "7 * 2" starts from the right previous result; "= 14" is checked next
      } else if (
        isSumOfNumbers(parts[i - 1]!.text) && text[part.start - 1] === '='
          ? near(writtenHere, previousWritten)
          : same(writtenHere, previousWritten, part.text) ||
            withinInputRounding(writtenHere, previousWritten, original(parts[i - 1]!))
      ) {
        // the numbers agree; with units the quantities must agree too ("18 km/h · 3,6 = 64,8 m/s")
        const unitFinding = checkUnits(parts[i - 1]!, part);
        if (unitFinding?.unitMismatch) {
          // units that do not fit come from the formula: the finding spans from the formula written before
          // the numbers ("t = s · v = 300 km · …") to the result with its unit
          const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
          const formula = /[A-Za-z]\w{0,3}\s*=/.exec(text.slice(lineStart, m.index));
          const start = formula ? lineStart + formula.index : m.index;
          const end =
            trimmedStart +
            quoted.length +
            (unitAtStart.exec(text.slice(trimmedStart + quoted.length))?.[0].length ?? 0);
          findings.push({ ...unitFinding, start, end, quoted: text.slice(start, end), step: stepText });
        } else if (unitFinding) {
          findings.push({
            ...unitFinding,
            conversion: true,
            start: trimmedStart,
            end: trimmedStart + quoted.length,
            quoted,
            step: stepText,
          });
        } else if (
          usesWrong !== undefined &&
          previousExact !== null &&
          !same(writtenHere, previousExact, part.text)
        ) {
          const expectedText = formatExpected(previousExact, part.text, parts[i - 1]!.text);
          findings.push({
            kind: 'follow-on',
            start: trimmedStart,
            end: trimmedStart + quoted.length,
            quoted,
            step: stepText,
            expected: previousExact,
            written: writtenHere,
            expectedText,
            correctStep: `${original(parts[i - 1]!).trim()} = ${expectedText}${unitText}`,
            basedOn: Number(normaliseNumber(usesWrong)),
            basedOnText: usesWrong,
          });
          wrongValues.set(normaliseNumber(part.text), previousExact);
        }
      } else {
        const expectedText = withUnit(
          formatExpected(previousWritten, part.text, parts[i - 1]!.text),
          previousWritten,
          unit,
        );
        // the result with its unit ("35 €"), as the student wrote it; the location is the number
        const end =
          trimmedStart +
          quoted.length +
          (unitAtStart.exec(text.slice(trimmedStart + quoted.length))?.[0].length ?? 0);
        findings.push({
          kind: 'wrong',
          start: trimmedStart,
          end: trimmedStart + quoted.length,
          quoted,
          writtenText: text.slice(trimmedStart, end),
          step: text.slice(parts[i - 1]!.start, end).trim(),
          expected: previousWritten,
          written: writtenHere,
          expectedText,
          correctStep: `${original(parts[i - 1]!).trim()} = ${expectedText}`,
        });
        if (isPlainValue(part.text))
          wrongValues.set(normaliseNumber(part.text), previousExact ?? previousWritten);
      }
      previousWritten = writtenHere;
      previousExact = isPlainValue(part.text)
        ? (previousExact ?? writtenHere)
        : substituteCorrect(part.text, wrongValues);
    }
  }
  return { steps: stepStarts.length, stepStarts, findings };
}

/** A number or a fraction ("2/5") as the key of a wrong value: its value. */
function normaliseNumber(s: string): string {
  const value = valueOf(s);
  return String(value ?? Number.NaN);
}

// a fraction is one value ("2/5" after "1/2 + 1/3 = 2/5", "2 1/3"); else each number
const valuePattern = /\d+[ \t]+\d+[ \t]*\/[ \t]*\d+(?![.,]\d)|\d+(?:[.,]\d+)?(?:\s*\/\s*\d+(?![.,]\d))?/g;

function usedWrongValue(expr: string, wrong: Map<string, number>): string | undefined {
  for (const token of expr.match(valuePattern) ?? []) {
    if (wrong.has(normaliseNumber(token))) return token.replace(/\s/g, '');
    for (const n of token.split('/')) if (wrong.has(normaliseNumber(n))) return n.trim();
  }
  return undefined;
}

/** The value the expression would have had with the correct earlier results in place of the wrong ones. */
function substituteCorrect(expr: string, wrong: Map<string, number>): number | null {
  const replaced = expr.replace(valuePattern, (token) => {
    const whole = wrong.get(normaliseNumber(token));
    if (whole !== undefined) return `(${whole})`;
    return token.replace(/\d+(?:[.,]\d+)?/g, (n) => {
      const correct = wrong.get(normaliseNumber(n));
      return correct === undefined ? n : String(correct);
    });
  });
  return valueOf(replaced);
}

/** The right result with the student's unit; money with two decimals ("37,70 €"). */
export function withUnit(formatted: string, value: number, unit: string): string {
  if (!unit) return formatted;
  if (/^(?:€|EUR|Euro)$/.test(unit) && !formatted.includes('/')) {
    const cents = Math.round(value * 100) / 100;
    const money = Number.isInteger(cents) ? String(cents) : cents.toFixed(2).replace('.', ',');
    return `${cents === value ? '' : '≈ '}${money} ${unit}`;
  }
  return `${formatted} ${unit}`;
}

/** German number formatting for messages: 2.5 -> "2,5". */
export function formatNumber(n: number): string {
  const rounded = Math.round(n * 1e6) / 1e6;
  return String(rounded).replace('.', ',');
}
