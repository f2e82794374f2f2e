import { unwrapLines } from '../text/line-wrap';
import { isNegated } from '../text/negation';
import { isPlaceNoun } from '../text/places';
import { tokenize, type Language, type Token } from '../text/tokenize';
import { stopwords } from '../text/stopwords';
import { findPointMarks, withoutClosingSums, withoutPointMarks, type PointMark } from '../text/point-marks';
import { criteriaOf } from './criteria';
import { choiceOf, countAsked, countWords } from './key-lists';

export type KeyTerm = {
  stem: string;
  /** the word as the expected answer writes it */
  text: string;
  weight: number;
  /** the reference itself negates it ("keine Einschränkung") */
  negated: boolean;
  /**
   * Capitalised inside its sentence: a German noun or a name (in English a name) — the facts and roles of an
   * aspect. The first word of a sentence says nothing.
   */
  noun: boolean;
  /**
   * From the key's explanation around the marked words (text no mark rewards: "Bei der Ausstattung mit Waren
   * soll darauf geachtet werden, ob die Regale … bestückt sind"): other words for the aspect, which add to
   * its coverage when the answer uses them but cost nothing when it does not.
   */
  extra?: boolean;
  /** another name the key gives in brackets ("Upselling (Zusatzangebot)"): the answer may use either */
  alternative?: string;
  /** a noun after a preposition of place or direction ("ins Blatt", "in den Chloroplasten"): it says where */
  place?: boolean;
};

export type Aspect = {
  /** the expected answer's wording of this aspect, point mark removed */
  text: string;
  /** a short name for feedback: the words nearest the point mark */
  label: string;
  points: number;
  terms: KeyTerm[];
};

export type ExpectedAnswer = {
  aspects: Aspect[];
  /** sum of the aspects' points, or the points given when the text has no marks */
  totalPoints: number;
  /** whether the points came from inline marks */
  marked: boolean;
  /**
   * The key lets the student choose: "(zwei von drei genügen für volle Punktzahl)" — the best this many
   * aspects share the points; the others are alternatives, not missing content.
   */
  choose?: number;
  language: Language;
};

const negationWords = new Set(
  'nicht kein keine keinen keinem keiner keines nie niemals niemand nichts ohne not no never without'.split(
    ' ',
  ),
);

/** The words of the question are given to the student; repeating them is no evidence of knowing the answer. */
function termsOf(segment: string, questionStems: Set<string>, language: Language): KeyTerm[] {
  const tokens = tokenize(segment, language);
  const content: { token: Token; negated: boolean; noun: boolean; place: boolean }[] = [];
  tokens.forEach((token, i) => {
    if (stopwords.has(token.lower) || negationWords.has(token.lower) || token.lower.length < 2) return;
    if (/^\d+$/.test(token.lower) && token.lower.length < 2) return;
    const noun =
      /^\p{Lu}/u.test(token.text) && !/(?:^|[.!?:;•*\n–—-])[\s"„(]*$/u.test(segment.slice(0, token.start));
    const place = noun && isPlaceNoun(tokens, i, segment);
    content.push({ token, negated: isNegated(tokens, i, segment), noun, place });
  });
  // words in brackets after a blank add to the aspect ("… → Traubenzucker + Sauerstoff (mit Lichtenergie)",
  // "Legislative (Bundestag, Bundesrat)"): they count when the answer has them and cost nothing when it
  // does not, and the point mark's nearest word is the one before them. One word in brackets right after a
  // word is another name for it ("Upselling (Zusatzangebot)", "Australien (Ozeanien)"): either counts for
  // both.
  // Brackets on a word are notation ("n(CO2)", "né(e)"); an aspect all in brackets keeps its words.
  const brackets = [...segment.matchAll(/(?<=\s)\([^()]*\)/g)].map((m) => [m.index, m.index + m[0].length]);
  const inBrackets = (t: Token) => brackets.some(([from, to]) => t.start > from! && t.end < to!);
  const aside = content.filter((c) => inBrackets(c.token));
  const extras = aside.length < content.length ? aside : [];
  const alternatives = new Map<Token, Token>();
  for (const [from, to] of brackets) {
    const inside = tokens.filter((t) => t.start > from! && t.end < to!);
    const before = content.filter((c) => c.token.end <= from! && !inBrackets(c.token)).at(-1);
    const only = inside.length === 1 ? extras.find((c) => c.token === inside[0]) : undefined;
    if (only && before && /^\s*$/.test(segment.slice(before.token.end, from))) {
      alternatives.set(before.token, only.token);
      alternatives.set(only.token, before.token);
      extras.splice(extras.indexOf(only), 1);
    }
  }
  // the other name keeps its place among the aspect's words (it is one of them, either way)
  if (aside.length < content.length)
    content.splice(
      0,
      content.length,
      ...content.filter((c) => !inBrackets(c.token) || alternatives.has(c.token)),
    );
  const n = content.length;
  const seen = new Set<string>();
  const terms: KeyTerm[] = [];
  // Walk from the point mark backwards: a mark follows the words it rewards, so nearer words weigh more.
  // a word the key names both ways ("Sechs / keine Sechs") is no negation: the answer may name it plainly
  const bothWays = new Set(
    content
      .filter((c) => c.negated && content.some((d) => !d.negated && d.token.stem === c.token.stem))
      .map((c) => c.token.stem),
  );
  for (let k = n - 1; k >= 0; k--) {
    const { token, noun, place } = content[k]!;
    const negated = content[k]!.negated && !bothWays.has(token.stem);
    if (seen.has(token.stem)) continue;
    seen.add(token.stem);
    const distance = n - 1 - k;
    let weight = distance === 0 ? 2 : distance === 1 ? 1.5 : 1;
    if (questionStems.has(token.stem)) weight *= 0.3;
    const alternative = alternatives.get(token);
    terms.push({
      stem: token.stem,
      text: token.text,
      weight,
      negated,
      noun,
      ...(alternative ? { alternative: alternative.stem } : {}),
      ...(place ? { place } : {}),
    });
  }
  terms.reverse();
  for (const { token, negated, noun } of extras) {
    if (seen.has(token.stem)) continue;
    seen.add(token.stem);
    const weight = questionStems.has(token.stem) ? 0.3 : 1;
    terms.push({ stem: token.stem, text: token.text, weight, negated, noun, extra: true });
  }
  return terms;
}

/** Punctuation, arrows, bullets and a joining word left at the start of an aspect ("; und bildet Galle"). */
/**
 * A teacher's note on how to grade, not content to look for: what each part is worth („je Form“), what is
 * accepted too („Andere richtige Kennzeichen werden anerkannt“), a deduction rule („… 1 Punkt Abzug“), the
 * total („Gesamt“).
 */
export function isGradingNote(text: string): boolean {
  return /^\s*(?:je(?:de[rsm]?)?|pro|Gesamt|Summe|insgesamt)\b(?:\s+[\p{L}-]+){0,4}\s*[:.;,]?\s*$|\b(?:wird|werden)\s+(?:auch\s+|ebenfalls\s+)?(?:anerkannt|akzeptiert|gewertet)\b|\bgelten\s+lassen\b|\bAbzug\b/iu.test(
    text,
  );
}

function trimAspect(segment: string): string {
  return segment
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.→⇒–—*•☐□▢✓-]+/u, '')
    .replace(/^(?:und|sowie|oder|aber|and|or|et)\s+/i, '')
    .replace(/[\s,;:–—-]+$/u, '')
    .trim();
}

function shortLabel(segment: string): string {
  const words = segment
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 0);
  // up to 6 words before the mark, from the last content word on
  return trimAspect(words.slice(-6).join(' '));
}

/** Abbreviations whose full stop ends no sentence ("z. B.", "ca.", "v. a."). */
const abbreviations = new Set(
  'bzw ca vgl usw etc evtl ggf inkl max min mio mrd nr abb jh chr geb ua va dh zb sog bspw allg vs'.split(
    ' ',
  ),
);

/** Where the last sentence before `end` begins: after ". " (not an abbreviation or ordinal), "! ", "? ", a line break. */
function sentenceStart(text: string, end: number): number {
  const lineStart = text.lastIndexOf('\n', end - 1) + 1;
  let start = lineStart;
  for (const m of text.slice(lineStart, end).matchAll(/([\p{L}\d]*)([.!?])\s+(?=[\p{Lu}„"])/gu)) {
    const word = m[1]!;
    // "z. B." / "v. a.": the letters before this one (a short look back keeps the match linear)
    const before =
      text
        .slice(Math.max(0, lineStart + m.index - 12), lineStart + m.index)
        .match(/(?:\p{L}\.\s?)*$/u)?.[0] ?? '';
    const abbreviation =
      m[2] === '.' &&
      (word.length <= 1 ||
        /^\d+$/.test(word) ||
        abbreviations.has(word.toLowerCase()) ||
        abbreviations.has((before + word).replace(/[.\s]/g, '').toLowerCase()));
    // a full stop inside brackets ends no sentence of the key
    const inside = text.slice(lineStart, lineStart + m.index);
    const open = (inside.match(/\(/g) ?? []).length > (inside.match(/\)/g) ?? []).length;
    if (!abbreviation && !open) start = lineStart + m.index + m[0].length;
  }
  return start;
}

/** "zwei Argumente", "mindestens drei Merkmale", "2 Beispiele": how many items one "je" item stands for. */
function countedItems(item: string): number {
  const m = /^(?:mindestens\s+|at\s+least\s+)?(\d|zwei|drei|vier|fünf|sechs|two|three|four)\s+\p{L}/iu.exec(
    item,
  );
  if (!m) return 1;
  return /^\d$/.test(m[1]!) ? Number(m[1]) : countWords[m[1]!.toLowerCase()]!;
}

/** "Europa, Asien, Afrika (je 1 P)": the items a "je" mark gives points to each. */
function itemsOf(segment: string): string[] {
  for (const separator of [/;/, /,/, /\s[–—-]\s/, /\s\/\s|\//]) {
    const items = segment
      .split(separator)
      .map(trimAspect)
      .filter((x) => x.length > 0);
    if (items.length > 1) return items;
  }
  return [trimAspect(segment)];
}

/**
 * A line listing short names ("Fische, Amphibien (Lurche), Reptilien, Vögel, Säugetiere"): each name is an
 * aspect of its own. Calculations and sentences stay whole.
 */
function listItems(part: string, asked: number | null = null): string[] | null {
  if (/[\d=]/.test(part)) return null;
  const items = part
    .split(/,|;/)
    .map((x) => trimAspect(x.replace(/\([^)]*\)/g, ' ')))
    .filter((x) => x.length > 0);
  // a list of more answers than the task asks for ("Nenne vier Beschlüsse" over eight) may hold longer
  // names ("Umsiedlung der Deutschen aus den Ostgebieten"): they are still items to choose from
  const longest = asked !== null && items.length > asked ? 6 : 3;
  if (items.length < 2 || items.some((x) => x.split(' ').length > longest)) return null;
  return part
    .split(/,|;/)
    .map(trimAspect)
    .filter((x) => x.length > 0);
}

/**
 * A table to fill in ("Art | woraus besteht sie? | wodurch abgeschirmt?" over "α | Heliumkerne … | Papier …"):
 * every field the pupil fills is an aspect of its own, as "je Feld 1 P" counts them. The first column names
 * the rows and is given; a row whose first cell is empty goes on with the row above. Null where the text is
 * no table of at least a header and two rows of two columns or more.
 */
function tableCells(text: string, question: string): string[] | null {
  const lines = text.split('\n').filter((l) => l.trim().length > 0);
  if (lines.length < 2 || !lines.every((l) => l.includes('|'))) return null;
  const split = (l: string) => l.split('|').map((c) => c.replace(/\s+/g, ' ').trim());
  const width = split(lines[0]!).length;
  if (width < 2) return null;
  // the header may stand in the question, over the solution's rows
  const asked = question.trim().split('\n').at(-1) ?? '';
  const headed = asked.includes('|') && split(asked).length === width;
  const rows: string[][] = [];
  for (const line of headed ? lines : lines.slice(1)) {
    const row = split(line);
    // a rule of dashes under the header
    if (row.every((c) => /^[-–—:=\s]*$/.test(c))) continue;
    if (row.length !== width) return null;
    const last = rows.at(-1);
    if (row[0] === '' && last) row.forEach((c, i) => (last[i] = `${last[i]} ${c}`.trim()));
    else rows.push(row);
  }
  if (rows.length < 2) return null;
  const cells = rows.flatMap((row) => row.slice(1)).filter((c) => c.length > 0);
  return cells.length >= 2 ? cells : null;
}

/**
 * "Content (10 VP)" over bullet lines worth 2 + 3 + 3 + 2 VP: a heading's mark is the sum of the lines below
 * it, not an aspect of its own.
 */
function withoutSubtotals(text: string, marks: PointMark[]): PointMark[] {
  const lineOf = (i: number) => text.slice(0, i).split('\n').length - 1;
  const lines = text.split('\n');
  const byLine = new Map<number, PointMark[]>();
  for (const m of marks) byLine.set(lineOf(m.start), [...(byLine.get(lineOf(m.start)) ?? []), m]);
  const subtotals = new Set<PointMark>();
  for (const [line, own] of byLine) {
    const words = withoutPointMarks(lines[line]!).split(/\s+/).filter(Boolean).length;
    // a heading is no bullet and sums up at least two marked lines below it
    if (own.length !== 1 || own[0]!.each || words > 4 || /^\s*[-*•–]/.test(lines[line]!)) continue;
    let sum = 0;
    let counted = 0;
    for (let next = line + 1; next < lines.length && sum < own[0]!.value; next++) {
      const below = byLine.get(next) ?? [];
      if (below.length > 0) counted++;
      sum += below.reduce((s, m) => s + (m.each ? 0 : m.value), 0);
    }
    if (counted >= 2 && Math.abs(sum - own[0]!.value) < 1e-9) subtotals.add(own[0]!);
  }
  return marks.filter((m) => !subtotals.has(m));
}

/**
 * "Kredite werden teurer (1), …⏎ die Gesamtnachfrage sinkt (1), der Preisauftrieb lässt nach (1)   [Pkte.: 4]":
 * a mark closing the line of the item's last bare mark, that sums its bare marks (since the last strong mark,
 * over wrapped lines), stands for them: the items are the aspects, each worth its own point.
 */
function itemMarksForSums(text: string, all: PointMark[], strong: PointMark[]): PointMark[] {
  const out: PointMark[] = [];
  let from = 0;
  for (const mark of strong) {
    const items = all.filter(
      (m) =>
        m.weak && m.start >= from && m.end <= mark.start && !/\n[ \t]*\n/.test(text.slice(m.end, mark.start)),
    );
    const sum = items.reduce((t, m) => t + m.value, 0);
    const closesLine = /^[ \t]*(?:\n|$)/.test(text.slice(mark.end));
    // the sum closes the item's last line; a heading's mark ("Sprache (6 Punkte)") sums the lines below it
    const lineStart = text.lastIndexOf('\n', mark.start - 1) + 1;
    const onItsLine = items.some((m) => m.start >= lineStart);
    const sums = items.length >= 2 && Math.abs(sum - mark.value) < 1e-9;
    if (sums && closesLine && onItsLine && !mark.each) out.push(...items);
    else out.push(mark);
    from = mark.end;
  }
  return out;
}

/**
 * The words of the key's explanations (sentences and clauses no mark rewards) join the aspect they explain:
 * the aspect sharing a noun with them ("Bei der Sauberkeit des Shops ist z.B. auf die Fußböden … zu achten"
 * explains "Sauberkeit (0.5 P)"), otherwise the aspect just before them (an explanation follows its point).
 * Students answer with these words ("Regale gut gefüllt" for "Ausstattung mit Waren"); as `extra` terms they
 * add coverage but never lower it.
 */
const wrongNote =
  /\b(?:falsch|unzureichend|nicht\s+(?:gewertet|akzeptiert|anerkannt|ausreichend)|keine?n?\s+(?:Punkte?|P)\b|wrong|incorrect|not\s+(?:accepted|enough|sufficient)|no\s+(?:points?|credit))/iu;

function addExplanations(
  aspects: Aspect[],
  gaps: { text: string; after: number }[],
  questionStems: Set<string>,
  language: Language,
): void {
  for (const gap of gaps) {
    const clean = withoutPointMarks(gap.text);
    // a note on what earns nothing ("Falsch wäre: Bundesrat", "nicht gewertet: …") names no other words for it
    if (wrongNote.test(clean)) continue;
    const terms = termsOf(clean, questionStems, language).filter((t) => !t.negated);
    if (terms.length === 0) continue;
    const nouns = new Set(terms.filter((t) => t.noun).map((t) => t.stem));
    const sharing = aspects
      .map((a, i) => ({ a, i }))
      .filter(({ a }) => a.terms.some((t) => !t.extra && t.noun && nouns.has(t.stem)));
    const before = sharing.filter(({ i }) => i < gap.after).at(-1);
    const index = (before ?? sharing[0])?.i ?? Math.max(0, gap.after - 1);
    const aspect = aspects[index]!;
    for (const t of terms) {
      if (aspect.terms.some((o) => o.stem === t.stem)) continue;
      // equally weighted: an explanation has no point mark that makes one of its words the central one
      aspect.terms.push({ ...t, weight: questionStems.has(t.stem) ? 0.3 : 0.9, extra: true });
    }
  }
}

/**
 * Splits an expected answer into aspects. With inline point marks, each mark closes one aspect: the text
 * from the previous mark (or the start of the sentence it sits in) up to the mark; a "je" mark gives each
 * item before it its points; a mark naming its parts ("(Initialisierung 1 BE, Schleife 1 BE)") gives one
 * aspect per part. Without marks, each sentence, list line or listed name is one aspect and `points` is
 * shared equally. Point marks and the question's wording never become expected content.
 */
export function parseExpectedAnswer(
  text: string,
  points: number,
  question = '',
  language: Language = 'de',
): ExpectedAnswer {
  const questionStems = new Set(tokenize(question, language).map((t) => t.stem));
  // the whole solution is a writing criterion in brackets ("(jeder richtige Satz im simple past 1 Punkt)"):
  // no content to look for, one aspect that the criteria checks score
  const note = /^\s*\(([^()]*)\)\s*$/.exec(text);
  if (note && points > 0 && criteriaOf(note[1]!) !== null) {
    const criterion = note[1]!
      .replace(/[:,;]?\s*(?:je\s+)?\d+(?:[.,]\d+)?\s*(?:Punkte?|Pkt\.?|P\.?|BE|VP)(?=\s|$)/giu, '')
      .trim();
    return {
      aspects: [{ text: criterion, label: shortLabel(criterion), points, terms: [] }],
      totalPoints: points,
      marked: false,
      language,
    };
  }
  const aspects: Aspect[] = [];
  const add = (segment: string, value: number, label?: string) => {
    // "H₂O₂: O −I (arabische Ziffern werden akzeptiert)": a note on how to mark, in brackets, is no part of
    // the aspect, and does not make the aspect a note
    const clean = withoutPointMarks(trimAspect(segment))
      .replace(/\s*\(([^()]*)\)/g, (group, inner: string) => (isGradingNote(inner) ? '' : group))
      .trim();
    if (clean.length === 0 || value < 0 || isGradingNote(clean)) return;
    aspects.push({
      text: clean,
      label: label ?? shortLabel(clean),
      points: value,
      terms: termsOf(clean, questionStems, language),
    });
  };
  /** "zwei Argumente (je 1)", "drei Merkmale (je 1 P)": one item that counts several times */
  const addEach = (segment: string, value: number) => {
    const items = itemsOf(segment);
    const times = items.length === 1 ? countedItems(items[0]!) : 1;
    for (const item of items) add(item, value * times);
  };
  // the key's text that no mark rewards, with the number of aspects before it
  const gaps: { text: string; after: number }[] = [];
  // an item the teacher wrapped onto a second line ("• steigt von 317 auf 414 ppm, d. h. um ca. 97 ppm⏎
  // bzw. rund 30 %    (3 P)") is one aspect: its sentence starts on the line the wrap began
  const flowing = unwrapLines(text);
  const readMarks = (marks: PointMark[]) => {
    aspects.length = 0;
    gaps.length = 0;
    let last = 0;
    let before: PointMark | null = null;
    for (const m of marks) {
      if (m.value <= 0) continue;
      if (m.leading) {
        gaps.push({ text: text.slice(last, m.start), after: aspects.length });
        // the aspect follows its mark: up to the line's end or the next mark
        const lineEnd = text.indexOf('\n', m.end);
        const next = marks.find((x) => x.start >= m.end);
        const end = Math.min(lineEnd < 0 ? text.length : lineEnd, next ? next.start : text.length);
        // "Puntuación: 6 – contenido 2 (…), lengua 4 (…)": the parts it names, each an aspect
        if (m.named) for (const part of m.named) add(part.text, part.value, part.text);
        else if (m.each) addEach(text.slice(m.end, end), m.value);
        else add(text.slice(m.end, end), m.value);
        last = end;
        continue;
      }
      let from = Math.max(last, sentenceStart(flowing, m.start));
      // ", z. B. Abgaben, Frondienst; schlüssige Darstellung (1 P)": the examples after the last mark
      // explain its aspect; this mark's aspect starts after them
      const examples =
        /^[\s,;]*(?:z\.\s?B\.|zum\s+Beispiel|etwa|bspw\.|beispielsweise|e\.\s?g\.)[^;\n]*;/iu.exec(
          text.slice(from, m.start),
        );
      if (examples) from += examples[0].length;
      gaps.push({ text: text.slice(last, from), after: aspects.length });
      let segment = text.slice(from, m.start);
      // a mark alone on its line ("(je 1 P)") belongs to the line above
      if (trimAspect(segment).length === 0 && from > 0 && text.lastIndexOf('\n', m.start - 1) + 1 === from) {
        const above = text.slice(0, from - 1);
        const lineStart = above.lastIndexOf('\n') + 1;
        if (lineStart >= last) segment = above.slice(lineStart);
      }
      // "… Medikamente vorbeugend … [1] [1]": a second mark right after the first is the same aspect's
      // second point (two of the items listed before it)
      const previous = aspects.at(-1);
      // (on one line, both written alike: "[1] [1]", "(1 P) (1 P)")
      const alike = before !== null && text[before.start] === text[m.start] && before.value === m.value;
      if (!m.named && !m.each && previous && alike && /^[ \t]*$/.test(text.slice(last, m.start))) {
        previous.points += m.value;
        last = m.end;
        before = m;
        continue;
      }
      before = m;
      if (m.named) for (const part of m.named) add(segment || part.text, part.value, part.text);
      else if (m.each) addEach(segment, m.value);
      else add(segment, m.value);
      last = m.end;
    }
    if (aspects.length > 0) gaps.push({ text: text.slice(last), after: aspects.length });
  };
  const all = findPointMarks(text);
  const strong = itemMarksForSums(
    text,
    all,
    all.filter((m) => !m.weak),
  );
  readMarks(withoutSubtotals(text, strong));
  // "(2)", "(je 1)" after a result count only when such marks add up to the points the task is worth
  if (strong.length === 0 && all.length > 0 && points > 0) {
    readMarks(withoutSubtotals(text, withoutClosingSums(text, all)));
    if (Math.abs(aspects.reduce((s, a) => s + a.points, 0) - points) > 1e-9) readMarks([]);
  }
  if (aspects.length > 0) {
    addExplanations(aspects, gaps, questionStems, language);
    // "z. B. lang, Ziffern, Sonderzeichen, … (je 1 P)" under a task worth 3 P: more answers than the task
    // pays for, each worth the same: the best that many count, as a teacher reads such a list
    const value = aspects[0]!.points;
    const sum = aspects.reduce((s, a) => s + a.points, 0);
    const paidFor =
      points > 0 && sum > points + 1e-9 && aspects.every((a) => Math.abs(a.points - value) < 1e-9)
        ? points / value
        : null;
    const choose =
      choiceOf(text) ??
      (paidFor !== null && Number.isInteger(Math.round(paidFor * 1e6) / 1e6) ? paidFor : null);
    return {
      aspects,
      totalPoints: aspects.reduce((s, a) => s + a.points, 0),
      marked: true,
      language,
      ...(choose !== null && choose < aspects.length ? { choose } : {}),
    };
  }
  const asked = countAsked(question);
  const cells = tableCells(text, question);
  if (cells) {
    for (const cell of cells) add(cell, points / cells.length);
    return { aspects, totalPoints: points, marked: false, language };
  }
  const parts = text
    .split(/(?<=[.!?])\s+|\n+|;\s*/)
    .map((p) => withoutPointMarks(p.replace(/^\s*(?:[-*•–]|\d+[.)])\s*/, '')).trim())
    // "(auch 480 € · 0,85 = 408 € als ein Schritt)": a note in brackets is no expected content
    .filter((p) => !/^\(.*\)$/.test(p) && !isGradingNote(p))
    .flatMap((p) => listItems(p, asked) ?? [p])
    .filter((p) => tokenize(p, language).some((t) => !stopwords.has(t.lower)));
  // a list of more answers than the task asks for („Nenne vier Kennzeichen“ over six): the best that many
  // share the points, as a teacher accepts any four of them
  if (asked !== null && parts.length > asked) {
    for (const part of parts) add(part, points / asked);
    if (aspects.length > asked)
      return { aspects, totalPoints: points, marked: false, language, choose: asked };
  }
  aspects.length = 0;
  const share = parts.length > 0 ? points / parts.length : points;
  for (const part of parts) add(part, share);
  return { aspects, totalPoints: points, marked: false, language };
}
