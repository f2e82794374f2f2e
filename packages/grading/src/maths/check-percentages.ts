import { formatNumber, valueOf, withUnit, type CalculationFinding } from './check-calculations';

/**
 * Two mistakes of percentage calculation whose arithmetic is right (issue 32 §4), as school books name them:
 * - the wrong base („falscher Grundwert“): the task gives a price after a change („Preis nach 20 % Rabatt:
 *   416 €“, „Preis mit 19 % MwSt.: 1309 €“), and the pupil takes the per cent of that price („20 % von 416 €“),
 *   as if it were 100 %; it is 80 % (119 %) of the price before.
 * - a discount added or a surcharge taken off: „Rabatt: 30 % von 620 € = 186 €“, then „620 € + 186 €“.
 * Each finding stands at the result of the line, which the calculation check counts as a step.
 */

const discountWords = String.raw`Rabatt|Preisnachlass|Nachlass|Skonto|Ermäßigung|Abschlag`;
const surchargeWords = String.raw`Aufschlag|Zuschlag|MwSt\.?|Mehrwertsteuer|Umsatzsteuer|Preiserhöhung|Erhöhung`;
const number = String.raw`\d[\d.]*(?:,\d+)?`;
const money = String.raw`(${number})[ \t]*(?:€|EUR|Euro)`;

// „Preis nach 20 % Rabatt: 416 €“, „nach einer Erhöhung um 10 % kostet es 88 €“
const afterChange = new RegExp(
  String.raw`\bnach\s+(?:(?:einem|einer|dem|der)\s+)?(?:(${number})\s*%\s*(${discountWords}|${surchargeWords})|(${discountWords}|${surchargeWords})\s+(?:von|um)\s+(${number})\s*%)[^\n€]*?${money}`,
  'iu',
);
// „Preis mit 19 % MwSt.: 1309 €“, „inkl. 19 % MwSt. 238 €“
const withTax = new RegExp(
  String.raw`\b(?:mit|inkl\.|inklusive|einschließlich)\s+(${number})\s*%\s*(?:MwSt\.?|Mehrwertsteuer|Umsatzsteuer)[^\n€]*?${money}`,
  'iu',
);

const read = (text: string) => valueOf(text);
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** The per cent of a value the line takes: „20 % von 416 €“, „416 € · 0,2“, „0,2 · 416 €“, and its result. */
function percentTaken(
  line: string,
): { rate: number; of: number; result: number; at: number; end: number } | null {
  const forms: [RegExp, (m: RegExpExecArray) => [rate: number | null, of: number | null]][] = [
    [
      new RegExp(String.raw`(${number})\s*%\s*(?:von|vom)\s+(${number})[ \t]*(?:€|EUR|Euro)?\s*=`, 'u'),
      (m) => [read(m[1]!), read(m[2]!)],
    ],
    [
      new RegExp(String.raw`(${number})[ \t]*(?:€|EUR|Euro)?\s*[·*]\s*(0,\d+)\s*=`, 'u'),
      (m) => [(read(m[2]!) ?? NaN) * 100, read(m[1]!)],
    ],
    [
      new RegExp(String.raw`(?<![\d,])(0,\d+)\s*[·*]\s*(${number})[ \t]*(?:€|EUR|Euro)?\s*=`, 'u'),
      (m) => [(read(m[1]!) ?? NaN) * 100, read(m[2]!)],
    ],
  ];
  for (const [pattern, values] of forms) {
    const m = pattern.exec(line);
    if (!m) continue;
    const [rate, of] = values(m);
    const after = line.slice(m.index + m[0].length);
    const result = /^\s*(-?\d[\d.]*(?:,\d+)?)/.exec(after);
    if (rate === null || of === null || !result) continue;
    const value = read(result[1]!);
    if (value === null) continue;
    const at = m.index + m[0].length + result.index + result[0].indexOf(result[1]!);
    return { rate, of, result: value, at, end: at + result[1]!.length };
  }
  return null;
}

type Line = { text: string; start: number };

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    out.push({ text: line, start });
    start += line.length + 1;
  }
  return out;
}

/** The lines of one piece of work: up to a blank line or a task heading. */
function blocks(text: string): Line[][] {
  const out: Line[][] = [];
  let block: Line[] = [];
  for (const line of linesOf(text)) {
    if (line.text.trim() === '' || /^\s*(?:Aufgabe|Nr\.)\s*\d/i.test(line.text)) {
      if (block.length > 0) out.push(block);
      block = [];
      continue;
    }
    block.push(line);
  }
  if (block.length > 0) out.push(block);
  return out;
}

function finding(
  line: Line,
  at: number,
  end: number,
  written: number,
  expected: number,
  expectedText: string,
  correctStep: string,
  rule: NonNullable<CalculationFinding['rule']>,
  detail: CalculationFinding['percent'],
): CalculationFinding {
  const quoted = line.text.slice(at, end);
  // the result with its unit, as written („806 €“)
  const unit = /^[ \t]?(?:€|EUR|Euro)/.exec(line.text.slice(end))?.[0] ?? '';
  return {
    kind: 'wrong',
    start: line.start + at,
    end: line.start + end,
    quoted,
    writtenText: quoted + unit,
    step: line.text.trim(),
    expected,
    written,
    expectedText,
    correctStep,
    rule,
    percent: detail,
  };
}

export function checkPercentages(text: string): CalculationFinding[] {
  const findings: CalculationFinding[] = [];
  for (const block of blocks(text)) {
    // the changed value the task gives, and which per cent of the base it is
    let changed: { rate: number; value: number; share: number } | null = null;
    for (const line of block) {
      const after = afterChange.exec(line.text);
      const tax = withTax.exec(line.text);
      if (after) {
        const rate = read(after[1] ?? after[4]!);
        const value = read(after[5]!);
        const discount = new RegExp(`^(?:${discountWords})$`, 'iu').test(after[2] ?? after[3]!);
        if (rate !== null && value !== null)
          changed = { rate, value, share: discount ? 100 - rate : 100 + rate };
      } else if (tax) {
        const rate = read(tax[1]!);
        const value = read(tax[2]!);
        if (rate !== null && value !== null) changed = { rate, value, share: 100 + rate };
      }
      const taken = percentTaken(line.text);
      if (!changed || !taken || after || tax) continue;
      if (!near(taken.rate, changed.rate) || !near(taken.of, changed.value)) continue;
      const base = (changed.value * 100) / changed.share;
      const rightShare = (base * changed.rate) / 100;
      const money = (v: number) => withUnit(formatNumber(v), v, '€');
      findings.push(
        finding(
          line,
          taken.at,
          taken.end,
          taken.result,
          rightShare,
          money(rightShare),
          `${formatNumber(changed.share)} % ≙ ${money(changed.value)}; 100 % ≙ ${money(base)}`,
          'base',
          {
            given: money(changed.value),
            givenShare: formatNumber(changed.share),
            base: money(base),
          },
        ),
      );
    }
    // a discount or a surcharge computed on one line, then added or taken off on a later one
    for (let i = 0; i < block.length; i++) {
      const line = block[i]!;
      const taken = percentTaken(line.text);
      if (!taken) continue;
      const before = line.text.slice(0, taken.at);
      const discount = new RegExp(String.raw`(?<!\p{L})(?:${discountWords})(?!\p{L})`, 'iu').test(before);
      const surcharge = new RegExp(String.raw`(?<!\p{L})(?:${surchargeWords})(?!\p{L})`, 'iu').test(before);
      if (discount === surcharge) continue;
      for (const later of block.slice(i + 1, i + 4)) {
        const m = new RegExp(
          String.raw`(${number})[ \t]*(?:€|EUR|Euro)?\s*([+\-−])\s*(${number})[ \t]*(?:€|EUR|Euro)?\s*=\s*(-?${number})`,
          'u',
        ).exec(later.text);
        if (!m) continue;
        const [a, b, result] = [read(m[1]!), read(m[3]!), read(m[4]!)];
        if (a === null || b === null || result === null) continue;
        const usesBoth =
          (near(a, taken.of) && near(b, taken.result)) || (near(b, taken.of) && near(a, taken.result));
        if (!usesBoth) continue;
        const added = m[2] === '+';
        if (added === surcharge) break;
        const right = discount ? taken.of - taken.result : taken.of + taken.result;
        const at = m.index + m[0].length - m[4]!.length;
        const money = (v: number) => withUnit(formatNumber(v), v, '€');
        findings.push(
          finding(
            later,
            at,
            at + m[4]!.length,
            result,
            right,
            money(right),
            `${money(taken.of)} ${discount ? '−' : '+'} ${money(taken.result)} = ${money(right)}`,
            discount ? 'discount-added' : 'surcharge-subtracted',
            undefined,
          ),
        );
        break;
      }
    }
  }
  return findings;
}
