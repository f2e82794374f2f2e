import { fileURLToPath } from 'node:url';
import { builtinGradingMessages as msg } from '@korrigo/domain';
import { getDictionary, readSettings, type SpellingDictionaryCollection } from 'cspell-lib';
import { isChemicalFormula } from '../chemistry/reaction-equations';
import {
  insideQuotes,
  isCapitalisedNonNoun,
  isNounByItsArticle,
  listedAsWritten,
  namesIn,
  onlyNounWrittenSmall,
} from './german-word-classes';
import type { LanguageFinding } from './language-finding';
import { languageAt, languageSegments, type Segment } from './segments';

export type SpellLanguage = 'de' | 'en';

const configPath = fileURLToPath(new URL('./cspell.config.json', import.meta.url));
/** English answers from German schools use British spelling as often as American: both count. */
const dictionaryNames: Record<SpellLanguage, string[]> = { de: ['de-de'], en: ['en_us', 'en-gb'] };
const loading = new Map<SpellLanguage, Promise<SpellingDictionaryCollection>>();

/**
 * Loads a language's dictionary once per process (the German trie takes seconds to read), through the
 * cspell config file next to this module. Call it at start-up to keep the first grading fast.
 */
export function loadDictionary(language: SpellLanguage): Promise<SpellingDictionaryCollection> {
  let p = loading.get(language);
  if (!p) {
    p = readSettings(configPath).then((settings) =>
      getDictionary({ ...settings, dictionaries: dictionaryNames[language] }),
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

/** Words with inner apostrophes (didn't, geht's) and hyphens (Pull-Faktoren); the parts are checked apart. */
const wordPattern = /\p{L}+(?:['’]\p{L}+)*(?:-\p{L}+(?:['’]\p{L}+)*)*/gu;

/**
 * Unit symbols of three or more letters that no dictionary knows as words. Shorter ones are never checked.
 */
const units = new Set(['mol', 'mmol', 'kmol', 'kcal', 'mbar', 'hpa', 'kwh', 'mwh', 'ghz', 'mhz', 'khz']);

/** The longest edit a suggestion may need to count as confident (cspell's cost: 100 per edit). */
const confidentCost = 100;

type Dict = SpellingDictionaryCollection;

const has = (dict: Dict, w: string) => dict.has(w, { ignoreCase: false });

function capitalise(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function lowerFirst(w: string): string {
  return w.charAt(0).toLowerCase() + w.slice(1);
}

const suggestCache = new Map<string, string[]>();

/**
 * Only the suggestions the dictionary is confident of: one edit away, one word (not "de polarisiert"), and
 * not merely a different case. An empty list means the word is left alone.
 */
function confidentSuggestions(dict: Dict, language: SpellLanguage, word: string): string[] {
  const key = `${language}:${word}`;
  let s = suggestCache.get(key);
  if (!s) {
    const seen = new Set<string>();
    s = [];
    let best = Infinity;
    for (const x of dict.suggest(word, {
      numSuggestions: 5,
      numChanges: 2,
      // a safety net only: the search is bounded by numChanges, and a shorter limit cut it off by the
      // machine's load, so the same word was flagged in one run and left alone in the next
      timeout: 1000,
      ignoreCase: false,
    })) {
      // only the closest ones: "Licht" for "Licth", not also "Linth"; a case variant costs 1 more
      if (x.cost > confidentCost + 5 || x.cost > best + 5) continue;
      if (/[\s]/.test(x.word) || x.word.startsWith('-') || x.word.endsWith('-')) continue;
      // "stud's" is no suggestion for "studys"
      if (/['’]/.test(x.word) && !/['’]/.test(word)) continue;
      if (x.word.toLowerCase() === word.toLowerCase()) continue;
      // a slip rarely hits the first letter; "Itten" → "Bitten" is a name, not a typo
      if (x.word[0]!.toLowerCase() !== word[0]!.toLowerCase()) continue;
      if (/\p{Lu}/u.test(x.word.slice(1))) continue;
      // "kontrollieren" and "Kontrollieren": one suggestion, in the case the student used
      const folded = x.word.toLowerCase();
      best = Math.min(best, x.cost);
      if (seen.has(folded)) continue;
      seen.add(folded);
      const initialCap = word[0] !== word[0]!.toLowerCase();
      // in the student's case, unless the word exists only capitalised: "behalter" → "Behälter"
      s.push(initialCap || !has(dict, lowerFirst(x.word)) ? capitalise(x.word) : lowerFirst(x.word));
      if (s.length === 3) break;
    }
    if (suggestCache.size > 5000) suggestCache.clear();
    suggestCache.set(key, s);
  }
  return s;
}

const linkingElements = ['', 's', 'es', 'n', 'en', 'e', 'er'];

/**
 * A German compound the dictionary does not list whole: "Sternennacht" = "Sternen" + "Nacht",
 * "Mathetest" = "Mathe" + "Test". The last part decides the word class, so it must be a noun for a
 * capitalised word; a linking element (s, n, en …) may join the parts.
 */
function isGermanCompound(dict: Dict, word: string, depth = 0): boolean {
  const initialCap = word[0] !== word[0]!.toLowerCase();
  for (let i = 3; i <= word.length - 4; i++) {
    const right = word.slice(i);
    const rightKnown =
      has(dict, capitalise(right)) ||
      (!initialCap && has(dict, right)) ||
      (depth === 0 && isGermanCompound(dict, capitalise(right), 1));
    if (!rightKnown) continue;
    const left = word.slice(0, i);
    for (const link of linkingElements) {
      if (!left.endsWith(link) || left.length - link.length < 3) continue;
      const stem = left.slice(0, left.length - link.length);
      if (has(dict, stem) || has(dict, lowerFirst(stem)) || has(dict, capitalise(stem))) return true;
    }
  }
  return false;
}

const separablePrefixes =
  'ab|an|auf|aus|bei|dar|durch|ein|fest|her|hin|los|mit|nach|über|um|unter|vor|weg|zu|zurück|zusammen';
const participle = new RegExp(`^(${separablePrefixes})?ge(\\p{Ll}{2,}?)(?:t|et|en)(?:e|en|er|es|em)?$`, 'u');
const zuInfinitive = new RegExp(`^(${separablePrefixes})zu(\\p{Ll}{3,}en)$`, 'u');

/**
 * Forms the dictionary lacks but builds from a word it has: participles of (separable) verbs
 * ("ausgepreist" from "auspreisen"), zu-infinitives ("auszupreisen") and inflected adjectives
 * ("ausgepreiste").
 */
function isDerivedForm(dict: Dict, word: string): boolean {
  if (word !== word.toLowerCase()) return false;
  const p = participle.exec(word);
  if (p && (has(dict, `${p[1] ?? ''}${p[2]}en`) || has(dict, `${p[1] ?? ''}${p[2]}n`))) return true;
  const z = zuInfinitive.exec(word);
  if (z && has(dict, `${z[1]}${z[2]}`)) return true;
  for (const ending of ['e', 'en', 'er', 'es', 'em']) {
    const base = word.slice(0, -ending.length);
    if (word.endsWith(ending) && base.length >= 4 && (has(dict, base) || isDerivedForm(dict, base)))
      return true;
  }
  return false;
}

/** The whole token a word stands in, with indices and brackets: "MgO" in "2 MgO", "Ca(OH)2". */
function formulaToken(text: string, start: number, end: number): string {
  const part = /[A-Za-z0-9₀-₉()[\]]/;
  while (start > 0 && part.test(text[start - 1]!)) start--;
  while (end < text.length && part.test(text[end]!)) end++;
  return text.slice(start, end).replace(/^[\d(]+(?=[A-Z])/, '');
}

/**
 * Lines of program code ("def maximum(liste):", "m = liste[0]", "return m"): their words are names, not
 * German or English.
 */
function isCodeLine(line: string): boolean {
  return (
    /^\s*(?:def|class|return|for|while|if|elif|else|import|from|print|function|var|let|const)\b.*(?:[:;{(=]|\breturn\b)/.test(
      line,
    ) ||
    /^\s*(?:return|else:|break|continue|pass)\b/.test(line) ||
    /^\s*[\p{L}_][\w.[\]]*\s*(?:=|\+=|-=|==)\s*\S/u.test(line) ||
    /[;{}]\s*$/.test(line) ||
    /\)\s*:\s*$/.test(line)
  );
}

/**
 * Whether the line a word stands in is program code, each line judged once: judging a word's line for each
 * word made a long line quadratic (a 200,000-character paper of a few lines took seconds, issue 31).
 */
function codeLines(text: string): (index: number) => boolean {
  const lines: { start: number; code: boolean }[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ start, code: isCodeLine(line) });
    start += line.length + 1;
  }
  return (index) => {
    // the last line that starts at or before the index
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lines[middle]!.start <= index) low = middle;
      else high = middle - 1;
    }
    return lines[low]!.code;
  };
}

/**
 * Skips words that are not prose: inside a formula or unit ("3x", "km/h", "H2O"), a function call
 * ("maximum(liste)"), an elision ("hätt'"), an address or a line of code.
 */
function isProse(text: string, start: number, end: number, isCode: (index: number) => boolean): boolean {
  const before = text[start - 1] ?? ' ';
  const after = text[end] ?? ' ';
  if (/[\d_/\\@]/.test(before) || /[\d_/\\@('’]/.test(after) || after === "'") return false;
  // an abbreviation: "Bahnhofstr. 12", "bzw. der", "Jh. v. Chr."
  if (after === '.' && /^\.[ \t]*(?:[\d\p{Ll}(]|\p{Lu}\.)/u.test(text.slice(end))) return false;
  // the run of non-blanks the word stands in, found from the word (searching the text before it read the
  // whole text again for every word: quadratic, issue 31)
  let chunkStart = start;
  while (chunkStart > 0 && !/\s/.test(text[chunkStart - 1]!)) chunkStart--;
  const chunk = text.slice(chunkStart, end + (/^\S*/.exec(text.slice(end))?.[0].length ?? 0));
  if (/:\/\/|www\.|@|\.\w{2,4}$/.test(chunk) && !/[.]$/.test(chunk)) return false;
  if (isChemicalFormula(formulaToken(text, start, end))) return false; // "MgO", "NaCl"
  return !isCode(start);
}

/**
 * Where a noun is due ("dem tisch", "zehn minuten", "in großer höhe", "viel widerstand"): after articles,
 * determiners and article-preposition blends, numerals and quantifiers, and prepositions, each with at most
 * two inflected adjectives between. Only words whose small form the dictionary does not know get here, so a
 * preposition before a verb or adjective ("zu gehen", "mit roten") never reports one.
 */
const determinerBefore =
  /(?:^|[^\p{L}])(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|kein|keine|keinen|keinem|keiner|keines|mein|meine|meinen|meinem|meiner|meines|dein|deine|deinen|deinem|deiner|seine|seinen|seinem|seiner|seines|ihre|ihren|ihrem|ihrer|ihres|unser|unsere|unseren|unserem|unserer|diese|dieser|diesen|diesem|dieses|jede|jeder|jeden|jedem|jedes|viele|vielen|einige|einigen|mehrere|mehreren|welche|welcher|welchen|welchem|welches|manche|manchen|solche|solchen|beide|beiden|alle|allen|viel|wenig|wenige|wenigen|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|hundert|tausend|\d+|zum|zur|im|am|beim|vom|ins|ans|aufs|mit|von|bei|aus|nach|an|auf|in|für|durch|gegen|über|unter|vor|hinter|neben|zwischen|um|ohne|wegen|trotz|seit|während)\s+(?:\p{Ll}+(?:e|en|er|es|em)\s+){0,2}$/u;

function afterDeterminer(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 60), index);
  // "Am anfang": the determiner may open the sentence
  return determinerBefore.test(
    before.replace(
      /(\p{Lu})(\p{Ll}*\s+(?:\p{Ll}+\s+){0,2})$/u,
      (_, a: string, b: string) => a.toLowerCase() + b,
    ),
  );
}

/**
 * Stems that Swiss spelling writes with "ss" but German with "ß" after a long vowel ("Strasse", "gross");
 * after a diphthong "ß" is always right ("heisst", "ausserdem") and needs no list.
 */
const longVowelSz = /(gr[oö]ss(?![a-df-z])|strasse|spass|fuss|gruss|bloss|s[üu]ss|m[äa]ssig|gem[äa]ss)/i;
const diphthongSs = /(?:au|äu|eu|ei|ai|ie)ss/i;

/** "Ausserdem" → "Außerdem" where the ß spelling is a word and the ss one is Swiss or old. */
function eszettSpelling(dict: Dict, word: string): string | null {
  if (!/ss/i.test(word)) return null;
  const candidates: string[] = [];
  for (const m of word.matchAll(/ss/gi)) {
    const before = word.slice(0, m.index);
    const fits =
      diphthongSs.test(`${before.slice(-2)}ss`) || longVowelSz.test(word.slice(Math.max(0, m.index - 4)));
    if (!fits) continue;
    candidates.push(`${before}ß${word.slice(m.index + 2)}`);
  }
  return candidates.find((c) => has(dict, c)) ?? null;
}

/**
 * The spelling before the 1996 reform ("daß", "muß", "Fluß", "bißchen", "wußte"): "ß" at the end of a word or
 * before a consonant after a single short vowel, where today "ss" stands. The dictionary still lists many
 * of the old forms, so the new form being a word decides, and the vowel's length: after a long vowel "ß"
 * stays in every form ("Fuß", "Füße"; "groß", "große"), after a short one the forms between vowels have
 * "ss" ("Flüsse", "müssen"). A word with such a long-vowel form is left alone. Answers the new spelling.
 */
function oldEszettSpelling(dict: Dict, word: string): string | null {
  const m = /(?<![aeiouäöüy])([aeiouäöü])ß(?=[^aeiouäöüy]|$)/iu.exec(word);
  if (!m) return null;
  const now = word.replace(/ß/g, 'ss');
  if (!has(dict, now) && !has(dict, lowerFirst(now))) return null;
  const stem = word.slice(0, m.index + 2);
  const umlauted = stem.replace(/[aou](?=ß$)/, (v) => ({ a: 'ä', o: 'ö', u: 'ü' })[v]!);
  // the forms in the word's own case: "muße" is no form of "muß" (the noun "Muße" is another word)
  const longVowel = [stem, umlauted].some((base) =>
    ['e', 'es', 'en', 'er', 'em'].some((ending) => has(dict, base + ending)),
  );
  return longVowel ? null : now;
}

type Context = {
  text: string;
  language: SpellLanguage;
  dict: Dict;
  other: Dict;
  known: ReadonlySet<string>;
  /** words the text uses as names ("Max Frisch"): never a verb or adjective written capital */
  names: ReadonlySet<string>;
};

function spellingFinding(
  word: string,
  start: number,
  suggestions: string[],
  message?: string,
): LanguageFinding {
  return {
    category: 'spelling',
    rule: 'spelling',
    title: msg.spellingTitle,
    message: message ?? msg.spellingMessage(word),
    suggestion: suggestions.join(', '),
    severity: 'minor',
    start,
    end: start + word.length,
    quoted: word,
  };
}

const umlautOf: Record<string, string> = { ae: 'ä', oe: 'ö', ue: 'ü', Ae: 'Ä', Oe: 'Ö', Ue: 'Ü' };

/**
 * The word with umlauts that "Baeume", "schoen" or "suess" stands for: each ae, oe, ue written as ä, ö, ü or left
 * (every combination, at most four), and "ss" after it as "ß" first. Null when none is a word.
 */
function umlautSpelling(dict: Dict, word: string): string | null {
  const parts = word.split(/(ae|oe|ue|Ae|Oe|Ue)/);
  const pairs = parts.filter((_, i) => i % 2 === 1);
  if (pairs.length === 0 || pairs.length > 4) return null;
  for (let mask = 1; mask < 1 << pairs.length; mask++) {
    let k = 0;
    const written = parts.map((p, i) => (i % 2 === 0 ? p : mask & (1 << k++) ? umlautOf[p]! : p)).join('');
    // "süss" is Swiss; the German word after an umlaut is "süß"
    for (const candidate of [written.replace(/([äöü])ss/g, '$1ß'), written])
      if (has(dict, candidate)) return candidate;
  }
  return null;
}

function capitalisationFinding(
  word: string,
  start: number,
  suggestion: string,
  title: string,
  message: string,
): LanguageFinding {
  return {
    category: 'spelling',
    rule: /^\p{Lu}/u.test(word) ? 'non-noun-capitalised' : 'noun-capitalisation',
    title,
    message,
    suggestion,
    severity: 'minor',
    start,
    end: start + word.length,
    quoted: word,
  };
}

const letters = 'abcdefghijklmnopqrstuvwxyzäöüß';

/**
 * A letter too many or too few from a small word ("mann" for "man", "weill" for "weil", "hofe" for "hoffe",
 * "nächte woche" for "nächste"): a slip of that word more likely than a noun written small.
 */
function oneLetterFromSmallWord(dict: Dict, word: string): boolean {
  for (let i = 0; i <= word.length; i++) {
    if (i < word.length && listedAsWritten(dict, word.slice(0, i) + word.slice(i + 1))) return true;
    for (const l of letters) if (listedAsWritten(dict, word.slice(0, i) + l + word.slice(i))) return true;
  }
  return false;
}

/**
 * A noun written small: a word the German list knows only as a noun or noun compound ("fledermäuse",
 * "beispiel", "kraftstoff"), wherever it stands, or a noun that is also a verb or adverb where its article
 * shows it ("obwohl der weg weit war"). Not a part of a hyphenated word, a word of the task, an English word
 * ("handy", "email") nor a participle or other form the list builds from a verb.
 */
function isSmallNoun(word: string, start: number, c: Context): boolean {
  const { dict, text } = c;
  if (text[start - 1] === '-' || text[start + word.length] === '-') return false;
  if (c.known.has(capitalise(word))) return false;
  if (has(c.other, word)) return false;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (insideQuotes(text.slice(lineStart, start))) return false;
  if (onlyNounWrittenSmall(dict, word))
    return !isDerivedForm(dict, word) && !oneLetterFromSmallWord(dict, word);
  return isNounByItsArticle(dict, text, start, word);
}

/** One word (or one part of a hyphenated word): a finding, or null when it is fine or we are unsure. */
function checkWord(word: string, start: number, c: Context): LanguageFinding | null {
  const { dict, language } = c;
  if (word.length < 3 || /^\p{Lu}+$/u.test(word)) return null; // short words and abbreviations
  if (/\p{Lu}/u.test(word.slice(1))) return null; // mRNA, TikTok, kWh: abbreviations, units, brands
  if (units.has(word.toLowerCase())) return null;
  // rhyme schemes and variable patterns: "abab", "aabb", "xyyx"
  if (/^[a-hx-z]{4,8}$/.test(word) && new Set(word).size <= 3) return null;
  const lower = word.toLowerCase();
  const initialCap = word[0] !== lower[0];
  // umlauts typed as ae, oe, ue ("Baeume", "suess"): the dictionary lists these stand-ins as well, so the
  // word with the umlaut being a word is what tells ("Feuer", "Poet" have none)
  const umlauted = language === 'de' ? umlautSpelling(dict, word) : null;
  if (umlauted) return spellingFinding(word, start, [umlauted], msg.umlautMessage(word, umlauted));
  const reformed = language === 'de' ? oldEszettSpelling(dict, word) : null;
  if (reformed) return spellingFinding(word, start, [reformed], msg.oldEszettMessage(word, reformed));
  if (language === 'de' && initialCap && isCapitalisedNonNoun(dict, c.text, start, word, c.names))
    return capitalisationFinding(
      word,
      start,
      lowerFirst(word),
      msg.lowercaseTitle,
      msg.lowercaseMessage(word),
    );
  if (language === 'de' && !initialCap && isSmallNoun(word, start, c))
    return capitalisationFinding(
      word,
      start,
      capitalise(word),
      msg.capitalisationTitle,
      msg.capitalisationMessage(word),
    );
  if (has(dict, word)) {
    const sz = language === 'de' ? eszettSpelling(dict, word) : null;
    return sz ? spellingFinding(word, start, [sz], msg.eszettMessage(word)) : null;
  }
  // a capitalised verb or adjective: a sentence start, a title or a name
  if (initialCap && has(dict, lower)) return null;
  if (!initialCap && language === 'de' && (has(dict, capitalise(word)) || c.known.has(capitalise(word)))) {
    // a noun written small: reported where an article or determiner shows it is used as a noun
    if (!afterDeterminer(c.text, start) || c.text[start - 1] === '-' || c.text[start + word.length] === '-')
      return null;
    // before a noun, an adjective with a stray umlaut ("eine größe Wohnung", "die höhen Mieten") is no noun
    const plain = word.replace(/[äöü]/g, (u) => ({ ä: 'a', ö: 'o', ü: 'u' })[u]!);
    if (plain !== word && has(dict, plain) && /^\s+\p{Lu}/u.test(c.text.slice(start + word.length)))
      return null;
    return capitalisationFinding(
      word,
      start,
      capitalise(word),
      msg.capitalisationTitle,
      msg.capitalisationMessage(word),
    );
  }
  // a loanword from the other language: "Smartphones", "Push-Faktoren"; in English text a German term
  if (has(c.other, word) || has(c.other, lower) || has(c.other, capitalise(lower))) return null;
  // possessives and elisions: "Peter's", "geht's"
  const base = word.replace(/['’]s?$/u, '');
  if (base !== word && base.length >= 3 && (has(dict, base) || has(dict, lowerFirst(base)))) return null;
  if (language === 'de' && word.length >= 7 && isGermanCompound(dict, word)) return null;
  if (language === 'de' && isDerivedForm(dict, word)) return null;
  // English plurals and verb forms of a long known word ("reorderings"); short bases stay checked, as
  // learners' "stoped", "studys" are slips of just those
  if (language === 'en' && /(?:s|es|ed|d|ing|ly)$/.test(word)) {
    const stems = [
      word.replace(/(?:es|s)$/, ''),
      word.replace(/(?:ed|d|ing|ly)$/, ''),
      word.replace(/(?:ed|ing)$/, 'e'),
    ];
    if (stems.some((b) => b !== word && b.length >= 6 && !/[^aeiou]y$/.test(b) && has(dict, b))) return null;
  }
  if (word.length < 4) return null; // one edit turns any three letters into some word
  const s = confidentSuggestions(dict, language, word);
  if (s.length === 0) return null;
  // a correction is shown only where the dictionary is sure of it, one word one edit away; with several
  // such words the mark stands without a suggestion, so that nobody learns a guess ("Rotmus" for "Rytmus")
  return spellingFinding(word, start, s.length === 1 ? s : []);
}

/**
 * A word split at the end of a line ("Arti-⏎kel"), as handwriting and scans of it have them: where the
 * joined word is right, both halves are left alone ("Arti" is no misspelling). Answers the start offsets of
 * the halves.
 */
function lineEndHyphenations(text: string, isRight: (word: string, start: number) => boolean): Set<number> {
  const starts = new Set<number>();
  for (const m of text.matchAll(/(\p{L}+)-[ \t]*\r?\n[ \t]*(\p{Ll}+)/gu)) {
    const [, head, tail] = m;
    if (isRight(head! + tail!, m.index)) {
      starts.add(m.index);
      starts.add(m.index + m[0].length - tail!.length);
    }
  }
  return starts;
}

type SpellingContext = {
  /** each sentence's language; computed from the text when absent */
  segments?: Segment[];
  /** words of the task and the key as written there: never flagged, whatever the dictionary says */
  known?: ReadonlySet<string>;
};

/**
 * Spelling with the cspell dictionaries of each sentence's language (a sentence in a language we have no
 * dictionary for is skipped). A word is reported only where the dictionary is confident: a suggestion one
 * edit away, or a noun written small after an article. Names, abbreviations, units, formulas, code,
 * compounds and the key's own words are left alone.
 */
export async function checkSpelling(
  text: string,
  language: SpellLanguage,
  context: SpellingContext = {},
): Promise<LanguageFinding[]> {
  const dicts = { de: await loadDictionary('de'), en: await loadDictionary('en') };
  const segments = context.segments ?? languageSegments(text, language, dicts);
  const known = context.known ?? new Set<string>();
  // the last part of a compound the key writes is the subject's word too: „Zotten“ beside the key's
  // „Darmzotten“, „Zellen“ beside „Sinneszellen“ (German compounds end with their head)
  const knownLower = [...known].map((k) => k.toLowerCase());
  // (written as a noun: a lower-case „zotten“ stays a capitalisation slip)
  const headOfKnown = (word: string) =>
    word.length >= 4 &&
    /^\p{Lu}/u.test(word) &&
    knownLower.some((k) => k.length > word.length && k.endsWith(word.toLowerCase()));
  const findings: LanguageFinding[] = [];
  const names = namesIn(text, dicts.de);
  const hyphenated = lineEndHyphenations(text, (word, start) => {
    const lang = languageAt(segments, start, language);
    if (lang === 'other') return false;
    const c = {
      known,
      names,
      text,
      language: lang,
      dict: dicts[lang],
      other: dicts[lang === 'de' ? 'en' : 'de'],
    };
    return checkWord(word, start, c) === null;
  });
  const isCode = codeLines(text);
  for (const m of text.matchAll(wordPattern)) {
    const token = m[0];
    const lang = languageAt(segments, m.index, language);
    if (lang === 'other') continue;
    if (!isProse(text, m.index, m.index + token.length, isCode)) continue;
    if (known.has(token) || known.has(lowerFirst(token))) continue;
    let offset = 0;
    for (const part of token.split('-')) {
      const start = m.index + offset;
      offset += part.length + 1;
      if (hyphenated.has(start)) continue;
      if (known.has(part) || known.has(lowerFirst(part)) || headOfKnown(part)) continue;
      const found = checkWord(part, start, {
        known,
        names,
        text,
        language: lang,
        dict: dicts[lang],
        other: dicts[lang === 'de' ? 'en' : 'de'],
      });
      if (found) findings.push(found);
    }
  }
  return findings;
}
