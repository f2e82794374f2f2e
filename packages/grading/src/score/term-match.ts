import { synonymGroup } from '../text/synonyms';
import { spellingFold } from '../text/spelling';
import { editDistance } from '../text/tokenize';

/** Participles and nominalisations: "gekauft" ~ "kauf", "geöffnet" ~ "öffnung". */
function core(stem: string): string {
  let s = stem;
  if (s.length >= 6 && s.startsWith('ge')) s = s.slice(2);
  if (s.length >= 5 && (s.endsWith('et') || s.endsWith('st'))) s = s.slice(0, -2);
  else if (s.length >= 5 && s.endsWith('t')) s = s.slice(0, -1);
  return s;
}

/** The verb behind a nominalisation too: "öffnung" ~ "offn" (core of "geöffnet"), "sperrung" ~ "sperr". */
function family(stem: string): string {
  const c = core(stem);
  return c.length >= 7 && c.endsWith('ung') ? c.slice(0, -3) : c;
}

/**
 * How well a student's word (stem) stands for a word of the expected answer, 0..1. Equal stems count fully;
 * synonyms, participle forms, compound heads and parts, and one-letter slips count slightly less.
 */
const cache = new Map<string, number>();

export function termMatch(expected: string, actual: string): number {
  if (expected === actual) return 1;
  const key = `${expected}\u0000${actual}`;
  let value = cache.get(key);
  if (value === undefined) {
    value = computeMatch(expected, actual);
    // bounded: the cache only saves repeated work within and across answers to the same question
    if (cache.size > 200_000) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/**
 * The answer's word names the key's word (a role word, the thing a statement is about): the word itself, a
 * synonym, a compound with it as head, or the word with one letter slipped in a long word
 * ("Kohlenstoffdioxit", "Kohlenstofdioxid" for "Kohlenstoffdioxid"). A slip in a short word may be another
 * word ("Base", "Basis"), and a changed part is another thing ("Bundesrat", "Bundestag").
 */
export function namesWord(expected: string, actual: string): boolean {
  if (termMatch(expected, actual) >= 0.85) return true;
  return (
    Math.min(expected.length, actual.length) >= 9 &&
    !differentPart(expected, actual) &&
    editDistance(expected, actual, 1) <= 1
  );
}

/**
 * A near miss: a word that shares its first five letters with the key's word but differs in a whole part
 * ("Bundesrat" for "Bundestag"): a different named thing, not a slip.
 */
export function nearMiss(expected: string, actual: string): boolean {
  return (
    (expected.slice(0, 5) === actual.slice(0, 5) || sameHead(expected, actual)) &&
    termMatch(expected, actual) < 0.6 &&
    differentPart(expected, actual)
  );
}

/**
 * Two compounds with the same head (five letters or more) and different first parts of three letters or
 * more: "Nachfrageüberhang" for "Angebotsüberhang", "Schwammgewebe" for "Palisadengewebe": another thing of
 * the same kind.
 */
export function sameHead(a: string, b: string): boolean {
  let suffix = 0;
  while (suffix < a.length && suffix < b.length && a[a.length - 1 - suffix] === b[b.length - 1 - suffix])
    suffix++;
  return suffix >= 5 && a.length - suffix >= 3 && b.length - suffix >= 3;
}

/**
 * Two compounds with the same first part and a different last part name different things ("Bundesrat",
 * "Bundestag"; "Erststimme", "Zweitstimme" differ in front): no slip of the pen changes a whole syllable.
 */
export function differentPart(a: string, b: string): boolean {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix++;
  const restA = a.length - prefix - suffix;
  const restB = b.length - prefix - suffix;
  return restA >= 2 && restB >= 2 && restA + restB >= 5;
}

/**
 * The same word in another accepted spelling (see spellingFold): counts as the word itself, not as a slip.
 * Words of six letters or more only: in short words the letters carry the meaning ("Typ", "Tipp").
 */
export function spellingVariant(a: string, b: string): boolean {
  return a !== b && Math.min(a.length, b.length) >= 6 && spellingFold(a) === spellingFold(b);
}

function computeMatch(expected: string, actual: string): number {
  if (expected === actual) return 1;
  // below 1, so that the word as the key writes it still wins where the answer has both
  if (spellingVariant(expected, actual)) return 0.95;
  const ga = synonymGroup(expected);
  if (ga !== undefined && ga === synonymGroup(actual)) return 0.9;
  const ce = core(expected);
  const ca = core(actual);
  if (ce.length >= 3 && ce === ca) return 0.9;
  const [short, long] = expected.length <= actual.length ? [expected, actual] : [actual, expected];
  // a plural -s of a loan word the stemmer keeps ("Shops" ~ "Shop", "Jobs" ~ "Job")
  if (short.length >= 3 && long === `${short}s`) return 0.9;
  if (short.length >= 4 && long.endsWith(short)) return 0.85; // compound head: "Infoschreiben" ~ "Schreiben"
  const slip = !differentPart(expected, actual);
  if (slip && short.length >= 5 && long.length - short.length <= 2) {
    const limit = short.length >= 9 ? 2 : 1;
    if (editDistance(expected, actual, limit) <= limit) return 0.8;
  }
  if (short.length >= 4 && long.startsWith(short)) return 0.7; // first part: "Kraftstoffpreis" ~ "Kraftstoff"
  if (short.length >= 5 && long.includes(short)) return 0.6;
  if (slip && short.length >= 5) {
    const limit = short.length >= 9 ? 2 : 1;
    if (editDistance(expected, actual, limit) <= limit) return 0.8;
  }
  // the same verb as participle and noun ("geöffnet" ~ "Öffnung"), or the noun as a compound's first part
  // ("geöffnet" ~ "Öffnungszeiten", "Sperrung" ~ "gesperrt"): the word family, a little less than a synonym
  const fe = family(expected);
  const fa = family(actual);
  if (fe.length >= 4 && fe === fa) return 0.9;
  if (fe.length >= 4 && actual.startsWith(`${fe}ung`) && actual.length > fe.length + 4) return 0.7;
  if (fa.length >= 4 && expected.startsWith(`${fa}ung`) && expected.length > fa.length + 4) return 0.7;
  // a strong verb's forms differ inside the word: "verglichen" ~ "vergleicht", "gezogen" ~ "zieht"
  if (ce.length >= 5 && ca.length >= 5 && !differentPart(ce, ca) && editDistance(ce, ca, 1) <= 1) return 0.8;
  // a verb in -ieren and its noun in -ation: "depolarisiert" ~ "Depolarisation", "filtrieren" ~ "Filtration"
  const re = ationRoot(expected);
  if (re !== null && re === ationRoot(actual)) return 0.85;
  // the same word with another prefix, or a noun's adjective: "vertauscht" ~ "getauscht", "benachbart" ~
  // "Nachbarn"; less than the word itself, as a prefix can change the meaning
  const pe = unprefixed(ce);
  const pa = unprefixed(ca);
  if (pe !== ce || pa !== ca) {
    const [s, l] = pe.length <= pa.length ? [pe, pa] : [pa, pe];
    if (s.length >= 4 && s === l) return 0.75;
    if (s.length >= 5 && l.startsWith(s) && l.length - s.length <= 2) return 0.7;
  }
  return 0;
}

/**
 * The root a noun in -ation shares with its verb in -ieren (as stems: "depolarisation", "depolarisiert",
 * "filtri"): "depolaris", "filtr"; null for other words.
 */
function ationRoot(stem: string): string | null {
  const m = /^(.{4,})ation$/.exec(stem) ?? /^(.{4,}?)i(?:er|ere|ert|erte|erten|eren)?$/.exec(stem);
  return m ? m[1]! : null;
}

/** Without a verb prefix that often only shifts the meaning: "vertauscht" → "tauscht", "benachbart" → "nachbart". */
function unprefixed(s: string): string {
  for (const p of ['ver', 'be', 'ge'])
    if (s.startsWith(p) && s.length - p.length >= 4) return s.slice(p.length);
  return s;
}
