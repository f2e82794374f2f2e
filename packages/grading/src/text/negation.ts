import type { Token } from './tokenize';

const negators = new Set([
  'nicht',
  'kein',
  'keine',
  'keinen',
  'keinem',
  'keiner',
  'keines',
  'nie',
  'niemals',
  'nichts',
  'niemand',
  'nirgends',
  'ohne',
  'weder',
  'noch',
  'not',
  'no',
  'never',
  'without',
  "don't",
  'nor',
]);

// words after "nicht"/"kein" that restrict rather than negate what follows
const restrictions = new Set(['selbst', 'selber', 'allein', 'alleine', 'nur', 'only', 'just']);

/**
 * Whether token i stands in the scope of a negation word (the four words before it, same clause: "keiner
 * mehr einem Versprechen glauben"), or of a "nicht"/"kein" up to three words after it.
 */
/** A negating word itself ("nicht", "kein", "never"): it names nothing, it turns what it stands with. */
export function isNegator(word: string): boolean {
  return negators.has(word.toLowerCase());
}

export function isNegated(tokens: Token[], index: number, text: string): boolean {
  // whether a noun stands between token k and the token asked about
  let nounBetween = false;
  for (let k = index - 1; k >= Math.max(0, index - 4); k--) {
    const between = text.slice(tokens[k]!.end, tokens[k + 1]!.start);
    // a slash separates alternatives: "Sechs / keine Sechs"
    if (/[.;!?,/]/.test(between)) return false;
    const lower = tokens[k]!.lower;
    // "ohne" is a preposition: it negates its noun phrase, which ends with the noun ("ohne den Reichstag
    // regieren" negates the Reichstag, not the governing)
    if (lower === 'ohne' && nounBetween) return false;
    // "nicht selbst vermehren", "nicht nur Viren", "nicht allein": a restriction, not the opposite
    if (negators.has(lower) && lower !== 'noch' && !restrictions.has(tokens[k + 1]?.lower ?? '')) return true;
    nounBetween ||= /^\p{Lu}/u.test(tokens[k]!.text);
  }
  // German verb-second and verb-final negation: "ich fotografiere das nicht" negates the verb; a noun
  // before it is not negated ("wenn Bundestag und Bundesrat sich nicht einigen" says nothing against either)
  if (/^\p{Lu}/u.test(tokens[index]!.text)) return false;
  for (let k = index + 1; k <= Math.min(tokens.length - 1, index + 3); k++) {
    const between = text.slice(tokens[k - 1]!.end, tokens[k]!.start);
    if (/[.;!?,/]/.test(between)) return false;
    const lower = tokens[k]!.lower;
    if (lower === 'nicht' || lower === 'nie' || lower.startsWith('kein')) return true;
  }
  return false;
}
