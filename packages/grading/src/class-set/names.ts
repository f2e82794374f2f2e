/**
 * Names on the papers of a class set (issue 16 §2): reading the name a pupil wrote at the top of her first page,
 * and matching it against the course roster. Pure functions; the prepare job feeds them the pages' text.
 */

/** A course participant as the roster spells her ("Müller, Anna" or "Anna Müller"). */
export type RosterEntry = { id: string; name: string };

export type StudentMatch = { studentId: string; confidence: number };

/** A name read at the top of a page, and whether it is clearly a name (labelled, or followed by the class). */
export type ReadName = { name: string; clear: boolean };

/** Below this a name is not taken as a roster entry: a guess would put a grade in the wrong pupil's record. */
export const MATCH_THRESHOLD = 0.6;

/** Only a name in the first lines counts: further down, capitalised words are the pupil's answers. */
const TOP_LINES = 5;

/** Label words before a name on a form ("Name:", "Vor- und Nachname:", "Schüler(in):"). */
const LABEL_WORDS = ['name', 'vorname', 'nachname', 'schueler', 'schuelerin', 'schuelerinnen'];
/** Words that only join label words ("Vor- und Nachname", "Name, Vorname"). */
const LABEL_JOINERS = new Set(['vor', 'und', 'nach', 'in']);

/** Labels of the other fields on a header line; the name ends where one begins. */
const OTHER_FIELDS = new Set([
  'klasse',
  'kl',
  'kurs',
  'datum',
  'fach',
  'note',
  'punkte',
  'lehrer',
  'lehrerin',
  'unterschrift',
  'thema',
  'nr',
  'seite',
]);

/**
 * Capitalised words that start a heading or a task, not a name: without them a title such as
 * "Klassenarbeit Biologie" or "Die Zelle" would read as a pupil's name.
 */
const NOT_NAME_WORDS = new Set([
  ...OTHER_FIELDS,
  'aufgabe',
  'aufgaben',
  'teil',
  'blatt',
  'klassenarbeit',
  'klausur',
  'test',
  'arbeit',
  'lernkontrolle',
  'kurzkontrolle',
  'leistungskontrolle',
  'hausaufgabe',
  'hausaufgaben',
  'loesung',
  'loesungen',
  'erwartungshorizont',
  'bewertung',
  'mathematik',
  'mathe',
  'deutsch',
  'englisch',
  'franzoesisch',
  'latein',
  'spanisch',
  'biologie',
  'chemie',
  'physik',
  'geschichte',
  'erdkunde',
  'geographie',
  'politik',
  'religion',
  'ethik',
  'informatik',
  'kunst',
  'musik',
  'sport',
  'wirtschaft',
  'der',
  'die',
  'das',
  'ein',
  'eine',
  'und',
  'oder',
  'mit',
  'im',
  'in',
  'am',
  'zu',
  'von',
  'bei',
  'fuer',
  'wie',
  'was',
  'warum',
  'wenn',
  'ich',
  'wir',
  'es',
  'er',
  'sie',
  'bitte',
  'viel',
  'erfolg',
  'schule',
  'gymnasium',
  'gesamtschule',
  'realschule',
  'oberschule',
  'grundschule',
  'schuljahr',
  'halbjahr',
  // a second label on the line ("Vorname: Anna Nachname: Müller") ends the first name
  ...LABEL_WORDS,
]);

/** Lowercase with umlauts written out, for comparing words against the lists above. */
function foldWord(word: string): string {
  return word
    .normalize('NFC')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');
}

/** A class as pupils write it next to their name: "7b", "10a", "Q1", "EF", "5 c" is two tokens and not matched. */
function isClassToken(token: string): boolean {
  return /^\d{1,2}[a-zA-Z]{0,2}\)?$/.test(token) || /^(q[12]|e[f12]|j[12])$/i.test(token);
}

/** A date ("12.11.2026", "12.11.") or any other token that is mostly digits: never part of a name. */
function isNumberToken(token: string): boolean {
  const digits = token.replace(/\D/g, '').length;
  return digits > 0 && digits >= token.replace(/[^\p{L}]/gu, '').length;
}

/**
 * A word of a name: letters (with hyphens for "Lea-Sophie", apostrophes for "D'Angelo"), or an initial ("A.").
 * OCR slips that put a digit or a bar for a letter ("Mü11er") are allowed inside a word with letters.
 */
function isNameToken(token: string): boolean {
  if (/^\p{L}\.?$/u.test(token)) return true;
  if (!/^[\p{L}01|5][\p{L}01|5'’-]*\.?$/u.test(token)) return false;
  return token.replace(/[^\p{L}]/gu, '').length >= 2;
}

/** Whether a word is a form label ("Name", "Vorname"); with `fuzzy`, an OCR slip ("Narne", "Nane") counts too. */
function isLabelWord(token: string, fuzzy: boolean): boolean {
  // "rn" is the classic OCR misreading of "m" ("Narne"), but "Vorname" has a real one
  const readings = [foldWord(token), foldWord(token.replace(/rn/g, 'm'))];
  if (readings.some((r) => LABEL_WORDS.includes(r))) return true;
  return (
    fuzzy &&
    readings.some((r) => r.length >= 4 && LABEL_WORDS.some((label) => weightedDistance(r, label) <= 1))
  );
}

/**
 * Splits a line into tokens, keeping a colon or comma as its own token (they separate labels and the
 * "Müller, Anna" order), and a run of three or more spaces as a field break (forms print fields side by side).
 */
function tokenizeLine(line: string): string[] {
  return (
    line
      // the blanks of a printed form ("Name: ________", "Name: ........") are no part of the name
      .replace(/_+|\.{3,}|…/g, '   ')
      .replace(/\t/g, '   ')
      .replace(/ {3,}/g, ' | ')
      .replace(/([:,;])/g, ' $1 ')
      .replace(/\s*\(in\)/gi, '')
      .split(/\s+/)
      .filter((t) => t.length > 0)
      .map((t) => (t === '|' ? '\u0000' : t))
  );
}

const FIELD_BREAK = '\u0000';

/**
 * Reads the name tokens from the start of `tokens`: name words, a comma between them ("Müller, Anna"), up to
 * four words; stops at anything else. Returns the tokens taken.
 */
function takeName(tokens: string[]): string[] {
  const taken: string[] = [];
  for (const token of tokens) {
    if (token === ',' && taken.length > 0 && !taken.includes(',')) {
      taken.push(token);
      continue;
    }
    if (token === FIELD_BREAK || !isNameToken(token) || isClassToken(token)) break;
    if (NOT_NAME_WORDS.has(foldWord(token))) break;
    taken.push(token);
    if (taken.filter((t) => t !== ',').length === 4) break;
  }
  while (taken.at(-1) === ',') taken.pop();
  return taken;
}

/** "Müller , Anna" → "Müller, Anna". */
function joinName(tokens: string[]): string {
  return tokens.join(' ').replace(/ ,/g, ',');
}

/** A label at the start of the line ("Name:", "Narne:", "Name, Vorname:") and the tokens after it. */
function afterLabel(tokens: string[]): string[] | null {
  let i = 0;
  let sawLabel = false;
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    // an OCR-slipped label only counts when a colon follows it: "Nane Müller" could be a name
    const colonFollows = tokens[i + 1] === ':' || token.endsWith('.');
    if (isLabelWord(token.replace(/[-.]$/, ''), colonFollows)) {
      sawLabel = true;
      continue;
    }
    const joiner = LABEL_JOINERS.has(foldWord(token)) || [',', '/', '-'].includes(token);
    if (!joiner) break;
  }
  if (!sawLabel) return null;
  // the colon and the blank of a form ("Name:   Anna") before the name
  while (tokens[i] === ':' || tokens[i] === FIELD_BREAK) i++;
  return tokens.slice(i);
}

/** The tokens after a name label at the start of the line or of a field ("Datum: 12.11.   Name: Paul Koch"). */
function afterAnyLabel(tokens: string[]): string[] | null {
  for (let i = 0; i < tokens.length; i++) {
    if (i > 0 && tokens[i - 1] !== FIELD_BREAK && tokens[i + 1] !== ':') continue;
    const rest = afterLabel(tokens.slice(i));
    if (rest) return rest;
  }
  return null;
}

/**
 * The name at the top of a page, with whether it is clearly a name. A labelled name ("Name: Anna Müller") or a
 * name followed by a class or date ("Anna Müller 7b") is clear; two or three capitalised words alone on a line
 * may be a heading, so they are returned as not clear (`splitStack` starts a paper there only when the roster
 * knows them).
 */
export function readName(pageText: string): ReadName | null {
  const lines = pageText
    .normalize('NFC')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .slice(0, TOP_LINES);

  // a labelled name anywhere in the top lines wins over an unlabelled line above it (a title, a school's name)
  for (const [index, line] of lines.entries()) {
    const rest = afterAnyLabel(tokenizeLine(line));
    if (!rest) continue;
    const name = takeName(rest);
    // two fields on one line ("Vorname: Anna   Nachname: Müller") give one name
    const secondField = afterLabel(rest.slice(name.length).filter((t) => t !== FIELD_BREAK));
    if (secondField) name.push(...takeName(secondField));
    if (name.length > 0) return { name: joinName(name), clear: true };
    // a form with the name written under its label ("Name:" alone on its line)
    if (rest.every((t) => t === FIELD_BREAK)) {
      const below = takeName(tokenizeLine(lines[index + 1] ?? ''));
      if (below.length > 0) return { name: joinName(below), clear: true };
    }
  }

  for (const line of lines) {
    const tokens = tokenizeLine(line);
    const name = takeName(tokens);
    const words = name.filter((t) => t !== ',');
    // a page that starts with "2. Aufgabe" or "Seite 2" stops here: its first token is no name word
    if (words.length < 2 || words.length > 3) continue;
    // pupils capitalise their names (or write them in capitals); lower-case words are a sentence
    if (!words.every((w) => /^\p{Lu}/u.test(w))) continue;
    // "Anna Müller, 7b": a comma or dash between the name and the class
    const next = tokens.slice(name.length).find((t) => t !== ',' && t !== '-' && t !== '–');
    if (next === undefined) return { name: joinName(name), clear: false };
    if (
      next === FIELD_BREAK ||
      isClassToken(next) ||
      isNumberToken(next) ||
      OTHER_FIELDS.has(foldWord(next))
    ) {
      return { name: joinName(name), clear: true };
    }
  }
  return null;
}

/**
 * The name written at the top of a paper's first page ("Name: Anna Müller", "Anna Müller 7b",
 * "Name: Müller, Anna   Klasse: 7b", "Narne: Anna Mü11er"), as read; null on a page without one (a
 * continuation page starting with "2. Aufgabe" or "Seite 2").
 */
export function detectName(pageText: string): string | null {
  return readName(pageText)?.name ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Matching

/** Characters OCR confuses with each other; a swap between them costs less than a real difference. */
const CONFUSABLE_GROUPS = ['il1|!', 'o0', 's5'];
const CONFUSABLE_COST = 0.3;

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return CONFUSABLE_GROUPS.some((g) => g.includes(a) && g.includes(b)) ? CONFUSABLE_COST : 1;
}

/** Edit distance where an OCR confusion (1 for l, 0 for o) costs 0.3 and an adjacent swap costs 1. */
function weightedDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(
        rows[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        rows[i - 1]![j - 1]! + substitutionCost(a[i - 1]!, b[j - 1]!),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      row.push(v);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : Math.max(0, 1 - weightedDistance(a, b) / longest);
}

/**
 * The two spellings a name is compared in: umlauts written out (ä → ae, as pupils without the key write them)
 * and umlauts without their dots (ä → a, as OCR reads a faint scan). Lowercase, other accents dropped, only
 * letters and the digits OCR puts for letters kept.
 */
function spellings(word: string): string[] {
  // composed first: a PDF's text layer may spell ü as u and a combining diaeresis
  const lower = word.normalize('NFC').toLowerCase().replace(/ß/g, 'ss');
  const strip = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z015|!]/g, '');
  return [strip(lower.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue')), strip(lower)];
}

/** The best similarity of two words (or joined names) over both spellings and the "rn" for "m" misreading. */
function bestSimilarity(read: string, roster: string): number {
  const [readOut, readDotless] = spellings(read);
  const [rosterOut, rosterDotless] = spellings(roster);
  const candidates = [similarity(readOut!, rosterOut!), similarity(readDotless!, rosterDotless!)];
  if (read.includes('rn')) {
    // read as an OCR confusion, so it costs like one and an exact name read with "rn" stays below 1
    const asM = read.replace(/rn/g, 'm');
    candidates.push(bestSimilarity(asM, roster) - CONFUSABLE_COST / Math.max(asM.length, roster.length));
  }
  return Math.max(...candidates);
}

type NameParts = { first: string; last: string };

/** A roster name in its parts: "Müller, Anna" → first Anna, last Müller; "Anna Maria Müller" → last Müller. */
function rosterParts(name: string): NameParts {
  const comma = name.indexOf(',');
  if (comma >= 0) return { first: name.slice(comma + 1).trim(), last: name.slice(0, comma).trim() };
  const words = name.trim().split(/\s+/);
  return { first: words.slice(0, -1).join(' '), last: words.at(-1) ?? '' };
}

/** Confidence of a match by a part of the name only (a first name, an initial): it says less than a full name. */
const PARTIAL_MATCH_FACTOR = 0.9;

/** How well the name read from a page fits one roster entry, 0..1. */
function scoreEntry(read: string, entry: RosterEntry): number {
  const { first, last } = rosterParts(entry.name);
  const readWords = read
    .replace(/,/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (readWords.length === 0) return 0;

  // an abbreviated name ("A. Müller", "Müller, A.", "Anna M."): the initial must fit exactly, the written-out
  // part may slip; the full-name comparison below would give the wrong initial credit for its length
  const initialAt = readWords.findIndex((w) => /^\p{L}\.?$/u.test(w));
  if (initialAt >= 0) {
    if (readWords.length !== 2) return 0;
    const initial = spellings(readWords[initialAt]!)[1]!;
    const written = readWords[1 - initialAt]!;
    const fits = (part: string) => initial.length === 1 && spellings(part)[1]!.startsWith(initial);
    return Math.max(
      fits(first) ? bestSimilarity(written, last) * PARTIAL_MATCH_FACTOR : 0,
      fits(last) ? bestSimilarity(written, first) * PARTIAL_MATCH_FACTOR : 0,
    );
  }

  // the full name in either order ("Anna Müller", "Müller, Anna", "Müller Anna")
  const joined = readWords.join('');
  let score = Math.max(bestSimilarity(joined, first + last), bestSimilarity(joined, last + first));

  // a middle name the roster does not have ("Anna Maria Müller"): the first and the last word read
  if (readWords.length >= 3) {
    const outer = readWords[0]! + readWords.at(-1)!;
    score = Math.max(score, bestSimilarity(outer, first + last) * PARTIAL_MATCH_FACTOR);
  }

  // one of a double first name with the surname ("Lea Weber" for Lea-Sophie Weber, "Minh Nguyen" for Minh Anh)
  const firstParts = first.split(/[\s-]+/).filter((p) => p.length > 0);
  if (readWords.length === 2 && firstParts.length > 1) {
    for (const part of firstParts) {
      score = Math.max(score, bestSimilarity(readWords.join(''), part + last) * PARTIAL_MATCH_FACTOR);
    }
  }

  // a first name alone ("Leon"): ambiguity with another Leon is decided by the caller
  if (readWords.length === 1) {
    score = Math.max(score, bestSimilarity(readWords[0]!, first) * PARTIAL_MATCH_FACTOR);
  }

  return score;
}

/** Two entries closer than this are a coin toss for a scan: neither is taken. */
const AMBIGUITY_MARGIN = 0.05;

/**
 * The roster entry a name read from a page belongs to, with a confidence 0..1 (1 for the same name after
 * folding case, umlauts and accents). Tolerates OCR slips, either name order, a first name alone and an
 * abbreviated first name. Null below the threshold, and null when two entries fit (nearly) equally well: a
 * wrong pupil is worse than an unmatched paper the teacher assigns.
 */
export function matchStudent(name: string, roster: RosterEntry[]): StudentMatch | null {
  const scored = roster
    .map((entry) => ({ entry, score: scoreEntry(name, entry) }))
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < MATCH_THRESHOLD) return null;
  const second = scored[1];
  if (second && best.score - second.score < (best.score === 1 ? Number.EPSILON : AMBIGUITY_MARGIN))
    return null;
  // rounded down, so that only an exact match reads as 1 (the 1e-9 keeps 0.57 * 100 = 56.99… at 0.57)
  return { studentId: best.entry.id, confidence: Math.floor(best.score * 100 + 1e-9) / 100 };
}
