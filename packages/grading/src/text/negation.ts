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

/**
 * Whether token i stands in the scope of a negation word (the four words before it, same clause: "keiner
 * mehr einem Versprechen glauben"), or of a "nicht"/"kein" up to three words after it.
 */
export function isNegated(tokens: Token[], index: number, text: string): boolean {
  for (let k = index - 1; k >= Math.max(0, index - 4); k--) {
    const between = text.slice(tokens[k]!.end, tokens[k + 1]!.start);
    // a slash separates alternatives: "Sechs / keine Sechs"
    if (/[.;!?,/]/.test(between)) return false;
    const lower = tokens[k]!.lower;
    if (negators.has(lower) && lower !== 'noch') return true;
  }
  // German verb-second and verb-final negation: "ich mache kein Foto", "ich fotografiere das nicht"
  for (let k = index + 1; k <= Math.min(tokens.length - 1, index + 3); k++) {
    const between = text.slice(tokens[k - 1]!.end, tokens[k]!.start);
    if (/[.;!?,/]/.test(between)) return false;
    const lower = tokens[k]!.lower;
    if (lower === 'nicht' || lower === 'nie' || lower.startsWith('kein')) return true;
  }
  return false;
}

export function hasNegation(tokens: Token[]): boolean {
  return tokens.some((t) => negators.has(t.lower) && t.lower !== 'noch');
}
