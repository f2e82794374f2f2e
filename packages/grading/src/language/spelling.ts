import { fileURLToPath } from 'node:url';
import { getDictionary, readSettings, type SpellingDictionaryCollection } from 'cspell-lib';
import { isChemicalFormula } from '../chemistry/reaction-equations';
import type { LanguageFinding } from './language-finding';

export type SpellLanguage = 'de' | 'en';

const configPath = fileURLToPath(new URL('./cspell.config.json', import.meta.url));
const dictionaryName: Record<SpellLanguage, string> = { de: 'de-de', en: 'en_us' };
const loading = new Map<SpellLanguage, Promise<SpellingDictionaryCollection>>();

/**
 * Loads a language's dictionary once per process (the German trie takes seconds to read), through the
 * cspell config file next to this module. Call it at start-up to keep the first grading fast.
 */
export function loadDictionary(language: SpellLanguage): Promise<SpellingDictionaryCollection> {
  let p = loading.get(language);
  if (!p) {
    p = readSettings(configPath).then((settings) =>
      getDictionary({ ...settings, dictionaries: [dictionaryName[language]] }),
    );
    // a failed load is retried on the next call instead of failing forever
    p.catch(() => loading.delete(language));
    loading.set(language, p);
  }
  return p;
}

/** Both dictionaries (German and English). */
export async function loadDictionaries(): Promise<void> {
  await Promise.all([loadDictionary('de'), loadDictionary('en')]);
}

const wordPattern = /\p{L}+(?:-\p{L}+)*/gu;
const suggestCache = new Map<string, string[]>();

function suggestions(dict: SpellingDictionaryCollection, word: string): string[] {
  const key = word;
  let s = suggestCache.get(key);
  if (!s) {
    s = dict
      .suggest(word, { numSuggestions: 3, numChanges: 2, timeout: 40, ignoreCase: false })
      .map((x) => x.word)
      .filter((w) => w !== word && !/[A-ZÄÖÜ]/.test(w.slice(1)));
    if (suggestCache.size > 5000) suggestCache.clear();
    suggestCache.set(key, s);
  }
  return s;
}

function capitalise(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** Sentence starts, where a capital letter says nothing about the word. */
/** The whole token a word stands in, with indices and brackets: "MgO" in "2 MgO", "Ca(OH)2". */
function formulaToken(text: string, start: number, end: number): string {
  const part = /[A-Za-z0-9₀-₉()[\]]/;
  while (start > 0 && part.test(text[start - 1]!)) start--;
  while (end < text.length && part.test(text[end]!)) end++;
  return text.slice(start, end).replace(/^[\d(]+(?=[A-Z])/, '');
}

function isSentenceStart(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 4), index);
  return index === 0 || /(?:[.!?:]\s*|\n\s*|^\s*|["„»]\s*)$/.test(before);
}

/**
 * Spelling with the cspell dictionaries. German nouns written in lower case are reported as capitalisation
 * errors. Unknown capitalised words without a close suggestion are taken for names and left alone.
 */
export async function checkSpelling(text: string, language: SpellLanguage): Promise<LanguageFinding[]> {
  const dict = await loadDictionary(language);
  const findings: LanguageFinding[] = [];
  for (const m of text.matchAll(wordPattern)) {
    const word = m[0];
    const start = m.index;
    if (word.length < 3 || /^[A-ZÄÖÜ]+$/.test(word)) continue; // short words and abbreviations
    if (isChemicalFormula(formulaToken(text, start, start + word.length))) continue; // "MgO", "NaCl"
    if (dict.has(word, { ignoreCase: false })) continue;
    const lower = word.toLowerCase();
    const initialCap = word[0] !== lower[0];
    if (initialCap && dict.has(lower, { ignoreCase: false })) {
      if (isSentenceStart(text, start) || language === 'en') continue;
      // a capitalised adjective or verb inside a sentence: often a name or title, report gently
      continue;
    }
    if (!initialCap && language === 'de' && dict.has(capitalise(word), { ignoreCase: false })) {
      findings.push({
        category: 'spelling',
        rule: 'noun-capitalisation',
        title: 'Großschreibung',
        message: `„${word}" ist ein Nomen und wird großgeschrieben.`,
        suggestion: capitalise(word),
        severity: 'minor',
        start,
        end: start + word.length,
        quoted: word,
      });
      continue;
    }
    const s = suggestions(dict, word);
    if (initialCap && !isSentenceStart(text, start) && s.length === 0) continue; // probably a name
    findings.push({
      category: 'spelling',
      rule: 'spelling',
      title: 'Rechtschreibfehler',
      message: s.length > 0 ? `„${word}" ist falsch geschrieben.` : `„${word}" steht nicht im Wörterbuch.`,
      suggestion: s.length > 0 ? s.join(', ') : 'Schreibweise im Wörterbuch nachschlagen.',
      severity: 'minor',
      start,
      end: start + word.length,
      quoted: word,
    });
  }
  return findings;
}
