import type { Token } from './tokenize';

/** Prepositions that say where or where to ("ins Blatt", "in den Chloroplasten", "aus der Zelle", "zum Herzen"). */
const placePrepositions = new Set(
  'in ins im aus nach zum zur an am ans auf bis über uber unter vor hinter neben zwischen into'.split(' '),
);

/** Articles and possessives between the preposition and its noun ("in die", "in ihre"). */
const determiners = new Set(
  'der die das den dem des ein eine einen einem einer eines sein seine seinem seinen seiner ihr ihre ihrem ihren ihrer the a'.split(
    ' ',
  ),
);

/** Quantity words are no adjectives between a preposition and its noun: "über weniger Energie" says how much. */
const quantities = new Set([
  'viele',
  'vielen',
  'wenige',
  'wenigen',
  'weniger',
  'mehrere',
  'mehreren',
  'einige',
  'einigen',
]);

/**
 * Token i is the noun of a phrase of place or direction: a capitalised word after such a preposition, with at
 * most an article and one more word (an adjective: "in das grüne Blatt") between, in the same clause.
 */
export function isPlaceNoun(tokens: Token[], i: number, text: string): boolean {
  const token = tokens[i];
  if (!token || !/^\p{Lu}/u.test(token.text)) return false;
  for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
    if (/[.,;:!?()\n]/.test(text.slice(tokens[k]!.end, tokens[k + 1]!.start))) return false;
    const lower = tokens[k]!.lower;
    if (placePrepositions.has(lower)) return true;
    // between the preposition and its noun: an article, then at most one lower-case word (an adjective)
    if (determiners.has(lower)) continue;
    if (k === i - 1 && /^\p{Ll}\p{L}*(?:e|en|em|er|es)$/u.test(tokens[k]!.text) && !quantities.has(lower))
      continue;
    return false;
  }
  return false;
}
