import { checkEnglishRules } from './english-rules';
import { checkFrenchRules } from './french-rules';
import { checkGermanRules } from './german-rules';
import type { LanguageFinding } from './language-finding';
import { languageAt, languageSegments } from './segments';
import { checkSentenceStarts } from './sentence-start';
import { checkSpelling, loadDictionary, type SpellLanguage } from './spelling';

type LanguageCheckOptions = {
  /**
   * The task and key text: its words (names, technical terms, foreign words the teacher uses) are never
   * reported as misspelt in the answer.
   */
  knownText?: string;
};

/** Every string inside a value (an answer key's text, or all texts of a saved test), one per line. */
export function textsIn(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textsIn).join('\n');
  if (value && typeof value === 'object') return Object.values(value).map(textsIn).join('\n');
  return '';
}

/** The words of a text as written, hyphen parts included ("Pull-Faktoren" gives all three). */
function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const m of text.matchAll(/\p{L}+(?:['’]\p{L}+)*(?:-\p{L}+)*/gu)) {
    words.add(m[0]);
    for (const part of m[0].split('-')) words.add(part);
  }
  return words;
}

/**
 * Spelling (cspell dictionaries) plus the house rules of each sentence's language: a German answer's
 * English quotation gets the English dictionary and no German rules, a French answer no check at all.
 * Findings are sorted by position; where a rule and the spell checker flag the same word, the rule's more
 * specific message wins.
 */
export async function checkLanguage(
  text: string,
  language: SpellLanguage,
  options: LanguageCheckOptions = {},
): Promise<LanguageFinding[]> {
  const dicts = { de: await loadDictionary('de'), en: await loadDictionary('en') };
  const segments = languageSegments(text, language, dicts);
  const known = wordsOf(options.knownText ?? '');
  const spelling = await checkSpelling(text, language, { segments, known });
  const rules = [
    ...checkGermanRules(text).filter((f) => languageAt(segments, f.start, language) === 'de'),
    ...checkEnglishRules(text).filter((f) => languageAt(segments, f.start, language) === 'en'),
    // no dictionary for other languages, but French passé-composé slips need none
    ...checkFrenchRules(text).filter((f) => languageAt(segments, f.start, language) === 'other'),
    ...checkSentenceStarts(text).filter((f) => languageAt(segments, f.start, language) !== 'other'),
  ];
  const overlaps = (a: LanguageFinding, b: LanguageFinding) => a.start < b.end && b.start < a.end;
  const kept = spelling.filter((s) => !rules.some((r) => r.category !== 'style' && overlaps(r, s)));
  return [...kept, ...rules].sort(
    (a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule),
  );
}

export type { LanguageFinding } from './language-finding';
export { loadDictionaries, loadDictionary } from './spelling';
