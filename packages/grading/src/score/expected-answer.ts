import { tokenize, type Language, type Token } from '../text/tokenize';
import { stopwords } from '../text/stopwords';
import { parsePointNumber, pointMarkPattern } from './point-marks';

export type KeyTerm = {
  stem: string;
  /** the word as the expected answer writes it */
  text: string;
  weight: number;
  /** the reference itself negates it ("keine Einschränkung") */
  negated: boolean;
};

export type Aspect = {
  /** the expected answer's wording of this aspect, point mark removed */
  text: string;
  /** a short name for feedback: the words nearest the point mark */
  label: string;
  points: number;
  terms: KeyTerm[];
};

export type ExpectedAnswer = {
  aspects: Aspect[];
  /** sum of the aspects' points, or the points given when the text has no marks */
  totalPoints: number;
  /** whether the points came from inline marks */
  marked: boolean;
  language: Language;
};

const negationWords = new Set([
  'nicht',
  'kein',
  'keine',
  'keinen',
  'keinem',
  'keiner',
  'keines',
  'nie',
  'ohne',
  'not',
  'no',
  'never',
  'without',
]);

/** The words of the question are given to the student; repeating them is no evidence of knowing the answer. */
function termsOf(segment: string, questionStems: Set<string>, language: Language): KeyTerm[] {
  const tokens = tokenize(segment, language);
  const content: { token: Token; negated: boolean }[] = [];
  tokens.forEach((token, i) => {
    if (stopwords.has(token.lower) || negationWords.has(token.lower) || token.lower.length < 2) return;
    if (/^\d+$/.test(token.lower) && token.lower.length < 2) return;
    const prev = tokens.slice(Math.max(0, i - 2), i).some((t) => negationWords.has(t.lower));
    content.push({ token, negated: prev });
  });
  const n = content.length;
  const seen = new Set<string>();
  const terms: KeyTerm[] = [];
  // Walk from the point mark backwards: a mark follows the words it rewards, so nearer words weigh more.
  for (let k = n - 1; k >= 0; k--) {
    const { token, negated } = content[k]!;
    if (seen.has(token.stem)) continue;
    seen.add(token.stem);
    const distance = n - 1 - k;
    let weight = distance === 0 ? 2 : distance === 1 ? 1.5 : 1;
    if (questionStems.has(token.stem)) weight *= 0.3;
    terms.push({ stem: token.stem, text: token.text, weight, negated });
  }
  return terms.reverse();
}

function shortLabel(segment: string): string {
  const words = segment
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 0);
  // up to 6 words before the mark, from the last content word on
  return words
    .slice(-6)
    .join(' ')
    .replace(/^[,;:.\s]+/, '');
}

/**
 * Splits an expected answer into aspects. With inline point marks, each mark closes one aspect: the text
 * from the previous mark (or the start of the sentence it sits in) up to the mark. Without marks, each
 * sentence or list line is one aspect and `points` is shared equally.
 */
export function parseExpectedAnswer(
  text: string,
  points: number,
  question = '',
  language: Language = 'de',
): ExpectedAnswer {
  const questionStems = new Set(tokenize(question, language).map((t) => t.stem));
  const aspects: Aspect[] = [];
  let last = 0;
  for (const m of text.matchAll(pointMarkPattern)) {
    const before = text.slice(last, m.index);
    // only the sentence the mark sits in: sentences before it without a mark are explanation
    const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n'));
    const segment = (sentenceStart >= 0 ? before.slice(sentenceStart + 1) : before).trim();
    const value = parsePointNumber(m[1]!);
    if (segment.length > 0 && value > 0) {
      aspects.push({
        text: segment,
        label: shortLabel(segment),
        points: value,
        terms: termsOf(segment, questionStems, language),
      });
    }
    last = m.index + m[0].length;
  }
  if (aspects.length > 0) {
    return { aspects, totalPoints: aspects.reduce((s, a) => s + a.points, 0), marked: true, language };
  }
  const parts = text
    .split(/(?<=[.!?])\s+|\n+|;\s*/)
    .map((p) => p.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter((p) => tokenize(p, language).some((t) => !stopwords.has(t.lower)));
  const share = parts.length > 0 ? points / parts.length : points;
  for (const part of parts) {
    aspects.push({
      text: part,
      label: shortLabel(part),
      points: share,
      terms: termsOf(part, questionStems, language),
    });
  }
  return { aspects, totalPoints: points, marked: false, language };
}
