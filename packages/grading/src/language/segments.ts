import type { SpellingDictionaryCollection } from 'cspell-lib';
import type { SpellLanguage } from './spelling';

/** The language a stretch of text is written in; `other` is one we have no dictionary for (French, Latin …). */
type SegmentLanguage = SpellLanguage | 'other';

export type Segment = { start: number; end: number; language: SegmentLanguage };

type Dictionaries = Record<SpellLanguage, SpellingDictionaryCollection>;

/** Sentences, or lines where a line has no sentence end: "a) avons allés" is one. */
const segmentPattern = /[^.!?\n]+(?:[.!?]+|$)/gm;
/**
 * Lower-case words say most about the language: capitalised ones may be names or (in German) nouns that
 * a dictionary of another language happens to know.
 */
const telling = /(?<![\p{L}'’-])\p{Ll}{3,}(?![\p{L}'’-])/gu;

type Counts = { words: number; de: number; en: number };

function count(text: string, dicts: Dictionaries): Counts {
  const c: Counts = { words: 0, de: 0, en: 0 };
  for (const m of text.matchAll(telling)) {
    c.words++;
    if (dicts.de.has(m[0], { ignoreCase: false })) c.de++;
    if (dicts.en.has(m[0], { ignoreCase: false })) c.en++;
  }
  return c;
}

/**
 * Which language the counts point to. The expected one wins while at least half its words are known (a
 * German answer with a few slips stays German); another dictionary must know clearly more. Too few words
 * decide nothing (null).
 */
function decide(c: Counts, expected: SpellLanguage, minWords: number): SegmentLanguage | null {
  if (c.words < minWords) return null;
  const share = (lang: SpellLanguage) => c[lang] / c.words;
  const other: SpellLanguage = expected === 'de' ? 'en' : 'de';
  if (share(expected) >= 0.5 && share(expected) >= share(other)) return expected;
  if (share(other) >= 0.6) return other;
  // a sentence with several slips still knows a third of its words; a French one hardly any
  if (share(expected) >= 0.35) return expected;
  return 'other';
}

/**
 * Splits the text into sentences and tells each one's language, so an English quotation in a German essay
 * is checked with the English dictionary and a French answer is not checked with either. Short lines take
 * the language of the whole text.
 */
export function languageSegments(text: string, expected: SpellLanguage, dicts: Dictionaries): Segment[] {
  const all = count(text, dicts);
  const whole = decide(all, expected, 4) ?? expected;
  // the whole text weighs in as a few words more in every sentence: in a French answer, "suis allée chez"
  // is not English because the English dictionary knows "allée" and "chez"
  const prior = 3;
  const share = (lang: SpellLanguage) => (all.words > 0 ? all[lang] / all.words : 0);
  const out: Segment[] = [];
  for (const m of text.matchAll(segmentPattern)) {
    if (m[0].trim().length === 0) continue;
    const c = count(m[0], dicts);
    const smoothed =
      c.words < 3
        ? c
        : { words: c.words + prior, de: c.de + prior * share('de'), en: c.en + prior * share('en') };
    const language = decide(smoothed, expected, 3) ?? whole;
    out.push({ start: m.index, end: m.index + m[0].length, language });
  }
  return out;
}

/** The language at a text position (the expected one where no segment covers it). */
export function languageAt(segments: Segment[], index: number, fallback: SegmentLanguage): SegmentLanguage {
  return segments.find((s) => index >= s.start && index < s.end)?.language ?? fallback;
}
