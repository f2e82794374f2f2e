import { builtinGradingMessages as msg } from '@korrigo/domain';
import type { LanguageFinding } from './language-finding';

/** Abbreviations whose full stop ends no sentence ("z. B. die", "bzw. der", "ca. fünf"). */
const abbreviations = new Set([
  'bzw',
  'usw',
  'etc',
  'evtl',
  'ggf',
  'vgl',
  'inkl',
  'exkl',
  'ca',
  'chr',
  'jh',
  'jhd',
  'nr',
  'str',
  'abb',
  'bsp',
  'mind',
  'max',
  'min',
  'sog',
  'dt',
  'engl',
  'franz',
  'lat',
  'griech',
  'eg',
  'ie',
  'vs',
  'approx',
  'incl',
  'dr',
  'mr',
  'mrs',
  'ms',
  'st',
  'prof',
  'hr',
  'fr',
  'hl',
  'bd',
  'kap',
  'abs',
  'art',
  'anm',
  'ebd',
  'hrsg',
  'jr',
  'sr',
  'mio',
  'mrd',
  'tsd',
  'bzgl',
  'zzgl',
  'ggü',
  'zit',
  'übers',
  'verf',
]);

/**
 * A sentence that starts with a small letter after the full stop, question or exclamation mark of the
 * sentence before: "… gespeichert. die Blätter …". Line starts are left alone (list items and fragments
 * such as "a) die Leber" are often small on purpose), and so is everything after abbreviations, numbers
 * and initials.
 */
export function checkSentenceStarts(text: string): LanguageFinding[] {
  const out: LanguageFinding[] = [];
  for (const m of text.matchAll(/(\p{L}+)([.!?])[ \t]+(\p{Ll}\p{L}+)/gu)) {
    const before = m[1]!;
    if (before.length < 2 || abbreviations.has(before.toLowerCase())) continue;
    // identifiers and abbreviations in camel case ("SeqNo. is"), and a name like "ss_thresh" after it
    if (/\p{Lu}/u.test(before.slice(1)) || /^[_\d(]/.test(text.slice(m.index + m[0].length))) continue;
    // an ellipsis or a dotted abbreviation ("z. B.", "d. h.") ends no sentence
    if (
      /\.\s*$/.test(text.slice(0, m.index)) ||
      /\p{L}\.\p{L}+$/u.test(text.slice(0, m.index + before.length))
    )
      continue;
    // the sentence before must be one: three words or more since the last sentence end or line start
    const lineStart = Math.max(text.lastIndexOf('\n', m.index) + 1, 0);
    const sentence =
      text
        .slice(lineStart, m.index + before.length)
        .split(/[.!?]\s/)
        .pop() ?? '';
    if ((sentence.match(/\p{L}+/gu) ?? []).length < 3) continue;
    const word = m[3]!;
    const start = m.index + m[0].length - word.length;
    const capitalised = word.charAt(0).toUpperCase() + word.slice(1);
    out.push({
      category: 'spelling',
      rule: 'sentence-start',
      title: msg.capitalisationTitle,
      message: msg.sentenceStartMessage(word),
      suggestion: capitalised,
      severity: 'minor',
      start,
      end: start + word.length,
      quoted: word,
    });
  }
  return out;
}
