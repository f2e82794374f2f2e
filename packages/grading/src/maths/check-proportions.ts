import {
  type CalculationFinding,
  formatExpected,
  sameWithRounding,
  unitsOfOneKind,
  valueOf,
  withUnit,
} from './check-calculations';

/**
 * The Dreisatz as schools write it (issue 32 §4): lines „4 Stunden ≙ 396,8 km“, „1 Stunde ≙ 99,2 km“,
 * „6 Stunden ≙ 595,2 km“ (or with „=“, and margin notes „| : 4“), one quantity on each side, the same kinds
 * on every line. The pupil's lines must keep one relation: the same ratio (proportional) or the same product
 * (antiproportional, „je mehr Arbeiter, desto weniger Tage“). Each line is checked against the line before it
 * as written, so a line that builds on an earlier wrong one is a Folgefehler and not charged; a line is also
 * right when it fits the first line, the one the task gave, so that a rounded middle line costs nothing.
 */

type Line = {
  a: number;
  aText: string;
  b: number;
  bText: string;
  bStart: number;
  bEnd: number;
  unitB: string;
  text: string;
};

// „4 Stunden ≙ 396,8 km   | : 4“: a number and its unit on each side; a margin note after „|“ is the pupil's
// a side's kind may be a unit with its thing („4 kg Äpfel“, „2 l Milch“)
const proportionLine =
  /^[ \t]*(\d[\d.,]*)[ \t]*(%|[\p{L}€]+\.?(?:[ \t]\p{Lu}\p{Ll}+)?)[ \t]*(≙|=)[ \t]*(\d[\d.,]*)[ \t]*(%|[\p{L}€]+\.?(?:[ \t]\p{Lu}\p{Ll}+)?)?[ \t]*(?:\|[^\n]*)?$/gmu;
const antiproportional = /antiproportional|umgekehrt proportional|je\s+mehr\b[^.\n]*\bdesto\s+weniger/i;

/** „Stunde“ and „Stunden“, „Kilogramm“ and „kg“ are the same kind only when written alike: the stem decides. */
const stem = (unit: string) =>
  unit
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/(?:en|e|n|s)$/, '');

function blocks(text: string): Line[][] {
  const result: Line[][] = [];
  let block: (Line & { unitA: string; sign: string })[] = [];
  let lastEnd = -1;
  for (const m of text.matchAll(proportionLine)) {
    const [, aText, unitA, sign, bText, unitB = ''] = m;
    const a = valueOf(aText!);
    const b = valueOf(bText!);
    // a line further on than the next one starts a new block
    const adjacent = lastEnd >= 0 && /^\n[ \t]*$/.test(text.slice(lastEnd, m.index));
    const previous = block[block.length - 1];
    const sameKinds =
      previous &&
      stem(previous.unitA) === stem(unitA!) &&
      stem(previous.unitB) === stem(unitB) &&
      previous.sign === sign;
    if (!adjacent || !sameKinds) {
      if (block.length >= 2) result.push(block);
      block = [];
    }
    lastEnd = m.index + m[0].length;
    // „=“ between a count and a quantity of another kind only; „3 m = 300 cm“ is a conversion, checked elsewhere
    if (a === null || b === null || a === 0 || (sign === '=' && (!unitB || unitsOfOneKind(unitA!, unitB)))) {
      block = [];
      continue;
    }
    const bStart = m.index + m[0].indexOf(bText!, m[0].indexOf(sign!));
    block.push({
      a,
      aText: aText!,
      b,
      bText: bText!,
      bStart,
      bEnd: bStart + bText!.length,
      unitA: unitA!,
      unitB,
      sign: sign!,
      text: m[0].replace(/\s*\|.*$/, '').trim(),
    });
  }
  if (block.length >= 2) result.push(block);
  return result;
}

/** The value a line must have after `from`, by the relation. */
const expectedAfter = (from: Line, a: number, anti: boolean) =>
  anti ? (from.b * from.a) / a : (from.b * a) / from.a;

/**
 * `stepStarts`: where each checked line's value stands; `givenStarts`: where each block's first line stands,
 * the task's values the check reads but has nothing to verify in („100 % ≙ 480 €“), so it is no unchecked claim.
 */
export function checkProportions(text: string): {
  stepStarts: number[];
  givenStarts: number[];
  findings: CalculationFinding[];
} {
  const stepStarts: number[] = [];
  const givenStarts: number[] = [];
  const findings: CalculationFinding[] = [];
  for (const lines of blocks(text)) {
    const first = lines[0]!;
    givenStarts.push(first.bStart);
    /**
     * Right after the first line (the task's values, exact) or after the line before it as written: with the
     * rounding of that line only when it was rounded („1 Stunde ≙ 4,86 km“ for 34 km in 7 h), so that a
     * result off by a cent after an exact „1 % ≙ 9,60 €“ is wrong.
     */
    const fitsLine = (line: Line, before: Line, anti: boolean) => {
      if (sameWithRounding(line.b, expectedAfter(first, line.a, anti), line.bText, '')) return true;
      const exactBefore = expectedAfter(first, before.a, anti);
      // 278,7 : 3 is 92,899999… in floating point: that is no rounding of the pupil's
      const beforeExact = Math.abs(before.b - exactBefore) <= 1e-9 * Math.max(1, Math.abs(exactBefore));
      const inputs = beforeExact ? '' : `${before.aText} ${before.bText}`;
      return sameWithRounding(line.b, expectedAfter(before, line.a, anti), line.bText, inputs);
    };
    const fits = (anti: boolean) =>
      lines.slice(1).filter((line, i) => fitsLine(line, lines[i]!, anti)).length;
    const proportional = fits(false);
    const inverse = fits(true);
    // the same relation on every line; where the lines fit both equally, the wording or the usual one decides
    const anti = inverse > proportional || (inverse === proportional && antiproportional.test(text));
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      stepStarts.push(line.bStart);
      const before = lines[i - 1]!;
      if (fitsLine(line, before, anti)) continue;
      const expected = expectedAfter(before, line.a, anti);
      const expectedText = withUnit(formatExpected(expected, line.bText), expected, line.unitB);
      findings.push({
        kind: 'wrong',
        start: line.bStart,
        end: line.bEnd,
        quoted: line.bText,
        writtenText: `${line.bText}${line.unitB ? ` ${line.unitB}` : ''}`,
        step: `${before.text} → ${line.text}`,
        expected,
        written: line.b,
        expectedText,
        correctStep: line.text.replace(/(≙|=)[\s\S]*$/, `$1 ${expectedText}`),
      });
    }
  }
  return { stepStarts, givenStarts, findings };
}
