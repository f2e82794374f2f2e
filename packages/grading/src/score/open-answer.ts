import { unwrapLines } from '../text/line-wrap';
import { isNegated, isNegator } from '../text/negation';
import { oppositeIn } from '../text/opposites';
import { isPlaceNoun } from '../text/places';
import { stopwords } from '../text/stopwords';
import { tokenize, type Language, type Token } from '../text/tokenize';
import type { Aspect, ExpectedAnswer, KeyTerm } from './expected-answer';
import {
  answerHasStep,
  keyResults,
  sameNumberOtherUnit,
  keySteps,
  sameValue,
  statedValues,
  readValue,
  writtenResults,
  type KeyResult,
  type MathsValue,
  type WrittenResult,
} from '../maths/results';
import { namesWord, nearMiss, sameHead, spellingVariant, termMatch } from './term-match';

/**
 * The credit of one aspect is a linear function of what the answer shows, clamped to 0..1:
 * credit = bias + coverage·c + anchor·a + overall·o + length·l, where
 * - coverage: weighted share of the aspect's words found (words near the point mark weigh more),
 * - anchor: how well the word right before the point mark is found,
 * - overall: share of all the expected answer's words found,
 * - length: the answer's content words / 10, capped at 1 (an answer of two words rarely earns full points).
 * The weights are fitted by least squares on the development part of the SAF Micro-Job (German) data only
 * (`npm run bench:grading -- --fit`: five of its six questions; the sealed one, whose figure bench:grading
 * reports, is not fitted on), with the evidence weights kept ≥ 0: finding more of the key's words never
 * lowers a credit. The unconstrained fit (`-- --fit --unconstrained`: anchor -0.144) traded the anchor word
 * against the coverage it correlates with, and gave short half-right answers less (their mean credit on the
 * development answers 0.23, 0.27 under the old fit on all six questions, 0.25 with the constraint); the
 * constraint was chosen by leave-one-question-out inside the development part (macro-F1 0.616 → 0.678,
 * QWK 0.382 → 0.386), not by the sealed figure. Until builtin-2.6.0 the engine used the fit on all six
 * questions, the sealed one included (bias -0.212, coverage 0.749, anchor 0.509, overall 1.97, length 0.587).
 */
export type CreditModel = { bias: number; coverage: number; anchor: number; overall: number; length: number };
export const defaultCreditModel: CreditModel = {
  bias: -0.429,
  coverage: 2.233,
  anchor: 0,
  overall: 1.924,
  length: 0.592,
};

export type AspectMeasure = {
  coverage: number;
  anchor: number;
  /** the answer states the aspect's key word negated (or the key negates what the answer affirms) */
  contradicted: boolean;
  /** the student's words that matched, as written, in text order */
  matchedWords: { text: string; start: number; end: number }[];
  /**
   * Where the engine read the mistake, when it differs from the matched words: the words it read negated,
   * or the aspect's words said of another role (in text order)
   */
  readAt?: { text: string; start: number; end: number }[];
  /** the expected answer's words not found */
  missingTerms: string[];
  /** its words stand in the answer, but only in sentences about another aspect's role words */
  swapped: boolean;
  /** a fact (a noun or number of the key) the answer names differently: "Bundesrat" for "Bundestag" */
  wrongFact: { expected: string; written: string } | null;
  /** the aspect's central word (its anchor) is a noun or number, and the answer does not name it */
  factMissing: boolean;
  /** a short statement (up to three words of the key: „Sturm auf die Bastille“, „bildet Galle“) */
  short: boolean;
  /** its central word is a place („ins Blatt“) and the answer names another place there („in die Wurzel“) */
  otherPlace: boolean;
  /**
   * The aspect says what a noun does (a lower-case word beside a noun: "bildet Galle") and the answer has the
   * nouns but none of those words ("Die Leber braucht Galle"): a paraphrase or another relation; the teacher
   * decides (points stay with the fitted model, which credits paraphrases; bench:tests got worse with a cap).
   */
  relationMissing: boolean;
  /**
   * A fill-in answered with another form: the key expects a short form ("sommes allés", "didn't see"), the
   * answer is as short and writes another word in place of one of the key's ("avons allés", "didn't saw").
   * A teacher marks the form wrong, however many of its words agree.
   */
  formReplaced?: boolean;
  /** when swapped: the coverage its words would have if they were said of its own role */
  swappedCoverage?: number;
  /** the answer writes the aspect's equation with its sides swapped (see reversedEquation) */
  reversed?: boolean;
};

export type AnswerMeasure = {
  aspects: AspectMeasure[];
  /**
   * The rules of issue 13 §6 (negation of any key word, the coverage cap, a missing or wrong fact, padding)
   * read German answers (facts and roles are German nouns); the subject Englisch keeps the fitted model.
   * The SAF English set runs as German (its subject is not Englisch) and its macro-F1 fell 0.425 → 0.39.
   */
  strict: boolean;
  overall: number;
  length: number;
};

/** Why the engine is unsure of an aspect's credit: a negation or swapped roles it read, or a loose paraphrase. */
export type Doubt = 'negation' | 'roles' | 'fact' | 'paraphrase';

export type AspectResult = AspectMeasure & {
  aspect: Aspect;
  credit: number;
  points: number;
  /** 0.5..1: how clearly the measures decide the credit (1: all or nothing beyond doubt) */
  confidence: number;
  doubt: Doubt | null;
};

export type OpenAnswerResult = {
  aspects: AspectResult[];
  achieved: number;
  max: number;
  /** achieved / max */
  score: number;
  /** the lowest confidence of its aspects */
  confidence: number;
};

/**
 * Below this confidence a subtask is flagged for the teacher ("Bitte prüfen: …") and the result is
 * needs_review. A negation, swapped roles, a wrong or missing fact, or another verb set the confidence to at
 * most 0.5; otherwise it is how far the unrounded credit is from the middle (max(c, 1 − c)). On bench:tests
 * the flagged tasks are off by 38 % of their maximum on average, the others by 23 %; thresholds from 0.55 to
 * 0.8 flag 37 to 41 of 105 tasks with the same split, so 0.7 flags credits between 0.3 and 0.7 (a teacher's
 * "partly") and leaves the clear ones alone.
 */
export const reviewConfidence = 0.7;

type Candidate = Token & {
  negated: boolean;
  sentence: number;
  /** the noun of a phrase of place or direction ("ins Blatt", "in der Wurzel"), see isPlaceNoun */
  place: boolean;
};

function bestMatch(stem: string, negated: boolean, candidates: Candidate[]) {
  let best = 0;
  let bestToken: Candidate | undefined;
  let bestRaw = 0;
  let rawNegated = false;
  let rawToken: Candidate | undefined;
  for (const c of candidates) {
    // "nicht" inside "vernichtet" is no match: a negating word stands for no word of the key
    if (isNegator(c.lower)) continue;
    const m = termMatch(stem, c.stem);
    if (m > bestRaw || (m === bestRaw && c.negated === negated)) {
      bestRaw = m;
      rawNegated = c.negated !== negated;
      rawToken = c;
    }
    // the student says the opposite of what the key says ("kein Foto" against "Foto")
    const value = c.negated !== negated ? m * 0.2 : m;
    if (value > best) {
      best = value;
      bestToken = c;
    }
  }
  // only the pupil's negation contradicts ("gibt keine Protonen ab" against "gibt Protonen ab"); a word the
  // key negates and the answer names plainly is mostly said in another context ("die Demokratie abschaffen"
  // beside "keine wehrhafte Demokratie") and simply earns less
  const contradicted = bestRaw >= 0.8 && rawNegated && !negated && best < bestRaw;
  return { best, bestToken, contradicted, against: contradicted ? rawToken : undefined };
}

const isFact = (t: KeyTerm, language: Language) =>
  t.weight >= 1 && (/^\d/.test(t.text) || (language === 'de' && t.noun));
const isRelation = (t: KeyTerm, language: Language) =>
  language === 'de' && t.weight >= 1 && /^\p{Ll}/u.test(t.text);

function measureAspect(
  aspect: Aspect,
  candidates: Candidate[],
  language: Language,
  /** the stems of every term of the expected answer */
  keyStems: string[] = [],
): AspectMeasure {
  let total = 0;
  let got = 0;
  let anchor = 0;
  let anchorWeight = -1;
  let contradicted = false;
  let facts = 0;
  let wrongFact: AspectMeasure['wrongFact'] = null;
  let relations = 0;
  let relationsFound = 0;
  let anchorFact = false;
  let anchorPlace = false;
  // the aspect's nouns that say what (not where), and whether the answer names them
  let things = 0;
  let thingsFound = 0;
  let extraGot = 0;
  let extraFact = false;
  const matched: Candidate[] = [];
  const negatedWords: Candidate[] = [];
  const missing: string[] = [];
  for (const term of aspect.terms) {
    if (term.extra) {
      // the key's explanation: its words count as found words of the aspect, their absence costs nothing
      const { best, bestToken } = bestMatch(term.stem, term.negated, candidates);
      if (best >= 0.6 && bestToken) {
        extraGot += term.weight * best;
        matched.push(bestToken);
        if (term.noun) extraFact = true;
      }
      continue;
    }
    total += term.weight;
    const main = bestMatch(term.stem, term.negated, candidates);
    const other = term.alternative ? bestMatch(term.alternative, term.negated, candidates) : null;
    const {
      best,
      bestToken,
      contradicted: against,
      against: negatedToken,
    } = other && other.best > main.best ? other : main;
    got += term.weight * best;
    // the anchor is the heaviest term (the last content word before the mark, unless it repeats the question)
    if (term.weight > anchorWeight) {
      anchorWeight = term.weight;
      anchor = best;
      anchorFact = isFact(term, language);
      anchorPlace = term.place === true;
    }
    // saying the opposite of any word of the aspect that the question does not give away contradicts it
    // ("gibt keine Protonen ab" against "gibt Protonen ab")
    if (against && (language === 'de' ? term.weight >= 1 : term.weight === anchorWeight)) {
      contradicted = true;
      if (negatedToken) negatedWords.push(negatedToken);
    }
    const fact = isFact(term, language);
    if (fact) facts++;
    if (fact && !term.place) {
      things++;
      if (best >= 0.6) thingsFound++;
    }
    // a capitalised word of the key at the start of its line may be a noun too ("Angebotsüberhang (1 P)"):
    // another compound with its head written instead of it names another thing ("Nachfrageüberhang")
    const named = fact || (language === 'de' && term.weight >= 1 && /^\p{Lu}/u.test(term.text));
    if (named) {
      if (best < 0.6) {
        // a noun of the aspect itself is no wrong fact ("Chlorophyll" beside "Chloroplasten")
        const other = candidates.find(
          (c) =>
            /^\p{Lu}/u.test(c.text) &&
            nearMiss(term.stem, c.stem) &&
            (fact || sameHead(term.stem, c.stem)) &&
            !aspect.terms.some((t) => termMatch(t.stem, c.stem) >= 0.6) &&
            // a compound with the same head that the key uses elsewhere is a right fact of another aspect
            // ("Zweitstimme" beside "Erststimme"; what is said of it is the roles' business)
            (term.stem.slice(0, 5) === c.stem.slice(0, 5) ||
              !keyStems.some((k) => termMatch(k, c.stem) >= 0.85)),
        );
        if (other && !wrongFact) wrongFact = { expected: term.text, written: other.text };
      }
    }
    if (isRelation(term, language)) {
      relations++;
      if (best >= 0.6) relationsFound++;
    }
    if (bestToken && best >= 0.6) matched.push(bestToken);
    else missing.push(term.text);
  }
  const words = (list: Candidate[]) =>
    [...new Map(list.map((m) => [m.start, m])).values()]
      .sort((a, b) => a.start - b.start)
      .map((m) => ({ text: m.text, start: m.start, end: m.end }));
  const unique = words(matched);
  // The central word names where the thing goes ("weniger Kohlenstoffdioxid ins Blatt"), the answer names the
  // thing and no other place in its statements ("… bekommt sie weniger Kohlenstoffdioxid"): the place is left
  // out, not got wrong, and the fact of the aspect is there. "… weniger Kohlenstoffdioxid in die Wurzel"
  // names another place and stays without the fact.
  const statements = new Set(matched.map((m) => m.sentence));
  const otherPlace = candidates.some(
    (c) =>
      c.place && statements.has(c.sentence) && !aspect.terms.some((t) => termMatch(t.stem, c.stem) >= 0.6),
  );
  const placeLeftOut = anchorPlace && things > 0 && thingsFound === things && !otherPlace;
  const short = aspect.terms.length <= 3;
  return {
    ...(negatedWords.length > 0 ? { readAt: words(negatedWords) } : {}),
    coverage: total > 0 ? Math.min(1, (got + extraGot) / total) : 0,
    anchor,
    contradicted,
    matchedWords: unique,
    missingTerms: missing,
    swapped: false,
    wrongFact,
    short,
    otherPlace: anchorPlace && otherPlace,
    // short statements only ("bildet Galle"): in a long sentence one verb is one word among many
    relationMissing: short && facts > 0 && relations > 0 && relationsFound === 0,
    // a noun of the key's explanation of the aspect names its thing in the key's own other words
    factMissing: anchorFact && anchor < 0.6 && !extraFact && !placeLeftOut,
  };
}

/** The sentence each token stands in. */
function sentenceIndexes(tokens: Token[], text: string): number[] {
  let index = 0;
  return tokens.map((t, i) => {
    if (i > 0 && /[.!?;\n]/.test(text.slice(tokens[i - 1]!.end, t.start))) index++;
    return index;
  });
}

/**
 * The role words of each aspect: its nouns (capitalised in the key) that no other aspect of the key uses
 * ("Säure" in "Eine Säure gibt Protonen ab" beside "eine Base nimmt Protonen auf"). Where the answer names
 * the first of them, the thing the aspect speaks about, only that one is its role: "Im Bundesrat sitzen die
 * Abgeordneten" then speaks about the Bundesrat, not about "Im Bundestag sitzen die gewählten
 * Abgeordneten". Where it does not ("Sie entgiftet das Blut" for "Die Leber entgiftet das Blut"), all of
 * them are. German only: English writes its nouns in lower case.
 */
function roleStems(aspects: Aspect[], language: Language, candidates: Candidate[]): string[][] {
  if (aspects.length < 2 || language !== 'de') return aspects.map(() => []);
  return aspects.map((a, i) => {
    const others = aspects.filter((_, j) => j !== i).flatMap((b) => b.terms);
    // the terms stand in the key's word order
    const own = a.terms
      .filter(
        (t) =>
          // capitalised in the key: a noun, also at the start of its sentence ("Produzenten stellen …")
          !t.negated &&
          t.stem.length >= 3 &&
          /^\p{Lu}/u.test(t.text) &&
          !others.some((o) => termMatch(o.stem, t.stem) >= 0.6),
      )
      .map((t) => t.stem);
    const subject = own[0];
    return subject !== undefined &&
      candidates.some((c) => c.stem === subject || spellingVariant(c.stem, subject))
      ? [subject]
      : own;
  });
}

/** Words that join two main clauses ("…, und die Spannung ist überall gleich", "…, während …"). */
const clauseJoiners = new Set([
  'und',
  'aber',
  'sondern',
  'während',
  'wahrend',
  'doch',
  'jedoch',
  'wohingegen',
  'dagegen',
  'oder',
]);

/**
 * The units the roles are read in: sentences, split further where a joining word ("und", "aber", "während")
 * starts a part that names role words of other aspects than the part before it, and both parts
 * say something besides (two content words each). So "teilt sich die Stromstärke auf und die Spannung ist
 * überall gleich" is two statements, one about each role, while a list of things ("braucht Sauerstoff und
 * Traubenzucker") stays one statement.
 */
function clauseIndexes(candidates: Candidate[], tokens: Token[], roles: string[][]): number[] {
  const rolesOf = (c: Candidate) =>
    c.negated ? [] : roles.flatMap((stems, j) => (stems.some((r) => namesWord(r, c.stem)) ? [j] : []));
  // parts: runs of candidates between sentence ends and joining words (a bare comma mostly opens a
  // subordinate clause about the same subject: "…, weil sie mit der Energie des Lichts Zucker herstellen")
  // (in text order: the candidates are too, so one pass over both finds the joiner between two candidates;
  // looking through all joiners for each candidate made long answers quadratic, issue 31)
  const joinerAt = tokens.filter((t) => clauseJoiners.has(t.lower)).map((t) => t.start);
  let nextJoiner = 0;
  const parts: Candidate[][] = [];
  candidates.forEach((c, i) => {
    const prev = candidates[i - 1];
    while (prev !== undefined && nextJoiner < joinerAt.length && joinerAt[nextJoiner]! < prev.end)
      nextJoiner++;
    const joinerBetween = nextJoiner < joinerAt.length && joinerAt[nextJoiner]! < c.start;
    const joined = prev !== undefined && (prev.sentence !== c.sentence || joinerBetween);
    if (!prev || joined) parts.push([c]);
    else parts.at(-1)!.push(c);
  });
  const out: number[] = [];
  let unit = -1;
  let unitRoles = new Set<number>();
  let unitSize = 0;
  let unitSentence = -1;
  for (const part of parts) {
    const partRoles = new Set(part.flatMap(rolesOf));
    const differs = [...partRoles].some((j) => !unitRoles.has(j));
    const clause =
      part[0]!.sentence === unitSentence &&
      partRoles.size > 0 &&
      unitRoles.size > 0 &&
      differs &&
      part.length >= 2 &&
      unitSize >= 2;
    if (part[0]!.sentence !== unitSentence || clause) {
      unit++;
      unitRoles = new Set();
      unitSize = 0;
      unitSentence = part[0]!.sentence;
    }
    for (const j of partRoles) unitRoles.add(j);
    unitSize += part.length;
    for (let k = 0; k < part.length; k++) out.push(unit);
  }
  return out;
}

/**
 * The aspects each sentence of the answer speaks about: a sentence that names role words of some aspects
 * only speaks about those; its words do not count for the others. So "Eine Base gibt Protonen ab." does not
 * credit "Eine Säure gibt Protonen ab" (roles swapped). A sentence without role words counts for every aspect.
 */
function sentenceAspects(candidates: Candidate[], roles: string[][]): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const c of candidates) {
    if (c.negated) continue;
    roles.forEach((stems, j) => {
      if (!stems.some((r) => namesWord(r, c.stem))) return;
      const set = out.get(c.sentence) ?? new Set<number>();
      set.add(j);
      out.set(c.sentence, set);
    });
  }
  return out;
}

/** A bound before a number: at least ("mindestens 5 %") or at most ("weniger als 5 %"). */
const lowerBound = /(?:^|[^\p{L}])(?:mindestens|wenigstens|mehr als|über|ab|at least|more than)\s+[-−]?\d/iu;
const upperBound =
  /(?:^|[^\p{L}])(?:höchstens|maximal|weniger als|unter|unterhalb von|bis zu|at most|less than|below)\s+[-−]?\d/iu;

/**
 * A key that states a threshold ("Eine Partei braucht mindestens 5 % …, um in den Bundestag einzuziehen")
 * is restated by the answer the other way round with a negation: "Parteien, die weniger als 5 % haben,
 * kommen nicht in den Bundestag". The negation there does not contradict the key: it goes with the
 * opposite bound. True for a sentence of the answer that names the opposite bound of the aspect's.
 */
function restatesBound(aspect: string, sentence: string): boolean {
  const withoutNegatedBound = (s: string) => s.replace(/nicht\s+(?=mehr als|weniger als)/giu, '');
  const key = withoutNegatedBound(aspect);
  const answer = withoutNegatedBound(sentence);
  // "nicht mehr als 5 %" is an upper bound, "nicht weniger als" a lower one
  const answerLower = lowerBound.test(answer) && !/nicht\s+mehr als/iu.test(sentence);
  const answerUpper = upperBound.test(answer) || /nicht\s+mehr als\s+[-−]?\d/iu.test(sentence);
  return (lowerBound.test(key) && answerUpper) || (upperBound.test(key) && answerLower);
}

/**
 * A key that states what happens otherwise ("Die Pflanze verliert sonst zu viel Wasser") is restated by the
 * answer as the purpose, negated: "Damit die Pflanze nicht so viel Wasser verliert", "um nicht zu viel
 * Wasser zu verlieren", "sodass sie kein Wasser verliert". The negation there says what is prevented; it
 * does not contradict the key. True for a sentence of the answer with such a clause, where the aspect says
 * "sonst" and negates nothing itself.
 */
function restatesConsequence(aspect: string, sentence: string): boolean {
  if (!/(?:^|[^\p{L}])(?:sonst|ansonsten|andernfalls|anderenfalls)(?![\p{L}])/iu.test(aspect)) return false;
  if (/(?:^|[^\p{L}])(?:nicht|kein\p{L}*|nie|ohne)(?![\p{L}])/iu.test(aspect)) return false;
  // in the clause itself: up to its comma ("Damit sie wächst, verliert sie nicht …" negates the main clause)
  return /(?:^|[^\p{L}])(?:damit|sodass|so dass|um)(?:\s+[^.!?;,\s]+)*?\s+(?:nicht|kein\p{L}*)(?![\p{L}])/iu.test(
    sentence,
  );
}

/**
 * The forms a key word with optional letters in brackets stands for: "né(e)" is "né" and "née",
 * "allé(e)s" is "allés" and "allées", "Lehrer(in)" is "lehrer" and "lehrerin" (lower case).
 */
function optionalForms(text: string): Set<string> {
  const forms = new Set<string>();
  for (const m of text.matchAll(/(\p{L}+)\((\p{L}{1,3})\)(\p{L}*)/gu)) {
    forms.add(`${m[1]}${m[3]}`.toLowerCase());
    forms.add(`${m[1]}${m[2]}${m[3]}`.toLowerCase());
  }
  return forms;
}

const arrow = /\s*(?:→|⟶|->|=>|⇒)\s*/;

/**
 * Where the answer writes the key's word equation with its two sides swapped: a line of the answer with an
 * arrow whose left side has most words of the key's right side and whose right side most of the key's left
 * side. "A + B → C + D" answered "C + D → A + B" names the reverse process (Zellatmung for Fotosynthese).
 */
function reversedEquation(
  aspect: string,
  answer: string,
  language: Language,
): { text: string; start: number; end: number } | null {
  const sides = aspect.replace(/\([^()]*\)/g, ' ').split(arrow);
  if (sides.length !== 2) return null;
  const stems = (text: string) =>
    tokenize(text, language)
      .filter((t) => !stopwords.has(t.lower))
      .map((t) => t.stem);
  const [keyLeft, keyRight] = sides.map(stems) as [string[], string[]];
  if (keyLeft.length === 0 || keyRight.length === 0) return null;
  const share = (key: string[], written: string[]) =>
    key.filter((k) => written.some((w) => termMatch(k, w) >= 0.8)).length / key.length;
  for (const m of answer.matchAll(/[^\n]+/g)) {
    const parts = m[0].split(arrow);
    if (parts.length !== 2) continue;
    const [left, right] = parts.map(stems) as [string[], string[]];
    const swapped = share(keyRight, left) + share(keyLeft, right);
    const kept = share(keyLeft, left) + share(keyRight, right);
    if (swapped >= 1.5 && swapped > kept) {
      const text = m[0].trim();
      const start = m.index + m[0].indexOf(text);
      return { text, start, end: start + text.length };
    }
  }
  return null;
}

/** What the answer shows of each aspect; independent of any fitted weights. */
export function measureAnswer(written: string, expected: ExpectedAnswer): AnswerMeasure {
  // a scan's line breaks inside sentences are read as the typed copy's spaces (see unwrapLines)
  const answer = unwrapLines(written);
  const strict = expected.language === 'de';
  const tokens = tokenize(answer, expected.language);
  const sentenceOfToken = sentenceIndexes(tokens, answer);
  const all = tokens.map((t, i) => ({
    ...t,
    negated: isNegated(tokens, i, answer),
    sentence: sentenceOfToken[i]!,
    place: isPlaceNoun(tokens, i, answer),
  }));
  const sentences = all.filter((t) => !stopwords.has(t.lower));
  const roles = roleStems(expected.aspects, expected.language, sentences);
  // roles are read per clause: "sentence" becomes the clause a word stands in
  const clauses = expected.language === 'de' ? clauseIndexes(sentences, tokens, roles) : null;
  const candidates = clauses ? sentences.map((c, i) => ({ ...c, sentence: clauses[i]! })) : sentences;
  const about = sentenceAspects(candidates, roles);
  const keyStems = expected.aspects.flatMap((a) => a.terms.map((t) => t.stem));
  // the text of each sentence, for the bounds it names
  const sentenceStart = new Map<number, number>();
  const sentenceText = new Map<number, string>();
  for (const t of all) {
    if (!sentenceStart.has(t.sentence)) sentenceStart.set(t.sentence, t.start);
    sentenceText.set(t.sentence, answer.slice(sentenceStart.get(t.sentence), t.end));
  }
  const aspects = expected.aspects.map((a, j) => {
    // a negation that goes with the opposite bound restates the key's threshold (see restatesBound), one
    // in a purpose clause the key's "sonst" (see restatesConsequence)
    const restated = new Set(
      [...sentenceText]
        .filter(([, text]) => restatesBound(a.text, text) || restatesConsequence(a.text, text))
        .map(([index]) => index),
    );
    const read =
      restated.size === 0
        ? candidates
        : candidates.map((c, i) =>
            c.negated && restated.has(sentences[i]!.sentence) ? { ...c, negated: false } : c,
          );
    const own = measureAspect(
      a,
      // an aspect without role words cannot be told apart from the others: every sentence counts for it
      read.filter((c) => roles[j]!.length === 0 || (about.get(c.sentence)?.has(j) ?? true)),
      expected.language,
      keyStems,
    );
    // the words are there, but said of another role: a swap, or a sentence the role words misread
    const everywhere = about.size > 0 ? measureAspect(a, read, expected.language, keyStems) : own;
    const swapped = everywhere.coverage - own.coverage >= 0.25;
    // a swap is read where the aspect's words stand said of another role
    // (in the clause that has most of them: the error marks one statement, not a passage)
    const clauseOf = (w: { start: number }) => candidates.find((c) => c.start === w.start)?.sentence;
    const said = everywhere.matchedWords.filter((w) => !own.matchedWords.some((o) => o.start === w.start));
    const counts = new Map<number | undefined, number>();
    for (const w of said) counts.set(clauseOf(w), (counts.get(clauseOf(w)) ?? 0) + 1);
    const most = [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
    const elsewhere = said.filter((w) => clauseOf(w) === most);
    const readAt = swapped && elsewhere.length > 0 && !own.contradicted ? { readAt: elsewhere } : {};
    // another thing named in a sentence about another role is still named instead of the aspect's fact
    // ("Dann gibt es einen Nachfrageüberhang, weil die Anbieter …" for "Angebotsüberhang")
    const named = own.wrongFact ?? (swapped ? null : everywhere.wrongFact);
    // the opposite direction or kind ("vom Lot weg" for "zum Lot hin") names another fact
    const opposite = strict && !named ? oppositeIn(a.text, answer) : null;
    // a word equation written the other way round ("Traubenzucker + Sauerstoff → Kohlenstoffdioxid +
    // Wasser" for the Fotosynthese) is another process: its words are all there, said of the wrong sides
    const reversed = reversedEquation(a.text, answer, expected.language);
    if (reversed) return { ...own, swapped: true, reversed: true, readAt: [reversed], wrongFact: null };
    return {
      ...own,
      ...readAt,
      swapped,
      ...(swapped ? { swappedCoverage: everywhere.coverage } : {}),
      wrongFact: named ?? opposite,
    };
  });
  if (expected.aspects.length === 1) {
    const only = expected.aspects[0]!;
    const measured = aspects[0]!;
    const own = only.terms.filter((t) => !t.extra);
    // a form of at most three words, answered in as many words (a fill-in line, not a sentence)
    const others = sentences.filter(
      (c) =>
        !only.terms.some((t) => termMatch(t.stem, c.stem) >= 0.6) && !optionalForms(only.text).has(c.lower),
    );
    // a German key's noun said with a verb or an adjective („Nährstoffe gehen ins Blut“ for „Aufnahme der
    // Nährstoffe ins Blut“, „klein kauen“ for „Zerkleinerung“) is a paraphrase of its nominal style, not
    // another form: keys name what happens with nouns, pupils say it with verbs
    const nounSaidOtherwise =
      strict &&
      measured.missingTerms.every((t) => /^\p{Lu}/u.test(t)) &&
      others.every((c) => /^\p{Ll}/u.test(c.text));
    const replaced =
      own.length > 0 &&
      own.length <= 3 &&
      sentences.length <= own.length &&
      measured.missingTerms.length > 0 &&
      others.length > 0 &&
      !nounSaidOtherwise;
    if (replaced) aspects[0] = { ...measured, formReplaced: true };
  }
  // overall: every distinct term of the expected answer, equally weighted
  const allTerms = new Map<string, boolean>();
  for (const a of expected.aspects)
    for (const t of a.terms) if (t.weight >= 1) allTerms.set(t.stem, t.negated);
  let hit = 0;
  for (const [stem, negated] of allTerms) hit += bestMatch(stem, negated, candidates).best;
  // length counts only sentences that touch the key: unrelated sentences added to an answer earn nothing
  const relevant = new Set(
    sentences.filter((c) => keyStems.some((k) => termMatch(k, c.stem) >= 0.8)).map((c) => c.sentence),
  );
  const counted = sentences.filter((c) => relevant.has(c.sentence)).length;
  return {
    aspects,
    overall: allTerms.size > 0 ? hit / allTerms.size : 0,
    length: Math.min(1, (strict ? counted : candidates.length) / 10),
    strict,
  };
}

/**
 * A swapped aspect earns at most its own coverage times this (chosen on bench:tests, where swaps were
 * over-credited without it; see creditValue for why other aspects are no longer capped so, ADR 0040).
 */
const swappedCoverageCap = 2.5;

export function creditOf(a: AspectMeasure, m: AnswerMeasure, model: CreditModel): number {
  // quarter steps keep the credit readable, as teachers split points
  return Math.round(creditValue(a, m, model) * 4) / 4;
}

/** The credit before rounding, 0..1. */
function creditValue(a: AspectMeasure, m: AnswerMeasure, model: CreditModel): number {
  // saying the opposite of the key, or naming another thing than its fact, earns nothing, however long
  if (a.contradicted || (m.strict && a.wrongFact) || a.formReplaced || a.reversed) return 0;
  const raw =
    model.bias +
    model.coverage * a.coverage +
    model.anchor * a.anchor +
    model.overall * m.overall +
    model.length * m.length;
  // an aspect none of whose own words the answer has earns nothing: the answer's words for the other
  // aspects (the overall share) help a paraphrase of it, they do not replace it
  if (m.strict && a.coverage === 0) return 0;
  // Beyond that the fitted model decides, except where the engine read the aspect's content as said of
  // something else (ADR 0040):
  // - its words said of another role (swapped): at most 2.5 times its own coverage, and with less than a
  //   quarter of it (the smallest credit step) in its own statements nothing: the answer's words for the
  //   other aspects are the very words it swapped ("Die Stromstärke teilt sich auf, die Spannung ist überall
  //   gleich"; a shared verb like "sitzen" is no quarter of "Im Bundestag sitzen die vom Volk gewählten
  //   Abgeordneten"); a swap read beside a fair part of its own words may be a misreading;
  // - a short aspect (up to three words, like the relation rule) whose central noun or number is missing,
  //   or one whose central place the answer names another place for: at most half. In „Sturm auf die
  //   Bastille“ the noun is the content („stürmten das Schloss Versailles“), and „in die Wurzel“ is not „ins
  //   Blatt“; in a longer statement a missing noun is one word among several that a pupil says otherwise.
  // Until builtin-2.14.0 every aspect earned at most 2.5 times its coverage, and at most half where its
  // central noun was missing; both caps were chosen on bench:tests, our own tests. On class tests written by
  // others (development rounds 3–10, 522 papers) they made the engine harsh where pupils write in their own
  // words: points error 17.7 % with both caps, 16.8 % without the coverage cap, 16.4 % without the half,
  // 15.3 % without either; a cap of 4 gave 15.6 %. The first and the second half of the rounds each chose
  // the same. A missing central noun still flags the aspect for the teacher (doubt 'paraphrase').
  if (!m.strict) return Math.min(1, Math.max(0, raw));
  const swapCap = a.swapped
    ? a.coverage < 0.25 && (a.swappedCoverage ?? 0) >= 0.6
      ? 0
      : a.coverage * swappedCoverageCap
    : 1;
  const shortFactCap = a.factMissing && (a.short || a.otherPlace) ? 0.5 : 1;
  const capped = Math.min(raw, swapCap, shortFactCap);
  return Math.min(1, Math.max(0, capped));
}

export function scoreOpenAnswer(
  answer: string,
  expected: ExpectedAnswer,
  maxPoints: number,
  model: CreditModel = defaultCreditModel,
  followOn: FollowOnResult[] = [],
  checks: MathsChecks = { slips: 0, flagged: false },
): OpenAnswerResult {
  // the same reading of the lines as measureAnswer's (same length: the offsets stay those of `answer`)
  const flowing = unwrapLines(answer);
  return scoreMeasured(
    measureAnswer(flowing, expected),
    expected,
    maxPoints,
    model,
    flowing,
    followOn,
    checks,
  );
}

/**
 * What the maths checks found in the answer: `slips`, wrong steps after right ones (see `scoreResults`);
 * `flagged`, whether any check marked something there (then a wrong result is shown where the check put it).
 */
export type MathsChecks = { slips: number; flagged: boolean };

/** A result that is wrong only because it builds on an earlier wrong value (Folgefehler), and the value it would have been. */
export type FollowOnResult = { written: number; expected: number };

export function isNumericAspect(aspect: Aspect): boolean {
  return keyResults(aspect.text) !== null;
}

/**
 * The credit of a calculation aspect: the share of its results the answer writes (a Folgefehler counts as
 * right: the step is right given the student's earlier wrong value, charged where it was made). A result
 * missed on a right way earns half: the answer writes a formula or step of the key's way ("F = e · E",
 * "x² − 4x − 5 = 0"), or the key gives the task's points for the result alone and the answer's own way went
 * wrong by a slip after right steps (`slips`; "16 + 8 + 2 = 24" for 26). Teachers give points for the way.
 */
function scoreResults(
  aspect: Aspect,
  results: KeyResult[],
  answer: string,
  followOn: FollowOnResult[],
  onlyAspect: boolean,
  { slips, flagged }: MathsChecks,
): { credit: number; found: WrittenResult[]; missing: string[]; direct: boolean } {
  const written = writtenResults(answer);
  const found: WrittenResult[] = [];
  const missing: string[] = [];
  const equal = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  let direct = true;
  let halves = 0;
  const piTolerance = /π/.test(aspect.text);
  for (const r of results) {
    const key = r.value;
    const hit = written.find((w) => {
      const value = w.value;
      // a conversion asked for: the value in another unit is the quantity the student started from
      if (r.inUnit !== undefined && !(value.kind === 'quantity' && value.text.endsWith(r.inUnit)))
        return false;
      if (sameValue(value, key) || (r.equation !== undefined && sameValue(value, r.equation))) return true;
      // a key that computes with π: a result with π ≈ 3,14 or rounded in between is as right (0,2 % apart)
      return piTolerance && sameValue(value, key, 0.002);
    });
    // a set of solutions ("L = {2; 3}") written as single values ("x₁ = 2, x₂ = 3"), or the other way round
    const items = (v: typeof key) => (v.kind === 'list' && !v.ordered ? v.items : [v]);
    const spread =
      hit ??
      (key.kind === 'list' && !key.ordered
        ? key.items.every((item) => written.some((w) => items(w.value).some((x) => sameValue(x, item))))
          ? written.find((w) => key.items.some((item) => items(w.value).some((x) => sameValue(x, item))))
          : undefined
        : written.find((w) => w.value.kind === 'list' && items(w.value).some((x) => sameValue(x, key))));
    const follow =
      spread ??
      written.find((w) => {
        const value = w.value;
        return (
          value.kind === 'quantity' &&
          key.kind === 'quantity' &&
          followOn.some((f) => equal(f.written, value.value) && equal(f.expected, key.value))
        );
      });
    const counted = follow ?? countNamed(r.text, answer);
    if (!spread && follow) direct = false;
    // the right number in a wrong unit ("2300 °C" for "2300 mm"): half of this result
    const wrongUnit = counted ? undefined : written.find((w) => sameNumberOtherUnit(w.value, key));
    if (counted) found.push(counted);
    else missing.push(r.text);
    if (wrongUnit) {
      found.push(wrongUnit);
      halves++;
      direct = false;
    }
  }
  const share = (found.length - halves / 2) / results.length;
  if (share >= 1 && halves === 0) return { credit: 1, found, missing, direct };
  const way = keySteps(aspect.text).some((step) => answerHasStep(answer, step)) || (onlyAspect && slips > 0);
  // the task's one result missing: the answer's last value of that kind is its wrong result, where the
  // teacher marks it ("3,2 · 10^-17 N" for "3,2 · 10^-15 N")
  // (a check that marked the mistake already shows it; a result in a calculation, not the answer sentence)
  const only = results.length === 1 && onlyAspect && !flagged ? results[0]!.value : null;
  const candidates = only ? written.filter((w) => sameKind(w.value, only)) : [];
  const calculated = candidates.filter((w) => /[=≈]\s*$/.test(answer.slice(0, w.start)));
  const last = (calculated.length > 0 ? calculated : candidates).at(-1);
  if (found.length === 0 && last) found.push(last);
  return { credit: Math.max(Math.floor(share * 4) / 4, way ? 0.5 : 0), found, missing, direct: false };
}

/**
 * A count of things the key names with a word ("3 Viertel", "12 Eier") is found where the answer writes the
 * same number before that word, also as the head of a compound ("3 Viertelnoten"), anywhere in a sentence
 * ("Es passen 3 Viertelnoten oder 6 Achtelnoten."): such a number is no calculation's result.
 */
function countNamed(keyText: string, answer: string): WrittenResult | undefined {
  const count = /^(\d+(?:[.,]\d+)?)\s+(\p{L}{3,})$/u.exec(keyText.trim());
  if (!count) return undefined;
  const [, number, word] = count;
  for (const m of answer.matchAll(/(?<![\d.,/])(\d+(?:[.,]\d+)?)\s+(\p{L}+)/gu)) {
    if (m[1] !== number || !m[2]!.toLowerCase().startsWith(word!.toLowerCase())) continue;
    const value = readValue(number!);
    if (value) return { value, start: m.index, end: m.index + m[0].length, text: m[0] };
  }
  return undefined;
}

/** Two values of the same kind: quantities of the same dimension (or without units), terms, lists. */
function sameKind(a: MathsValue, b: MathsValue): boolean {
  if (a.kind !== 'quantity' || b.kind !== 'quantity') return a.kind === b.kind;
  return !a.unit || !b.unit || a.unit.equalBase(b.unit);
}

/**
 * Another way to the same result earns full points (issue 13 §4): a result of the key that its later,
 * found result builds on ("Rabatt: 480 € · 0,15 = 72 €" before "480 € − 72 € = 408 €") is not asked for
 * when the answer reached 408 € by another way ("85 % ≙ 408 €").
 */
/**
 * A sentence of the key that states a measured result ("Er muss 24,50 € bezahlen.", "Der Zug braucht 2,5
 * Stunden."): in a short sentence (up to six words) the value decides, not the words around it. The answer
 * writing all its values earns the aspect ("t = 2,5 h"); writing other values of the same kind and none of
 * the key's ("25,50 €") earns nothing, however alike the sentence is. (Applied to long sentences too, the
 * SAF English set's macro-F1 fell from 0.388 to 0.350, 0.385 with the same-kind limit alone: its long
 * explanations name values in passing.)
 */
function creditStatedValues(aspects: AspectResult[], answer: string, scale: number): void {
  const written = writtenResults(answer);
  // bare numbers ("um 10 gesunken"); one written as a percentage is a percentage, not the key's amount
  // ("um 10 % gesunken" for "sinkt um 10 €": the classic mix-up of absolute and relative change)
  const numbers = [...answer.matchAll(/[-−]?\d+(?:[.,]\d+)?(?:\s*\/\s*\d+)?(?![\d.,]*\s*%)/g)].map((m) =>
    readValue(m[0]),
  );
  const percents = [...answer.matchAll(/([-−]?\d+(?:[.,]\d+)?)\s*%/g)].map((m) => readValue(m[1]!));
  const sentences = [...answer.matchAll(/[^.!?\n]+/g)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  aspects.forEach((a, i) => {
    if (keyResults(a.aspect.text) !== null || /^\([A-Ha-h]\)/.test(a.aspect.text)) return;
    // a value another aspect states too ("5 %" of the calculation and of "ja, genau 5 % reichen") does not
    // tell this aspect apart
    const elsewhere = aspects
      .filter((_, j) => j !== i)
      .flatMap((b) => [
        ...statedValues(b.aspect.text),
        ...(keyResults(b.aspect.text) ?? []).map((r) => r.value),
      ]);
    const values = statedValues(a.aspect.text).filter((v) => !elsewhere.some((o) => sameValue(o, v)));
    if (values.length === 0) return;
    const found = values.filter(
      (v) =>
        written.some((w) => sameValue(w.value, v)) ||
        numbers.some((n) => n !== null && sameValue(n, { ...v, unit: null })) ||
        (v.percent && percents.some((n) => n !== null && sameValue(n, { ...v, unit: null, percent: false }))),
    ).length;
    // the value is the content of a short sentence ("Der Zug braucht 2,5 Stunden."), not of an explanation
    const short = (a.aspect.text.match(/\p{L}{2,}/gu) ?? []).length <= 6;
    // another value of the same kind written instead ("25,50 €" for "24,50 €"); an explanation without
    // values keeps what its words earn
    // ... in a sentence that has words of the aspect ("Er muss 25,50 € bezahlen.")
    const about = sentences
      .filter((x) => a.matchedWords.some((w) => w.start >= x.start && w.start < x.end))
      .flatMap((x) => statedValues(x.text));
    const other = values.some((v) =>
      about.some(
        (w) =>
          !w.unit === !v.unit &&
          (!v.unit || w.unit!.equalBase(v.unit)) &&
          (w.percent !== v.percent || !sameValue(w, v)),
      ),
    );
    if (found === values.length && a.credit < 1 && short)
      aspects[i] = { ...a, credit: 1, coverage: 1, points: a.aspect.points * scale };
    else if (found === 0 && a.credit > 0 && other && short)
      aspects[i] = {
        ...a,
        credit: 0,
        points: 0,
        missingTerms: [...a.missingTerms, ...values.map((v) => v.text)],
      };
  });
}

function creditWayResults(aspects: AspectResult[], reached: Set<number>, scale: number): void {
  const numbersOf = (text: string) =>
    (text.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => Number(n.replace(',', '.')));
  aspects.forEach((a, i) => {
    if (a.credit >= 1) return;
    const own = keyResults(a.aspect.text);
    if (!own || own.some((r) => r.value.kind !== 'quantity')) return;
    const used = aspects.slice(i + 1).some((later, k) => {
      if (!reached.has(i + 1 + k)) return false;
      const numbers = numbersOf(later.aspect.text);
      return own.every((r) => r.value.kind === 'quantity' && numbers.includes(Math.abs(r.value.value)));
    });
    if (!used) return;
    aspects[i] = {
      ...a,
      credit: 1,
      coverage: 1,
      anchor: 1,
      missingTerms: [],
      points: a.aspect.points * scale,
    };
  });
}

/**
 * "zwei von drei genügen": the best `choose` aspects share all the points (each its share of the total);
 * the others are alternatives the student did not pick: worth nothing, missing nothing.
 */
function chooseBest(aspects: AspectResult[], choose: number, total: number, scale: number): void {
  const best = new Set(
    aspects
      .map((a, i) => ({ i, credit: a.credit }))
      .sort((x, y) => y.credit - x.credit)
      .slice(0, choose)
      .map((x) => x.i),
  );
  aspects.forEach((a, i) => {
    const aspect = { ...a.aspect, points: best.has(i) ? total / choose : 0 };
    aspects[i] = best.has(i)
      ? { ...a, aspect, points: aspect.points * scale * a.credit }
      : { ...a, aspect, credit: 1, points: 0, missingTerms: [], confidence: 1, doubt: null };
  });
}

export function scoreMeasured(
  measure: AnswerMeasure,
  expected: ExpectedAnswer,
  maxPoints: number,
  model: CreditModel,
  /** the answer text; needed to check numeric results */
  answer?: string,
  followOn: FollowOnResult[] = [],
  checks: MathsChecks = { slips: 0, flagged: false },
): OpenAnswerResult {
  const scale = expected.totalPoints > 0 ? maxPoints / expected.totalPoints : 0;
  const explained = new Set(measure.aspects.flatMap((a) => a.matchedWords.map((w) => w.start)));
  const allWordsExplained =
    answer !== undefined &&
    explained.size > 0 &&
    tokenize(answer, expected.language).every((t) => stopwords.has(t.lower) || explained.has(t.start));
  // calculation aspects whose results the answer writes itself (not as a Folgefehler)
  const reached = new Set<number>();
  const aspects: AspectResult[] = expected.aspects.map((aspect, i) => {
    const option = /^\(([A-Ha-h])\)\s*(.*)$/.exec(aspect.text);
    if (option && answer !== undefined) {
      // a multiple-choice key ("(B) Koran", from "Lösung: B"): the student's letter is compared, and the
      // option's text counts as well when the student writes it instead of the letter
      const letter = /(?:^|[\s(])([A-Ha-h])(?:\)|\.|\s|$)/.exec(answer.trim());
      const byLetter = letter !== null && answer.trim().length <= 4;
      const a = measure.aspects[i]!;
      const credit = byLetter
        ? letter![1]!.toLowerCase() === option[1]!.toLowerCase()
          ? 1
          : 0
        : a.coverage >= 0.8 && !a.contradicted
          ? 1
          : 0;
      return {
        ...a,
        aspect,
        credit,
        points: aspect.points * scale * credit,
        matchedWords:
          byLetter && credit === 1
            ? [
                {
                  text: letter![1]!,
                  start: answer.indexOf(letter![1]!),
                  end: answer.indexOf(letter![1]!) + 1,
                },
              ]
            : a.matchedWords,
        confidence: 1,
        doubt: null,
      };
    }
    const results = keyResults(aspect.text);
    if (results !== null && answer !== undefined) {
      const r = scoreResults(aspect, results, answer, followOn, expected.aspects.length === 1, checks);
      if (r.direct) reached.add(i);
      return {
        aspect,
        coverage: r.credit,
        anchor: r.credit,
        contradicted: false,
        matchedWords: r.found.map((w) => ({ text: w.text, start: w.start, end: w.end })),
        missingTerms: r.missing,
        swapped: false,
        wrongFact: null,
        relationMissing: false,
        factMissing: false,
        short: false,
        otherPlace: false,
        credit: r.credit,
        points: aspect.points * scale * r.credit,
        confidence: 1,
        doubt: null,
      };
    }
    const a = measure.aspects[i]!;
    // an aspect the teacher gave its own points earns nothing when the answer contains none of its words
    // and every word of the answer belongs to other aspects: nothing is left that could say it in other
    // words ("Die Leber entgiftet das Blut." against "… und bildet Galle (1 P)")
    const unmatched = expected.marked && a.matchedWords.length === 0 && allWordsExplained;
    const credit = unmatched ? 0 : creditOf(a, measure, model);
    const value = unmatched ? 0 : creditValue(a, measure, model);
    // a negation or a swap the engine read decides the credit: the teacher should see that reading
    const doubt: Doubt | null = a.contradicted
      ? 'negation'
      : a.wrongFact
        ? 'fact'
        : a.swapped
          ? 'roles'
          : Math.max(value, 1 - value) < reviewConfidence ||
              ((a.relationMissing || a.factMissing) && credit > 0)
            ? 'paraphrase'
            : null;
    const confidence =
      doubt !== null ? Math.min(0.5, Math.max(value, 1 - value)) : Math.max(value, 1 - value);
    return { ...a, aspect, credit, points: aspect.points * scale * credit, confidence, doubt };
  });
  creditWayResults(aspects, reached, scale);
  if (answer !== undefined) creditStatedValues(aspects, answer, scale);
  if (expected.choose !== undefined) chooseBest(aspects, expected.choose, expected.totalPoints, scale);
  const achieved = Math.min(
    maxPoints,
    aspects.reduce((s, a) => s + a.points, 0),
  );
  return {
    aspects,
    achieved,
    max: maxPoints,
    score: maxPoints > 0 ? achieved / maxPoints : 0,
    confidence: Math.min(1, ...aspects.map((a) => a.confidence)),
  };
}
