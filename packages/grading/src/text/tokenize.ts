import { stemEnglish } from './english-stemmer';
import { stemGerman } from './german-stemmer';

export type Language = 'de' | 'en';

export type Token = {
  /** the word as written */
  text: string;
  /** lower case, ß as ss */
  lower: string;
  stem: string;
  start: number;
  end: number;
};

const wordPattern = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

/** Words with their offsets into `text`. Hyphenated compounds stay one token (their parts are matched later). */
export function tokenize(text: string, language: Language = 'de'): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(wordPattern)) {
    const lower = m[0].toLowerCase().replace(/ß/g, 'ss');
    tokens.push({
      text: m[0],
      lower,
      stem: stemWord(lower, language),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return tokens;
}

export function stemWord(lower: string, language: Language = 'de'): string {
  const stem = language === 'en' ? stemEnglish : stemGerman;
  return lower
    .split(/[-'’]/)
    .map((part) => stem(part))
    .join('');
}

/** Case, ß/ss and ä/ae folded: for comparing short answers such as cloze blanks. */
export function foldForComparison(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFC')
    .replace(/ß/g, 'ss')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/[\s.,;:!?"'„“”‚‘’()]+/g, ' ')
    .trim();
}

/** Edit distance with adjacent transpositions (optimal string alignment), stopping once above `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, before[j - 2]! + 1);
      }
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > limit) return limit + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

const englishMarkers = new Set(
  'the and is are of to that it for with was were be this on they can which what when because there their has have'.split(
    ' ',
  ),
);
const germanMarkers = new Set(
  'der die das und ist sind nicht ein eine zu den mit sich auf für von dem des im es wird werden weil dass'.split(
    ' ',
  ),
);

/**
 * The language a text is written in, by its most common small words: English only when they clearly
 * outnumber the German ones (a German answer quoting an English term stays German).
 */
export function detectLanguage(text: string): Language {
  let english = 0;
  let german = 0;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (englishMarkers.has(word)) english++;
    else if (germanMarkers.has(word)) german++;
  }
  return english >= 3 && english > 2 * german ? 'en' : 'de';
}
