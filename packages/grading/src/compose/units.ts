import { builtinGradingMessages as msg, type GradingError } from '@korrigo/domain';
import { formatNumber } from '../maths/check-calculations';
import type { LanguageFinding } from '../language/check-language';
import { scoreCloze, scoreMatching, scoreMultipleChoice, type ClosedResult } from '../score/closed-questions';
import { criteriaOf, scoreCriteria, type CriterionResult } from '../score/criteria';
import { scoreWordEquation } from '../chemistry/word-equations';
import { parseExpectedAnswer, type Aspect } from '../score/expected-answer';
import { scoreKeyList } from '../score/key-lists';
import { scoreTrueFalse } from '../score/true-false';
import { scoreShortAnswer, shortAnswerOf } from '../score/short-answer';
import { scoreSentenceItems, sentenceItemsOf } from '../score/sentence-items';
import { scoreRewrittenSentence } from '../score/rewritten-sentence';
import {
  isNumericAspect,
  reviewConfidence,
  scoreOpenAnswer,
  type FollowOnResult,
  type MathsChecks,
  type OpenAnswerResult,
} from '../score/open-answer';
import type { GradingUnit } from '../score/units';
import { scoreReactionEquations } from '../chemistry/reaction-equations';
import type { Language } from '../text/tokenize';

/** "0–3 Fehler: 2 P., 4–7 Fehler: 1 P., mehr: 0 P.": what a number of errors costs, and nothing else */
const errorBands = /^\s*\d+\s*[–-]\s*\d+\s*Fehler\b[^\n]*$/i;
import { quote, round2 } from './format';

/**
 * Scoring one unit (a task or subtask with its answer and its part of the key): closed questions, open
 * answers against the key's aspects, writing criteria, key lists and reaction equations. The outcome keeps
 * what the feedback writing needs (the words that earned points, what is missing).
 */
export type UnitOutcome = {
  unit: GradingUnit;
  achieved: number | null;
  max: number | null;
  errors: GradingError[];
  feedback: string;
  improvement: string;
  /** the student's own words that earned points, for strengths */
  named: string[];
  /** what is missing, in the key's words, for weaknesses */
  missing: string[];
  answered: boolean;
  /** the key checks numeric results itself, so a wrong result is not charged twice */
  keyChecksResults: boolean;
  /** the key names only criteria here ("jeder richtige Satz 1 P"): nothing to check, the points stay open */
  criteriaOnly?: boolean;
  /** what the teacher should check in an open answer the engine is unsure of */
  doubts?: string[];
  /** points given by criteria checks that only propose (ADR 0036) */
  proposed?: number;
};

/** An aspect in feedback: the key's whole wording of it, never a cut fragment; its own quotes become ‚…‘. */
const aspectName = (a: Aspect) =>
  a.text
    .replace(/„/g, '‚')
    .replace(/[“”]/g, '‘')
    .replace(/[\s.;,]+$/, '');

export function textError(
  e: Omit<GradingError, 'location'>,
  start: number,
  end: number,
  quoted: string,
): GradingError {
  return { ...e, location: { type: 'text', start, end, quoted_text: quoted } };
}

export function fromClosed(
  unit: GradingUnit,
  r: ClosedResult,
): Pick<UnitOutcome, 'achieved' | 'max' | 'errors' | 'feedback'> {
  const errors = r.findings.map((f) => {
    const base = {
      title: f.title,
      point_deduction: round2(f.deduction),
      details: f.details,
      suggestion: f.suggestion,
      severity: f.severity,
      message: f.details,
      category: f.kind === 'spelling' ? 'spelling' : 'content',
    };
    return f.quoted.length > 0
      ? textError(base, unit.answerStart + f.start, unit.answerStart + f.end, f.quoted)
      : { ...base, location: null };
  });
  return { achieved: round2(r.achieved), max: r.max, errors, feedback: r.feedback };
}

/** Where a word stands in the answer as a whole word, or null. */
function wordAt(answer: string, word: string): { text: string; start: number; end: number } | null {
  const m = new RegExp(
    `(?<![\\p{L}\\d])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\d])`,
    'u',
  ).exec(answer);
  return m ? { text: m[0], start: m.index, end: m.index + m[0].length } : null;
}

/** The answer when it is a few words only (a term, a letter, a number), with its place in the answer. */
function shortAnswer(answer: string): { text: string; start: number; end: number } | null {
  const text = answer.trim().replace(/[.!]+$/, '');
  if (text.length === 0 || /[\n=]/.test(text) || (text.match(/\p{L}+/gu) ?? []).length > 4) return null;
  const start = answer.indexOf(text);
  return { text, start, end: start + text.length };
}

function fromOpen(
  unit: GradingUnit,
  r: OpenAnswerResult,
  criteria: Map<number, CriterionResult> = new Map(),
): Pick<
  UnitOutcome,
  'achieved' | 'max' | 'errors' | 'feedback' | 'named' | 'missing' | 'improvement' | 'doubts' | 'proposed'
> {
  const errors: GradingError[] = [];
  const named: string[] = [];
  const missing: string[] = [];
  // the criteria of the writing among them (units of a rubric: „Sprachrichtigkeit“), not content to add
  const unmetCriteria: string[] = [];
  const missingParts: string[] = [];
  const criteriaDoubts: string[] = [];
  for (const [i, a] of r.aspects.entries()) {
    const words = a.matchedWords.map((w) => w.text);
    const lost = round2(
      a.aspect.points * (r.max / (r.aspects.reduce((s, x) => s + x.aspect.points, 0) || 1)) - a.points,
    );
    const criterion = criteria.get(i);
    if (criterion) {
      if (criterion.proposal) criteriaDoubts.push(msg.reviewCriterion(aspectName(a.aspect), criterion.note));
      if (a.credit >= 1) continue;
      missing.push(aspectName(a.aspect));
      unmetCriteria.push(aspectName(a.aspect));
      missingParts.push(
        msg.openAnswer.missingPart(quote(aspectName(a.aspect)), formatNumber(lost), criterion.note),
      );
      const base = {
        title: a.credit > 0 ? msg.openAnswer.criterionPartlyMetTitle : msg.openAnswer.criterionNotMetTitle,
        point_deduction: lost,
        details: `${msg.openAnswer.criterion(aspectName(a.aspect), criterion.note)}.`,
        suggestion: msg.openAnswer.improveCriteria([quote(aspectName(a.aspect))]),
        severity: a.credit > 0 ? 'minor' : 'moderate',
        message: msg.openAnswer.criterion(aspectName(a.aspect), criterion.note),
        category: 'content',
      };
      const at = criterion.span;
      errors.push(
        at
          ? textError(
              base,
              unit.answerStart + at.start,
              unit.answerStart + at.end,
              unit.answer.slice(at.start, at.end),
            )
          : { ...base, location: null },
      );
      // no sign found of what the criterion asks: the pupil may have said it otherwise (ADR 0035)
      if (criterion.notFound) errors[errors.length - 1]!.words_not_found = true;
      continue;
    }
    if (a.credit > 0) named.push(...words);
    if (a.credit >= 1) continue;
    missing.push(aspectName(a.aspect));
    missingParts.push(msg.openAnswer.missingPart(quote(aspectName(a.aspect)), formatNumber(lost)));
    const partial = a.credit > 0;
    const details = partial
      ? msg.openAnswer.partialDetails(quote(a.aspect.text), words.map(quote), a.missingTerms.map(quote))
      : msg.openAnswer.missingDetails(quote(a.aspect.text));
    // an error points into the student's text only where the engine read a mistake there (a negation, a
    // wrong fact, swapped roles); a partial or doubtful paraphrase is no mistake at that place, it goes to
    // the teacher's review instead
    // a wrong fact points at the student's word for it ("Bundeskanzler" where the key says "Bundespräsident")
    const factAt = a.doubt === 'fact' && a.wrongFact ? wordAt(unit.answer, a.wrongFact.written) : null;
    const span = factAt
      ? [factAt]
      : a.matchedWords.length > 0 && a.doubt !== null && a.doubt !== 'paraphrase'
        ? // where the engine read the negation or the swap, when it knows
          (a.readAt ?? a.matchedWords)
        : null;
    // a short answer that earns nothing against a single expected aspect is wrong as a whole ("Verb" for
    // "Adjektiv")
    const wrongShortAnswer =
      r.aspects.length === 1 && a.credit === 0 && shortAnswer(unit.answer) ? shortAnswer(unit.answer) : null;
    const base = {
      title: factAt
        ? msg.openAnswer.wrongFactTitle
        : span && a.doubt === 'roles'
          ? msg.openAnswer.rolesSwappedTitle
          : span && a.doubt === 'negation'
            ? msg.openAnswer.negatedTitle
            : partial
              ? msg.openAnswer.partialTitle
              : msg.openAnswer.missingTitle,
      point_deduction: lost,
      details,
      suggestion: msg.openAnswer.add(a.aspect.text),
      severity: partial ? 'minor' : 'moderate',
      message:
        factAt && a.wrongFact
          ? msg.wrongFact(a.wrongFact.written, a.wrongFact.expected)
          : span && a.doubt === 'roles'
            ? msg.rolesSwapped(aspectName(a.aspect))
            : span && a.doubt === 'negation'
              ? msg.negated(aspectName(a.aspect))
              : partial
                ? msg.openAnswer.partialMessage(aspectName(a.aspect))
                : msg.openAnswer.missingMessage(aspectName(a.aspect)),
      category: 'content',
    };
    if (wrongShortAnswer) {
      errors.push(
        textError(
          {
            ...base,
            title: msg.openAnswer.wrongAnswerTitle,
            message: msg.wrongShortAnswer(wrongShortAnswer.text, aspectName(a.aspect)),
            details: msg.wrongShortAnswer(wrongShortAnswer.text, aspectName(a.aspect)),
            suggestion: a.aspect.text,
          },
          unit.answerStart + wrongShortAnswer.start,
          unit.answerStart + wrongShortAnswer.end,
          wrongShortAnswer.text,
        ),
      );
    } else if (span) {
      const start = unit.answerStart + span[0]!.start;
      const end = unit.answerStart + span[span.length - 1]!.end;
      // what was read there as wrong (swapped, another fact, only part of it) was read by comparing words with
      // the key's, which cannot tell a paraphrase from a mistake either (ADR 0039); a negation read there is
      // the pupil's own word against the key's and stays a mistake
      errors.push({
        ...textError(base, start, end, unit.answer.slice(span[0]!.start, span[span.length - 1]!.end)),
        ...(a.doubt === 'negation' ? {} : { read_by_words: true }),
      });
    } else {
      // nothing wrong was read in the answer; the key's words were just not there (ADR 0035)
      errors.push({ ...base, location: null, words_not_found: true });
    }
  }
  const uniqueNamed = [...new Set(named)];
  const missingContent = missing.filter((m) => !unmetCriteria.includes(m));
  // a key of writing criteria only has no aspects to name: the feedback says what the checks found
  const criteriaOnly = criteria.size > 0 && criteria.size === r.aspects.length;
  const feedbackParts = criteriaOnly
    ? [
        missingParts.length > 0
          ? msg.openAnswer.missing(missingParts)
          : msg.criteriaMet([...criteria.values()].map((c) => c.note).join('; ')),
      ]
    : [
        uniqueNamed.length > 0 ? msg.openAnswer.named(uniqueNamed.map(quote)) : msg.noAspectMatched,
        missingParts.length > 0 ? msg.openAnswer.missing(missingParts) : msg.allAspectsNamed,
      ];
  // what the checks that only propose gave: the teacher's judgement, not the engine's (ADR 0036)
  const proposed = round2(
    [...criteria.entries()].reduce((sum, [i, c]) => sum + (c.proposal ? r.aspects[i]!.points : 0), 0),
  );
  return {
    achieved: round2(r.achieved),
    max: r.max,
    ...(proposed > 0 ? { proposed } : {}),
    errors,
    feedback: feedbackParts.join(' '),
    named: uniqueNamed,
    missing,
    // content to add, and criteria of the writing to look after (a quality is nothing to add)
    improvement: [
      ...(missingContent.length > 0 ? [msg.openAnswer.improvement(missingContent.map(quote))] : []),
      ...(unmetCriteria.length > 0 ? [msg.openAnswer.improveCriteria(unmetCriteria.map(quote))] : []),
    ].join(' '),
    doubts: [
      ...criteriaDoubts,
      ...(r.confidence < reviewConfidence
        ? r.aspects.flatMap((a, i) =>
            criteria.has(i) || a.confidence >= reviewConfidence || a.doubt === null
              ? []
              : [
                  a.doubt === 'negation'
                    ? msg.reviewNegation(aspectName(a.aspect))
                    : a.doubt === 'fact' && a.wrongFact
                      ? msg.reviewFact(a.wrongFact.written, a.wrongFact.expected)
                      : a.doubt === 'roles'
                        ? msg.reviewRoles(aspectName(a.aspect))
                        : msg.reviewParaphrase(aspectName(a.aspect)),
                ],
          )
        : []),
    ],
  };
}

/**
 * An open answer's aspects that are writing criteria ("Sprachrichtigkeit", "keine wörtliche Rede") are
 * checked as such instead of being looked for as content; the points are summed again.
 */
function withCriteria(
  r: OpenAnswerResult,
  unit: GradingUnit,
  findings: LanguageFinding[],
  keyContext: string,
): { result: OpenAnswerResult; criteria: Map<number, CriterionResult> } {
  const criteria = new Map<number, CriterionResult>();
  const scale = r.max / (r.aspects.reduce((s, x) => s + x.aspect.points, 0) || 1);
  const aspects = r.aspects.map((a, i) => {
    const checks = criteriaOf(a.aspect.text);
    if (!checks) return a;
    const c = scoreCriteria(checks, {
      answer: unit.answer,
      findings: findings
        .filter((f) => f.start >= unit.answerStart && f.end <= unit.answerStart + unit.answer.length)
        .map((f) => ({ ...f, start: f.start - unit.answerStart, end: f.end - unit.answerStart })),
      keyContext,
    });
    criteria.set(i, c);
    const points = a.aspect.points * scale * c.credit;
    return { ...a, credit: c.credit, points, doubt: null, confidence: 1 };
  });
  if (criteria.size === 0) return { result: r, criteria };
  const achieved = Math.min(
    r.max,
    aspects.reduce((s, a) => s + a.points, 0),
  );
  return {
    result: {
      ...r,
      aspects,
      achieved,
      score: r.max > 0 ? achieved / r.max : 0,
      confidence: Math.min(1, ...aspects.map((a) => a.confidence)),
    },
    criteria,
  };
}

export function scoreUnit(
  unit: GradingUnit,
  language: Language,
  followOn: FollowOnResult[],
  mathsChecked: boolean,
  findings: LanguageFinding[],
  checks: MathsChecks = { slips: 0, flagged: false },
): UnitOutcome {
  const answered = unit.answer.trim().length > 0;
  const base: UnitOutcome = {
    unit,
    achieved: null,
    max: unit.maxPoints,
    errors: [],
    feedback: '',
    improvement: '',
    named: [],
    missing: [],
    answered,
    keyChecksResults: false,
  };
  const key = unit.key;
  if (key.kind === 'none') {
    return {
      ...base,
      // name only the checks that ran: calculations are checked in maths units only
      feedback: answered
        ? mathsChecked
          ? msg.contentNotGraded
          : msg.contentNotGradedLanguageChecked
        : msg.noAnswerRecognised,
    };
  }
  if (key.kind === 'true-false')
    return { ...base, ...fromClosed(unit, scoreTrueFalse(key.statement, unit.answer, language)) };
  if (key.kind === 'rewritten')
    return {
      ...base,
      ...fromClosed(unit, scoreRewrittenSentence(key.sentence, unit.answer, unit.maxPoints ?? 1)),
    };
  if (key.kind === 'question') {
    const q = key.question;
    if (q.type === 'multiple-choice')
      return { ...base, ...fromClosed(unit, scoreMultipleChoice(q, unit.answer)) };
    if (q.type === 'cloze') return { ...base, ...fromClosed(unit, scoreCloze(q, unit.answer)) };
    if (q.type === 'matching') return { ...base, ...fromClosed(unit, scoreMatching(q, unit.answer)) };
    const expectedText = q.correctionTemplate.trim() || q.correctAnswer.trim();
    const expected = parseExpectedAnswer(expectedText, q.points, q.text, language);
    const open = withCriteria(
      scoreOpenAnswer(unit.answer, expected, q.points, undefined, followOn, checks),
      unit,
      findings,
      `${unit.description}\n${q.correctionTemplate}`,
    );
    return {
      ...base,
      keyChecksResults: expected.aspects.some(isNumericAspect),
      ...fromOpen(unit, open.result, open.criteria),
    };
  }
  // "B4 Sprachrichtigkeit (Rechtschreibung, …)" over "0–3 Fehler: 2 P., 4–7 Fehler: 1 P., mehr: 0 P.": the
  // criterion is the title, the lines below only how many errors cost what
  const criterion = key.question
    .replace(/_+|\/\s*\d+|\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const expected =
    errorBands.test(key.text) && criteriaOf(criterion) !== null
      ? parseExpectedAnswer(`(${criterion})`, unit.maxPoints ?? 0, '', language)
      : parseExpectedAnswer(key.text, unit.maxPoints ?? 0, key.question, language);
  if (expected.aspects.length === 0 && unit.maxPoints !== null) {
    return { ...base, feedback: msg.keyCriteriaOnly, criteriaOnly: true };
  }
  const max = unit.maxPoints ?? (expected.marked ? expected.totalPoints : null);
  if (max === null) {
    return {
      ...base,
      feedback: msg.taskPointsMissing,
    };
  }
  // "b) N", "3) R", "a) ja": a solution of a letter or a short word, answered so, is compared
  // as it stands (a keyword scorer skips so short a word)
  const short = shortAnswerOf(key.text, unit.answer);
  if (short) return { ...base, ...fromClosed(unit, scoreShortAnswer(short, max)) };
  // a language exercise's solutions as numbered sentences: each sentence is compared as a whole
  const sentences = language === 'de' ? null : sentenceItemsOf(key.text);
  if (sentences) return { ...base, ...fromClosed(unit, scoreSentenceItems(sentences, unit.answer, max)) };
  // a key of pairs or short items is marked item by item where the student answered in that form
  const list = scoreKeyList(key.text, unit.answer, max, key.question);
  if (list !== null) return { ...base, ...fromClosed(unit, list) };
  // a key made of reaction equations is checked chemically: same substances, balanced
  const reaction = scoreReactionEquations(key.text, unit.answer, max);
  if (reaction !== null) {
    const right = reaction.achieved >= max;
    return {
      ...base,
      max,
      achieved: reaction.achieved,
      feedback: right
        ? msg.reactionEquationRight
        : `${msg.reactionEquationExpected} ${reaction.expected.join('; ')}.`,
      missing: right ? [] : reaction.expected,
      named: right ? reaction.expected : [],
    };
  }
  // a word equation: each substance on its side of the arrow
  const wordEquation = scoreWordEquation(key.text, unit.answer, max);
  if (wordEquation !== null) {
    const per = round2(max / Math.max(1, wordEquation.count));
    return {
      ...base,
      max,
      achieved: wordEquation.achieved,
      feedback: wordEquation.feedback,
      errors: wordEquation.misplaced.map((substance) => ({
        title: msg.wordEquationSideTitle,
        message: msg.wordEquationSide(substance),
        details: msg.wordEquationSide(substance),
        suggestion: key.text.trim(),
        severity: 'moderate',
        category: 'content',
        point_deduction: per,
        location: null,
      })),
      missing: wordEquation.misplaced,
    };
  }
  const open = withCriteria(
    scoreOpenAnswer(unit.answer, expected, max, undefined, followOn, checks),
    unit,
    findings,
    `${unit.description}\n${key.question}\n${key.text}`,
  );
  return {
    ...base,
    keyChecksResults: expected.aspects.some(isNumericAspect),
    ...fromOpen(unit, open.result, open.criteria),
  };
}
