import { checkGermanRules } from './german-rules';
import type { LanguageFinding } from './language-finding';
import { checkSpelling, type SpellLanguage } from './spelling';

/**
 * Spelling (cspell dictionaries) plus, for German, the house rules. Findings are sorted by position;
 * where a rule and the spell checker flag the same word, the rule's more specific message wins.
 */
export async function checkLanguage(text: string, language: SpellLanguage): Promise<LanguageFinding[]> {
  const spelling = await checkSpelling(text, language);
  const rules = language === 'de' ? checkGermanRules(text) : [];
  const overlaps = (a: LanguageFinding, b: LanguageFinding) => a.start < b.end && b.start < a.end;
  const kept = spelling.filter((s) => !rules.some((r) => r.category !== 'style' && overlaps(r, s)));
  return [...kept, ...rules].sort(
    (a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule),
  );
}

export type { LanguageFinding } from './language-finding';
export { loadDictionaries, loadDictionary } from './spelling';
