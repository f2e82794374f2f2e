import { builtinGradingMessages as msg, type GradingError } from '@korrigo/domain';
import type { ReactionCheck } from '../chemistry/reaction-equations';
import type { LanguageFinding } from '../language/check-language';
import { formatNumber, type CalculationFinding } from '../maths/check-calculations';
import type { EquationFinding } from '../maths/check-equations';
import type { GradingUnit } from '../score/units';
import { round2 } from './format';
import { textError, type UnitOutcome } from './units';

/**
 * What the calculation, equation, reaction-equation and language checks do to a unit: a task without a key
 * scored by its checked steps, wrong steps deducted, Folgefehler charged once, findings as errors.
 */
/**
 * Wrong calculation steps after a right one in the unit (a slip on a right way, for the key's results);
 * wrong units or conversions and wrong term transformations are wrong ways, not slips.
 */
export function slipsOf(unit: GradingUnit, stepStarts: number[], wrong: { start: number }[]): number {
  // a checked step and a finding are the same when only blanks stand between their starts
  const same = (a: number, b: number) =>
    /^\s*$/.test(unit.answer.slice(a - unit.answerStart, b - unit.answerStart));
  return wrong.filter((f) =>
    stepStarts.some((at) => at < f.start && !same(at, f.start) && !wrong.some((w) => same(at, w.start))),
  ).length;
}

/** What the checks found in one task's answer without a key, counted for `scoreByChecks`. */
type UnitChecks = {
  /** checked calculation steps and equation lines; how many were wrong, and how many only in their unit */
  steps: number;
  wrongSteps: number;
  wrongUnits: number;
  /** reaction equations, and how many were not balanced */
  reactions: number;
  unbalanced: number;
  /** where the first checked item stands in the student's text */
  firstAt: number;
  /** lines that claim a value ("3,5 km = 3500 m", "100 % ≙ 480 €") on which no check ran */
  uncheckedLines: number;
};

/**
 * A line that claims a value: a number (with its unit) right before "=", "≈" or "≙" and one right after
 * ("3,5 km = 3500 m", "0,2 kg) = √100", "100 % ≙ 480 €"); not a given value in the sheet's wording ("(g = 10
 * m/s²)") and not a line of an equation with variables ("2x + 4 = 10"), which the equation check reads.
 */
const claimLine = /\d\s*(?:[\p{L}%€°²³/]{1,6}\s*)?\)?\s*[=≈≙]\s*[-−√(]?\s*\d/u;
const variableTerm = /\d[a-z](?![\p{L}])/u;

/**
 * How many of the answer's lines claim a value that no check read (none of `checkedAt`, offsets in the
 * student's text, falls on them): such a line was not checked, and must never count as right.
 */
export function uncheckedClaimLines(answer: string, answerStart: number, checkedAt: number[]): number {
  let start = answerStart;
  let unchecked = 0;
  for (const line of answer.split('\n')) {
    const end = start + line.length;
    if (claimLine.test(line) && !variableTerm.test(line) && !checkedAt.some((at) => at >= start && at <= end))
      unchecked++;
    start = end + 1;
  }
  return unchecked;
}

// a line of its own words without any number: an explanation the checks cannot judge
const explainingLine = (line: string) => !/\d/.test(line) && (line.match(/\p{L}{2,}/gu) ?? []).length >= 8;

/**
 * Without a key, a task made of calculations, equation lines or reaction equations is scored by what the
 * checks verified (issue 13 §3): each checked step earns an equal share of the points; a wrong step earns
 * none and a wrong unit half, a Folgefehler its full share (the mistake is charged where it was made), an
 * unbalanced reaction equation half. A task that also explains in words, or has a line claiming a value
 * that no check read, stays open: nothing may claim a check that did not run. Rounded down to half points.
 */
export function scoreByChecks(outcome: UnitOutcome, checks: UnitChecks): UnitOutcome {
  const items = checks.steps + checks.reactions;
  const { unit, max } = outcome;
  if (unit.key.kind !== 'none' || max === null) return outcome;
  // a line the checks could not read is not checked: the task stays open and says so
  if (checks.uncheckedLines > 0 && outcome.answered)
    return { ...outcome, feedback: msg.stepsNotChecked(checks.uncheckedLines) };
  if (items === 0) return outcome;
  // the lines before the first calculation are the task's wording copied from the sheet, or a plan
  const fromFirst = unit.answer.lastIndexOf('\n', checks.firstAt - unit.answerStart) + 1;
  if (unit.answer.slice(fromFirst).split('\n').some(explainingLine)) return outcome;
  const credit = items - checks.wrongSteps - (checks.wrongUnits + checks.unbalanced) / 2;
  const achieved = Math.floor(((max * Math.max(0, credit)) / items) * 2) / 2;
  const right = items - checks.wrongSteps - checks.wrongUnits - checks.unbalanced;
  return {
    ...outcome,
    achieved,
    keyChecksResults: true,
    feedback: msg.scoredByChecks(right, items),
  };
}

/**
 * A wrong result costs a quarter of the task's points (at least half a point), unless the key already
 * checks the results (then the missing result was charged there); a Folgefehler costs nothing.
 */
function wrongStepDeduction(outcome: UnitOutcome, achieved: number | null, keyCharged: boolean): number {
  if (achieved === null || outcome.max === null || keyCharged) return 0;
  return Math.min(achieved, Math.max(0.5, Math.round(outcome.max * 0.25 * 2) / 2));
}

/** A wrong step found by the maths checks, costing `deduction` points. */
function wrongStep(
  title: string,
  deduction: number,
  details: string,
  suggestion: string,
  message: string,
): Omit<GradingError, 'location'> {
  return {
    title,
    point_deduction: deduction,
    details,
    suggestion,
    severity: 'moderate',
    message,
    category: 'maths',
  };
}

/** A step that is right on its own but builds on an earlier wrong one: the mistake is charged only once. */
function followOnStep(details: string, suggestion: string): Omit<GradingError, 'location'> {
  return {
    title: msg.maths.followOnTitle,
    point_deduction: 0,
    details: `${details} ${msg.maths.followOnChargedOnce}`,
    suggestion,
    severity: 'info',
    message: msg.maths.followOnMessage,
    category: 'maths',
  };
}

/** The first wrong transformation costs like a wrong result; the right steps after it are Folgefehler. */
export function applyEquations(outcome: UnitOutcome, findings: EquationFinding[]): UnitOutcome {
  let achieved = outcome.achieved;
  const errors = [...outcome.errors];
  for (const f of findings) {
    // the key charges a wrong step only where one of its results is missing: with full points it did not
    const keyCharged = outcome.keyChecksResults && achieved !== outcome.max;
    const deduction = f.kind === 'wrong' ? wrongStepDeduction(outcome, achieved, keyCharged) : 0;
    if (achieved !== null) achieved = round2(achieved - deduction);
    const start = outcome.unit.answerStart + f.start;
    const end = outcome.unit.answerStart + f.end;
    errors.push(
      textError(
        f.kind === 'wrong' && f.rule
          ? wrongStep(
              f.rule === 'parameters'
                ? msg.maths.parametersTitle
                : f.rule === 'discriminant'
                  ? msg.maths.discriminantTitle
                  : msg.maths.completionTitle,
              deduction,
              f.rule === 'completion'
                ? msg.maths.completionDetails(f.quoted, f.correctForm)
                : f.rule === 'parameters'
                  ? msg.maths.parametersDetails(f.quoted, f.previous, f.correctForm)
                  : msg.maths.discriminantDetails(f.quoted, f.previous, f.correctForm),
              f.correctForm,
              msg.maths.ruleMessage(f.correctForm),
            )
          : f.kind === 'wrong' && f.identity
            ? wrongStep(
                msg.maths.termTitle,
                deduction,
                msg.maths.termDetails(f.quoted, f.correctForm),
                f.correctForm,
                msg.maths.termMessage(f.correctForm),
              )
            : f.kind === 'wrong'
              ? wrongStep(
                  msg.maths.transformationTitle,
                  deduction,
                  msg.maths.transformationDetails(
                    f.quoted,
                    f.previous,
                    f.solutionBefore ?? '',
                    f.solutionHere ?? '',
                    f.correctForm,
                  ),
                  f.correctForm,
                  msg.maths.transformationMessage(f.correctForm),
                )
              : followOnStep(msg.maths.followOnTransformation(f.quoted), f.correctForm),
        start,
        end,
        f.quoted,
      ),
    );
  }
  return { ...outcome, achieved, errors };
}

export function applyCalculations(outcome: UnitOutcome, findings: CalculationFinding[]): UnitOutcome {
  let achieved = outcome.achieved;
  const errors = [...outcome.errors];
  for (const f of findings) {
    let deduction = 0;
    if (f.kind === 'wrong') {
      deduction = wrongStepDeduction(outcome, achieved, outcome.keyChecksResults);
      if (achieved !== null) achieved = round2(achieved - deduction);
    }
    const start = outcome.unit.answerStart + f.start;
    const end = outcome.unit.answerStart + f.end;
    errors.push(
      textError(
        f.kind === 'wrong' && f.rule === 'base' && f.percent
          ? wrongStep(
              msg.maths.baseTitle,
              deduction,
              msg.maths.baseDetails(
                f.step,
                f.percent.given,
                f.percent.givenShare,
                f.percent.base,
                f.correctStep,
              ),
              f.correctStep,
              msg.maths.baseMessage(f.percent.given, f.percent.givenShare),
            )
          : f.kind === 'wrong' && (f.rule === 'discount-added' || f.rule === 'surcharge-subtracted')
            ? wrongStep(
                msg.maths.operationTitle,
                deduction,
                f.rule === 'discount-added'
                  ? msg.maths.discountDetails(f.step, f.correctStep)
                  : msg.maths.surchargeDetails(f.step, f.correctStep),
                f.correctStep,
                msg.maths.resultMessage(f.writtenText ?? f.quoted, f.expectedText),
              )
            : f.kind === 'wrong' && f.unitMismatch
              ? wrongStep(
                  msg.maths.unitTitle,
                  deduction,
                  msg.maths.unitDetails(f.step, f.unitMismatch.left, f.unitMismatch.right),
                  f.correctStep,
                  msg.maths.unitMessage(f.unitMismatch.right, f.unitMismatch.left),
                )
              : f.kind === 'wrong'
                ? wrongStep(
                    msg.maths.resultTitle,
                    deduction,
                    msg.maths.resultDetails(f.step, f.correctStep),
                    f.correctStep,
                    msg.maths.resultMessage(f.writtenText ?? f.quoted, f.expectedText),
                  )
                : followOnStep(
                    msg.maths.followOnCalculation(
                      f.step,
                      f.basedOnText ?? formatNumber(f.basedOn ?? f.written),
                      f.expectedText,
                    ),
                    f.correctStep,
                  ),
        start,
        end,
        f.quoted,
      ),
    );
  }
  return { ...outcome, achieved, errors };
}

/** An unbalanced reaction equation; the points follow the key's aspect for the equation, so no deduction. */
export function reactionError(f: ReactionCheck['findings'][number]): GradingError {
  const details = msg.chemistry.unbalancedDetails(f.imbalance);
  return textError(
    {
      title: msg.chemistry.unbalancedTitle,
      point_deduction: 0,
      details,
      suggestion: f.balancedEquation ?? msg.balanceEquationAdvice,
      severity: 'moderate',
      message: details,
      category: 'chemistry',
    },
    f.start,
    f.end,
    f.quoted,
  );
}

export function languageError(f: LanguageFinding): GradingError {
  return textError(
    {
      title: f.title,
      point_deduction: 0,
      details: f.message,
      suggestion: f.suggestion,
      severity: f.severity,
      message: f.message,
      category: f.category,
    },
    f.start,
    f.end,
    f.quoted,
  );
}
