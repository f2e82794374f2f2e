import { stopwords } from './stopwords';
import { spellingFold } from './spelling';
import { stemWord } from './tokenize';

/**
 * Words that say the opposite direction, sign or kind of the same thing: "zum Lot hin" against "vom Lot
 * weg", "Tiefpunkt" against "Hochpunkt". The word scorer finds "Lot" either way (the direction words are
 * stopwords), so an answer stating the opposite earned the points.
 */
const pairs: [RegExp, RegExp][] = [
  // the adverbs only: "zu" and "von" are mostly prepositions ("Verschmelzung von Seele und Natur")
  [/^(?:hin|hinein|heran)$/, /^(?:weg|fort|heraus|davon)$/],
  [/^positiv/, /^negativ/],
  [/^plus/, /^minus/],
  [/^(?:größer|grösser|höher|mehr)$/, /^(?:kleiner|niedriger|weniger)$/],
  [/^(?:steigt|steigen|ansteigen|zunehmen|nimmt|wächst|erhöht)$/, /^(?:sinkt|sinken|fällt|fallen|abnehmen)$/],
  [/^(?:hochpunkt|maximum|maxima)/, /^(?:tiefpunkt|minimum|minima)/],
  // "nimmt Protonen auf" against "gibt Protonen ab"
  [/^(?:nimmt|nehmen|aufnehmen|aufgenommen|aufnimmt)$/, /^(?:gibt|geben|abgeben|abgegeben|abgibt)$/],
  [/^oben$/, /^unten$/],
  [/^schneller$/, /^langsamer$/],
  [/^exotherm/, /^endotherm/],
  [/^oxidation/, /^reduktion/],
];

// words and numbers with their sign ("-12" in "= -12", not in "6 - 12"): "f''(3) = 12" and "f''(-1) = -12"
// are about different points
const tokenPattern = /(?<![\p{L}\d)]\s*)[-−]\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?|\p{L}+/gu;

function tokens(text: string): { text: string; lower: string; key: string }[] {
  return [...text.matchAll(tokenPattern)].map((m) => {
    const lower = m[0].toLowerCase().replace('−', '-');
    // a word in either accepted spelling is the same word ("Kohlenstoffdioxyd", "Kohlenstoffdioxid")
    return {
      text: m[0],
      lower,
      key: /\d/.test(lower) ? lower.replace(',', '.') : spellingFold(stemWord(lower)),
    };
  });
}

const sideOf = (word: string, pair: [RegExp, RegExp]) =>
  pair[0].test(word) ? 0 : pair[1].test(word) ? 1 : null;

type Opposite = { expected: string; written: string };

/**
 * The answer states the opposite of the aspect: in the answer's sentence that shares most of the aspect's
 * other words (at least one), a word of one side of a pair stands where the aspect has only the other side.
 * An aspect naming both sides ("von der positiven zur negativen Platte") is a relation this cannot read.
 */
export function oppositeIn(aspect: string, answer: string): Opposite | null {
  const own = tokens(aspect);
  for (const pair of pairs) {
    const sides = new Set(own.map((t) => sideOf(t.lower, pair)).filter((s) => s !== null));
    if (sides.size !== 1) continue;
    const side = [...sides][0]!;
    const expected = own.find((t) => sideOf(t.lower, pair) === side)!.text;
    const content = new Set(
      own
        .filter((t) => sideOf(t.lower, pair) === null && !stopwords.has(t.lower) && t.lower.length > 0)
        .map((t) => t.key),
    );
    let best: { shared: number; words: ReturnType<typeof tokens> } | null = null;
    for (const sentence of answer.split(/[.!?;\n]+/)) {
      const words = tokens(sentence);
      const shared = new Set(words.filter((w) => content.has(w.key)).map((w) => w.key)).size;
      if (shared > 0 && (!best || shared > best.shared)) best = { shared, words };
    }
    if (!best) continue;
    const found = best.words.map((w) => sideOf(w.lower, pair));
    // "nicht kleiner" says no opposite
    const negated = (k: number) => k > 0 && /^(?:nicht|kein\w*|nie)$/.test(best.words[k - 1]!.lower);
    const other = best.words.find((w, k) => sideOf(w.lower, pair) === 1 - side && !negated(k));
    if (other && !found.includes(side)) return { expected, written: other.text };
  }
  return null;
}
