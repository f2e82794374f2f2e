import { countOf } from '@korrigo/domain';
import { foldForComparison } from '../text/tokenize';
import { findPointMarks, withoutPointMarks } from '../text/point-marks';
import { compareBlank, type ClosedResult, type Finding } from './closed-questions';

/**
 * Keys that are lists of short items, scored item by item as a teacher marks them (issue 13 §3, §5):
 *
 * - pairs ("Rot – Grün", "Trompete: Blechblasinstrument; Klarinette: Holzblasinstrument"): the student's
 *   line that names the left side must name the right one;
 * - an ordered list ("dass – das – dass – Das"): blank by blank, in order;
 * - an unordered list ("Gelb, Rot, Blau"): each item of the student's list counts once.
 *
 * Only where the student answered in the same form (pairs, or a list of as many short items); anything
 * else is an open answer and scored as such. Offsets in findings are relative to the answer.
 */

type Item = { text: string; start: number };

const wordCount = (s: string) => (s.match(/[\p{L}\d]+/gu) ?? []).length;
const short = (s: string) => wordCount(s) >= 1 && wordCount(s) <= 3 && !/[=+*·/]/.test(s);

// "–" or "-" between spaces, ":" or an arrow between the two sides of a pair
const pairSeparator = /\s+[–—-]\s+|\s*:\s+|\s*(?:→|->|⟶)\s*/;
// a bullet or label in front of a line: "– ", "• ", "1. ", "a) "
// a bullet or a label ("a) ", "2. "); not the "z." of "z. B."
const linePrefix = /^\s*(?:[–—•*-]\s+|\(?[\da-z]{1,2}[.)]\s+(?<!^\s*z\.\s+)(?!B\.))/i;

/** The items of a piece of text split at `separator`, each trimmed, with its offset. */
function split(text: string, offset: number, separator: RegExp): Item[] {
  const items: Item[] = [];
  const global = new RegExp(separator.source, 'g' + separator.flags.replace('g', ''));
  let from = 0;
  for (const m of [...text.matchAll(global), null]) {
    const end = m ? m.index : text.length;
    const raw = text.slice(from, end);
    const trimmed = raw.trim().replace(/[.;]$/, '').trim();
    if (trimmed.length > 0) items.push({ text: trimmed, start: offset + from + raw.indexOf(trimmed) });
    if (m) from = m.index + m[0].length;
  }
  return items;
}

function lines(text: string): Item[] {
  const out: Item[] = [];
  for (const m of text.matchAll(/[^\n]+/g)) {
    const prefix = linePrefix.exec(m[0])?.[0].length ?? 0;
    const body = m[0].slice(prefix).trimEnd();
    if (body.trim().length > 0) out.push({ text: body, start: m.index + prefix });
  }
  return out;
}

type Pair = { left: string; right: string };

// "Lösung: …" in front of the solution line
const solutionLabel = /^\s*(?:Lösungs?(?:en)?|Antworten?)\s*:\s*/i;

const isPair = (text: string) => {
  const sides = split(text, 0, pairSeparator);
  return sides.length === 2 && short(sides[0]!.text) && short(sides[1]!.text);
};

/** The key's pairs, when every line of it is made of them (at least two in all). */
function keyPairs(keyText: string): Pair[] | null {
  const pairs: Pair[] = [];
  for (const line of lines(withoutPointMarks(keyText))) {
    const body = line.text.replace(solutionLabel, '');
    // pairs one per line or in a row: "Trompete: Blechblasinstrument; Klarinette: …", "1 – C, 2 – B, 3 – A"
    const bySemicolon = split(body, 0, /\s*;\s*/);
    const byComma = split(body, 0, /\s*,\s*/);
    const parts =
      bySemicolon.length === 1 && byComma.length > 1 && byComma.every((p) => isPair(p.text))
        ? byComma
        : bySemicolon;
    for (const part of parts) {
      // "je Tonart 1 P, Anzahl und Name müssen stimmen": the teacher's note on the pairs, not one of them
      if (/^(?:je|pro)\b/i.test(part.text)) continue;
      const sides = split(part.text, 0, pairSeparator);
      // a note in brackets after the partner ("2 Kreuze (fis, cis)") does not make it long
      const partner = sides[1]?.text.replace(/\s*\([^()]*\)$/, '') ?? '';
      // "Barock: Bach, Händel": a group with its list, not a pair (see `categoriesOf`)
      if (sides.length !== 2 || !short(sides[0]!.text) || !short(partner) || /,/.test(partner)) return null;
      pairs.push({ left: sides[0]!.text, right: sides[1]!.text });
    }
  }
  return pairs.length >= 2 ? pairs : null;
}

/**
 * The same thing named: the same word (case, umlauts and one slip aside), or a word with the same first
 * part ("Blechbläser" for "Blechblasinstrument", "Schlagwerk" for "Schlaginstrument").
 */
export function sameThing(expected: string, given: string): boolean {
  if (compareBlank(expected, given) !== 'wrong') return true;
  // the pupil's own note in brackets ("2 Kreuze (fis, cis)") after the thing itself
  const noted = /^(.+?)\s*\([^()]*\)$/.exec(given.trim());
  if (noted && sameThing(expected, noted[1]!)) return true;
  // "Australien (Ozeanien)": either name
  const alternatives = /^(.+?)\s*\((.+)\)$/.exec(expected.trim());
  if (alternatives) return sameThing(alternatives[1]!, given) || sameThing(alternatives[2]!, given);
  if (compareBlank(expected, given) !== 'wrong') return true;
  const a = foldForComparison(expected).replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
  const b = foldForComparison(given).replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
  let prefix = 0;
  while (prefix < a.length && a[prefix] === b[prefix]) prefix++;
  if (/\s/.test(a) || /\s/.test(b)) return false;
  // the last part of the compound counts once: "Amerika" for "Nordamerika" (and not again for "Südamerika")
  return prefix >= 5 || (b.length >= 5 && a.endsWith(b));
}

// "Zellkern B", "Zellmembran – D": an item and the letter of its option
const itemLetter = /(\p{L}[\p{L}-]*(?:\s\p{L}[\p{L}-]*)?)\s*(?:[–—:=-]|->|→)?\s*\b([A-H])\b(?![\p{L}\d])/gu;

/** The result of a key of pairs: each right pair its share, in half points. */
function pairsResult(right: number, pairs: number, max: number, findings: Finding[]): ClosedResult {
  return {
    achieved: Math.round(right * (max / pairs) * 2) / 2,
    max,
    findings,
    feedback: `${right} von ${countOf(pairs, 'Zuordnung', 'Zuordnungen')} richtig.`,
  };
}

function scorePairs(pairs: Pair[], answer: string, max: number): ClosedResult | null {
  // options by letter ("Zellkern – B (Steuerung)"): the pupil may write the item and the letter only
  if (pairs.every((p) => /^[A-H](?![\p{L}\d])/u.test(p.right))) {
    const given = [...answer.matchAll(itemLetter)];
    if (given.length > 0) return scoreLetterPairs(pairs, given, max);
  }
  // the pupil's pairs: one per line, or in a row between semicolons or commas (not those in brackets)
  const answerLines = lines(answer)
    .flatMap((l) => split(l.text, l.start, /\s*;\s*/))
    .flatMap((l) =>
      split(l.text, l.start, pairSeparator).length > 2 || !pairSeparator.test(l.text)
        ? split(l.text, l.start, /\s*,\s*(?![^()]*\))/)
        : [l],
    );
  const per = max / pairs.length;
  const findings: Finding[] = [];
  let right = 0;
  let answered = 0;
  // "Gemisch: Leitungswasser, Milch" for the pairs "Leitungswasser – Gemisch", "Milch – Gemisch": the pupil
  // sorts the items under the key's categories, a line for each
  const categories = pairs.map((p) => p.right);
  const groups = lines(answer).flatMap((l) => {
    const m = /^([^:,;]{2,40}):\s*(\S.*)$/u.exec(l.text);
    if (!m || !categories.some((c) => sameThing(c, m[1]!.trim()))) return [];
    const offset = l.start + l.text.indexOf(m[2]!);
    return split(m[2]!, offset, /\s*[,;]\s*/).map((item) => ({ category: m[1]!.trim(), item }));
  });
  const groupOf = (left: string) => groups.find((g) => sameThing(left, g.item.text)) ?? null;
  // "G-Dur 1 Kreuz", "Oboe = Holzblasinstrument": the item named first, its partner after it without a dash
  // or colon, or after whatever sign the pupil put between them
  const sidesOf = (l: Item) => {
    const sides = split(l.text, l.start, pairSeparator);
    if (sides.length === 2) return sides;
    const left = pairs.find((p) => foldForComparison(l.text).startsWith(`${foldForComparison(p.left)} `));
    if (!left) return sides;
    let cut = l.text.indexOf(' ', left.left.length - 1) + 1;
    cut += /^[=≙⇒>]+\s*/.exec(l.text.slice(cut))?.[0].length ?? 0;
    return [
      { text: l.text.slice(0, cut).replace(/[\s=≙⇒>]+$/, ''), start: l.start },
      { text: l.text.slice(cut).trim(), start: l.start + cut },
    ];
  };
  for (const pair of pairs) {
    // the item as the key writes it first: "F-Dur" is one slip from "D-Dur", but another item
    const named = (same: (a: string, b: string) => boolean) =>
      answerLines.find((l) => {
        const sides = sidesOf(l);
        return sides.length === 2 && same(pair.left, sides[0]!.text);
      });
    // "Tee" for the item "Tee aufbrühen": one word of the item's, named by no other item
    const wordOf = (item: string, word: string) =>
      foldForComparison(item).split(/\s+/).includes(foldForComparison(word));
    const line =
      named((a, b) => foldForComparison(a) === foldForComparison(b)) ??
      named(
        (a, b) => sameThing(a, b) && !pairs.some((p) => foldForComparison(p.left) === foldForComparison(b)),
      ) ??
      named(
        (a, b) =>
          /^\p{L}{3,}$/u.test(b.trim()) &&
          wordOf(a, b.trim()) &&
          pairs.filter((p) => wordOf(p.left, b.trim())).length === 1,
      );
    const group = line ? null : groupOf(pair.left);
    if (group) {
      answered++;
      if (sameThing(pair.right, group.category)) right++;
      else
        findings.push({
          kind: 'wrong',
          title: 'Falsche Zuordnung',
          details: `${pair.left}: „${group.category}“ ist falsch zugeordnet, richtig ist „${pair.right}“.`,
          suggestion: `${pair.left} – ${pair.right}`,
          severity: 'moderate',
          start: group.item.start,
          end: group.item.start + group.item.text.length,
          quoted: group.item.text,
          deduction: per,
        });
      continue;
    }
    if (!line) {
      findings.push({
        kind: 'missing',
        title: 'Zuordnung fehlt',
        details: `Für „${pair.left}“ fehlt die Zuordnung.`,
        suggestion: `${pair.left} – ${pair.right}`,
        severity: 'moderate',
        start: 0,
        end: 0,
        quoted: '',
        deduction: per,
      });
      continue;
    }
    answered++;
    const given = sidesOf(line)[1]!;
    if (sameThing(pair.right, given.text)) {
      right++;
      continue;
    }
    findings.push({
      kind: 'wrong',
      title: 'Falsche Zuordnung',
      details: `${pair.left}: „${given.text}“ ist falsch zugeordnet, richtig ist „${pair.right}“.`,
      suggestion: `${pair.left} – ${pair.right}`,
      severity: 'moderate',
      start: line.start,
      end: line.start + line.text.length,
      quoted: line.text,
      deduction: per,
    });
  }
  // the student did not answer in pairs: an open answer after all
  if (answered === 0) return null;
  return pairsResult(right, pairs.length, max, findings);
}

function scoreLetterPairs(pairs: Pair[], given: RegExpMatchArray[], max: number): ClosedResult {
  const per = max / pairs.length;
  const findings: Finding[] = [];
  let right = 0;
  for (const pair of pairs) {
    const letter = pair.right.charAt(0);
    const m = given.find((g) => sameThing(pair.left, g[1]!.trim()));
    if (m?.[2] === letter) {
      right++;
      continue;
    }
    findings.push({
      kind: m ? 'wrong' : 'missing',
      title: m ? 'Falsche Zuordnung' : 'Zuordnung fehlt',
      details: m
        ? `${pair.left}: „${m[2]}“ ist falsch zugeordnet, richtig ist ${pair.right}.`
        : `Für „${pair.left}“ fehlt die Zuordnung.`,
      suggestion: `${pair.left} – ${pair.right}`,
      severity: 'moderate',
      start: m?.index ?? 0,
      end: m ? m.index! + m[0].length : 0,
      quoted: m?.[0] ?? '',
      deduction: per,
    });
  }
  return pairsResult(right, pairs.length, max, findings);
}

// an item's note in brackets ("untere Epidermis (mit Spaltöffnungen)") does not make it long
const shortItem = (i: Item) => short(i.text.replace(/\s*\([^()]*\)$/, ''));

/** A line of at least two short items: split at dashes between spaces, or at commas, ";", "/" and "und". */
function itemLine(text: string, offset: number): { items: Item[]; ordered: boolean } | null {
  const dashed = split(text, offset, /\s+[–—-]\s+/);
  if (dashed.length >= 3 && dashed.every(shortItem)) return { items: dashed, ordered: true };
  // "85,50 €", "3/4" and "340 m/s" are one value, not two items: a decimal comma, a fraction bar between the
  // digits of one number or the slash of a unit separates nothing (kept at the same offsets while the line
  // is split)
  const oneNumber = text
    .replace(/(?<![\d,])(\d+),(?=\d+(?![\d,]))/g, '$1\uE000')
    .replace(/(?<![\d/])(\d+)\/(?=\d+(?![\d/]))/g, '$1\uE001')
    .replace(/(\d\s?[\p{L}€°µ]{1,3}\d?)\/(?=\p{L}{1,3}\d?(?![\p{L}\d]))/gu, '$1\uE001');
  const listed = split(oneNumber, offset, /\s*[,;/]\s*|\s+(?:und|sowie|and)\s+/).map((item) => ({
    ...item,
    text: item.text.replace(/\uE000/g, ',').replace(/\uE001/g, '/'),
  }));
  if (listed.length >= 2 && listed.every(shortItem)) return { items: listed, ordered: false };
  return null;
}

/** The task asks for an order: "Bringe in die richtige Reihenfolge", "von oben nach unten", "chronologisch". */
const orderAsked =
  /Reihenfolge|\bvon\s+(?:oben|unten|innen|außen|links|rechts|vorne|hinten)\s+nach\s+\p{L}+|der\s+Reihe\s+nach|chronologisch|\bin\s+(?:the\s+)?(?:right\s+|correct\s+)?order\b/iu;

/**
 * What one mistake in the order costs: the key's own rule ("je vertauschtes Paar 1 P Abzug": 1; "(3 P, bei
 * einem Fehler 2 P)": 3 − 2), else one point (capped at the maximum), as teachers mark a sequence.
 */
function orderDeduction(keyText: string, max: number): number {
  const num = (s: string) => Number(s.replace(',', '.'));
  const each = /\bje\b[^()\d\n]*?(\d+(?:[.,]\d+)?)\s*(?:P\b|Pkt|Punkte?)\.?\s*Abzug/i.exec(keyText);
  if (each) return num(each[1]!);
  const one = /bei\s+(?:einem|1)\s+Fehler\s+(\d+(?:[.,]\d+)?)\s*(?:P\b|Pkt|Punkte?)/i.exec(keyText);
  if (one && num(one[1]!) < max) return max - num(one[1]!);
  return Math.min(1, max);
}

/**
 * A sequence the task asks to order, answered with the same items in another order: each pair of items in
 * the wrong order is one mistake (two neighbours swapped is one, not two wrong places), marked where the
 * two stand. Null when the student's items are not the key's (then item by item).
 */
function scoreOrder(
  key: Item[],
  student: Item[],
  answer: string,
  keyText: string,
  max: number,
): ClosedResult | null {
  if (student.length !== key.length) return null;
  const used = new Set<number>();
  const rank: number[] = [];
  for (const given of student) {
    const i = key.findIndex((expected, j) => !used.has(j) && sameThing(expected.text, given.text));
    if (i < 0) return null;
    used.add(i);
    rank.push(i);
  }
  let inversions = 0;
  for (let i = 0; i < rank.length; i++)
    for (let j = i + 1; j < rank.length; j++) if (rank[i]! > rank[j]!) inversions++;
  const findings: Finding[] = [];
  const per = orderDeduction(keyText, max);
  for (let i = 0; i + 1 < student.length; i++) {
    if (rank[i]! < rank[i + 1]!) continue;
    const [a, b] = [student[i]!, student[i + 1]!];
    findings.push({
      kind: 'wrong',
      title: 'Reihenfolge falsch',
      details: `„${a.text}“ und „${b.text}“ stehen in der falschen Reihenfolge.`,
      suggestion: key.map((k) => k.text).join(', '),
      severity: 'moderate',
      start: a.start,
      end: b.start + b.text.length,
      quoted: answer.slice(a.start, b.start + b.text.length),
      deduction: per,
    });
  }
  return {
    achieved: Math.max(0, max - inversions * per),
    max,
    findings,
    feedback: inversions === 0 ? 'Die Reihenfolge ist richtig.' : `Die Reihenfolge hat ${inversions} Fehler.`,
  };
}

/** number words of the lists' counts („Nenne vier …“, „zwei Argumente“) */
export const countWords: Record<string, number> = {
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  two: 2,
  three: 3,
  four: 4,
};

/**
 * How many of the listed items the key asks for: "(zwei davon)", "(drei genügen)", "(beliebige
 * zwei)", "zwei von drei genügen für volle Punktzahl"; null when it says nothing of the kind.
 */
export function choiceOf(keyText: string): number | null {
  const n = String.raw`(\d+|zwei|drei|vier|fünf|sechs|two|three|four)`;
  // "zwei von drei genügen" before "drei genügen"
  const m =
    new RegExp(
      String.raw`\b${n}\s+(?:von|aus|der)\s+(?:\d+|\p{L}+)\s+(?:genügen|reichen|sind\s+gefordert)`,
      'iu',
    ).exec(keyText) ??
    new RegExp(String.raw`\b${n}\s+(?:davon|genügen|reichen|of them)\b`, 'iu').exec(keyText) ??
    new RegExp(String.raw`\b(?:beliebige|any)\s+${n}\b`, 'iu').exec(keyText);
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  const value = /^\d+$/.test(word) ? Number(word) : countWords[word];
  return value !== undefined && value >= 1 ? value : null;
}

/** "Nenne zwei Wahlrechtsgrundsätze", "Gib drei Beispiele an", "Name two reasons": how many the task asks for. */
export function countAsked(question: string): number | null {
  const m =
    /\b(?:nenne|nennen|nennt|gib|geben|zähle|notiere|schreibe|name|give|list)\s+(?:\p{L}+\s+)?(\d+|zwei|drei|vier|fünf|sechs|two|three|four)\b/iu.exec(
      question,
    );
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  return /^\d+$/.test(word) ? Number(word) : (countWords[word] ?? null);
}

// a blank in the task's text: "___", "…", "[..]"
const blankPattern = /_{3,}|…|\.{3,}|\[\s*\.\.\s*\]/g;

/** `open`: the list ends in "…" (examples; the key does not say how many are wanted) */
type Category = { name: string; items: Item[]; open: boolean };

// "selbstleuchtend: Sonne, Kerze …  beleuchtet: Mond, Buch …": a name and a colon before each group
const categoryLabel =
  /(?:^|\s{2,}|;\s*|\s[–—-]\s|(?:…|\.{3})\s+)(\p{L}[\p{L}-]*(?:\s\p{L}[\p{L}-]*)?)\s*:\s+/gu;

/** A key line of two or more named groups of short items ("Laubbäume: Eiche, Buche; Nadelbäume: Fichte"). */
function categoriesOf(text: string): Category[] | null {
  const labels = [...text.matchAll(categoryLabel)];
  if (labels.length < 2 || text.slice(0, labels[0]!.index).trim() !== '') return null;
  const categories: Category[] = [];
  labels.forEach((m, i) => {
    const from = m.index + m[0].length;
    const to = labels[i + 1]?.index ?? text.length;
    // "Sterne …": the list goes on, the ellipsis is no item
    const raw = text.slice(from, to);
    const open = /(?:…|\.{3})\s*$/.test(raw);
    const list = itemLine(raw.replace(/\s*(?:…|\.{3})\s*$/, ''), from);
    if (list) categories.push({ name: m[1]!, items: list.items, open });
  });
  return categories.length === labels.length ? categories : null;
}

/** "Nenne zwei selbstleuchtende und zwei beleuchtete Körper", "je zwei": the count asked of each group. */
function countsAsked(question: string, groups: number): number[] | null {
  const each = /\bje\s+(\d|zwei|drei|vier|fünf)\b/i.exec(question);
  const value = (w: string) => (/^\d$/.test(w) ? Number(w) : countWords[w.toLowerCase()]!);
  if (each) return Array.from({ length: groups }, () => value(each[1]!));
  const counts = [...question.matchAll(/\b(\d|eine[nm]?|ein|zwei|drei|vier|fünf)\s+\p{L}/giu)].map((m) =>
    /^ein/i.test(m[1]!) ? 1 : value(m[1]!),
  );
  return counts.length === groups ? counts : null;
}

/**
 * A key of named groups: each item the student names counts where the key lists it, in the group the student
 * put it in when she names one ("Mond (beleuchtet)", "beleuchtet: Mond"), and up to the number asked of
 * each group.
 */
function scoreCategories(
  categories: Category[],
  answer: string,
  max: number,
  question: string,
): ClosedResult | null {
  // no count asked: every item of a closed list ("Barock: Bach, Händel"), one of a list of examples
  const asked =
    countsAsked(question, categories.length) ?? categories.map((c) => (c.open ? 1 : c.items.length));
  const per = max / asked.reduce((s, n) => s + n, 0);
  const right = categories.map(() => 0);
  const findings: Finding[] = [];
  const groupOf = (name: string) => categories.findIndex((c) => sameThing(c.name, name));
  let answered = 0;
  for (const line of lines(answer)) {
    // a group named before the items ("beleuchtet: Mond, Spiegel", or without the colon "reichlich Obst,
    // Brot") holds for the items after it
    let group = -1;
    for (const piece of line.text.split(/\s*(?:\/|;|\s[–—-]\s)\s*/)) {
      const bare = /^(\p{L}[\p{L}-]*)\s+(?=\S)/u.exec(piece);
      const label = /^(\p{L}[\p{L}-]*)\s*:\s*/u.exec(piece) ?? (bare && groupOf(bare[1]!) >= 0 ? bare : null);
      if (label && groupOf(label[1]!) >= 0) group = groupOf(label[1]!);
      const items = itemLine(label ? piece.slice(label[0].length) : piece, 0)?.items ?? [
        { text: (label ? piece.slice(label[0].length) : piece).trim(), start: 0 },
      ];
      // "Feuer (selbstleuchtend)": the group in brackets after the item (it holds for the items before it too)
      const noted = /\(([^()]+)\)\s*$/.exec(piece);
      const bracketGroup = noted ? groupOf(noted[1]!) : -1;
      for (const item of items) {
        const text = item.text.replace(/\s*\([^()]*\)\s*$/, '').trim();
        if (!short(text)) continue;
        answered++;
        const named = bracketGroup >= 0 ? bracketGroup : group;
        const where = categories.findIndex(
          (c, i) => (named < 0 || named === i) && c.items.some((k) => sameThing(k.text, text)),
        );
        if (where >= 0 && right[where]! < asked[where]!) right[where]!++;
        else if (where < 0) {
          const start = line.start + line.text.indexOf(text);
          findings.push({
            kind: 'wrong',
            title: 'Falsch genannt',
            details:
              named >= 0
                ? `„${text}“ gehört nicht zu „${categories[named]!.name}“.`
                : `„${text}“ gehört nicht dazu.`,
            suggestion: categories
              .map((c) => `${c.name}: ${c.items.map((k) => k.text).join(', ')}`)
              .join('; '),
            severity: 'moderate',
            start,
            end: start + text.length,
            quoted: text,
            deduction: per,
          });
        }
      }
    }
  }
  if (answered === 0) return null;
  const total = right.reduce((s, n) => s + n, 0);
  const wanted = asked.reduce((s, n) => s + n, 0);
  return {
    achieved: Math.min(max, Math.round(total * per * 2) / 2),
    max,
    findings,
    feedback: `${total} von ${countOf(wanted, 'verlangten Begriff', 'verlangten Begriffen')} richtig.`,
  };
}

function scoreItems(keyText: string, answer: string, max: number, question: string): ClosedResult | null {
  const keyLines = lines(withoutPointMarks(keyText));
  // the solution is the key's last line (a cloze's sentences may stand above it)
  const last = keyLines.at(-1);
  const categories = last && keyLines.length === 1 ? categoriesOf(last.text) : null;
  if (categories) return scoreCategories(categories, answer, max, question);
  const read = last ? itemLine(last.text, 0) : null;
  if (!read) return null;
  // "z. B. Trommel, Gitarre, Klingel (je 1)": the "z. B." before the first item and the bare mark after the
  // last are no part of them
  const found = {
    ...read,
    items: read.items.map((item) => ({
      ...item,
      text: item.text
        .replace(/^(?:z\.\s?B\.|zum Beispiel|e\.\s?g\.|u\.\s?a\.)\s*/i, '')
        .replace(/\s*\((?:je\s+)?\d+(?:[.,]\d+)?\)\s*$/, ''),
    })),
  };
  // the solutions of a cloze whose blanks stand in the task: in the order of the blanks
  const blanks = question.match(blankPattern)?.length ?? 0;
  const key = blanks === found.items.length ? { ...found, ordered: true } : found;
  // the whole key is that list, or a text above it whose blanks it fills
  if (!key.ordered && keyLines.length > 1) return null;
  const student = lines(answer)
    .map((l) => itemLine(l.text, l.start))
    .find((l) => l !== null && (!key.ordered || l.items.length === key.items.length));
  if (!student) return null;
  // a list answer is mostly its list: an essay whose name line ("Hannah Wolf, 8a") looks like one is prose
  const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
  const listed = student.items.reduce((sum, item) => sum + words(item.text), 0);
  if (words(answer) > 3 * listed + 20) return null;
  if (orderAsked.test(question)) {
    const order = scoreOrder(key.items, student.items, answer, keyText, max);
    if (order) return order;
  }
  // "(je 1 P, max. 3 P)": each item its points, up to the task's maximum; else the maximum shared
  const each = findPointMarks(keyText).find((m) => m.each || m.eachPart !== undefined);
  const chosen = choiceOf(keyText) ?? countAsked(question);
  const per = each
    ? (each.eachPart ?? each.value)
    : chosen !== null && chosen < key.items.length
      ? max / chosen
      : max / key.items.length;
  // how many items the task asks for: all, or as many as the maximum pays for
  const asked = Math.min(key.items.length, Math.round(max / per));
  const findings: Finding[] = [];
  let right = 0;
  if (key.ordered) {
    key.items.forEach((expected, i) => {
      const given = student.items[i]!;
      if (compareBlank(expected.text, given.text) !== 'wrong') {
        right++;
        return;
      }
      findings.push({
        kind: 'wrong',
        title: `Lücke ${i + 1} falsch`,
        details: `Lücke ${i + 1}: „${given.text}“ ist falsch, richtig ist „${expected.text}“.`,
        suggestion: expected.text,
        severity: 'moderate',
        start: given.start,
        end: given.start + given.text.length,
        quoted: given.text,
        deduction: per,
      });
    });
  } else {
    const unused = [...key.items];
    for (const given of student.items) {
      const i = unused.findIndex((expected) => sameThing(expected.text, given.text));
      if (i >= 0) {
        unused.splice(i, 1);
        right++;
        continue;
      }
      if (right + findings.length >= asked) continue; // more named than asked: not charged
      findings.push({
        kind: 'wrong',
        title: 'Falsch genannt',
        details: `„${given.text}“ gehört nicht dazu.`,
        suggestion: unused.map((u) => u.text).join(', '),
        severity: 'moderate',
        start: given.start,
        end: given.start + given.text.length,
        quoted: given.text,
        deduction: per,
      });
    }
  }
  return {
    achieved: Math.min(max, Math.round(Math.min(right, asked) * per * 2) / 2),
    max,
    findings,
    feedback:
      asked < key.items.length
        ? `${Math.min(right, asked)} von ${countOf(asked, 'verlangten Begriff', 'verlangten Begriffen')} richtig (${key.items.length} wären möglich).`
        : `${Math.min(right, asked)} von ${key.ordered ? countOf(asked, 'Lücke', 'Lücken') : countOf(asked, 'Begriff', 'Begriffen')} richtig.`,
  };
}

type Labelled = { label: string; text: string };

/** "Lösung: 1 – B, 2 – A, 3 – D", "1B 2C 3A 4D 5E": the solution of a matching task as number → letter. */
const solutionPairs = /(?<![\p{L}\d])(\d{1,2})\s*[.):]?\s*(?:[–—-]+>?|→|:|=)?\s*([A-H])(?![\p{L}\d])/gu;

/**
 * A matching task whose key lists the numbered items and the lettered options ("1 Trompete   2 Cello",
 * "A Holzblasinstrumente   B Blechblasinstrumente", or one row of each per line) and gives the solution as
 * "1B 2C …": the pairs by their texts, so that a pupil who writes the option's text instead of its letter
 * ("Trompete – Blechblasinstrument") is read as well as one who writes "1 B".
 */
function keyMatching(keyText: string): { left: Labelled; right: Labelled }[] | null {
  const rows = keyText.split('\n');
  const solutionRow = rows.findLastIndex((r) => [...r.matchAll(solutionPairs)].length >= 2);
  if (solutionRow < 0) return null;
  const solution = [...rows[solutionRow]!.matchAll(solutionPairs)];
  // the row must be the solution and nothing else: "Lösung:" and the pairs
  if (rows[solutionRow]!.replace(solutionPairs, '').replace(/\([^()]*\)|Lösungs?\s*:|[\s,;]/giu, '') !== '')
    return null;
  // the labels in order, 1, 2, 3 … and A, B, C …, wherever they stand (a row each, a table, or run together
  // in one line as the task's text arrives); each label's text runs up to the next label
  const text = rows.slice(0, solutionRow).join('\n');
  const labels: { label: string; start: number; end: number }[] = [];
  let number = 1;
  let letter = 'A';
  for (const m of text.matchAll(/(?<![\p{L}\d-])(\d{1,2}|[A-H])[.):]?\s+(?=\p{L})/gu)) {
    if (m[1] === String(number)) number++;
    else if (m[1] === letter) letter = String.fromCharCode(letter.charCodeAt(0) + 1);
    else continue;
    labels.push({ label: m[1]!, start: m.index, end: m.index + m[0].length });
  }
  const numbered = new Map<string, string>();
  const lettered = new Map<string, string>();
  labels.forEach((l, i) => {
    const until = labels[i + 1]?.start ?? text.length;
    const value = text
      .slice(l.end, until)
      .split(/\n|\t|\s{2,}/)[0]!
      .trim();
    (/\d/.test(l.label) ? numbered : lettered).set(l.label, value);
  });
  const pairs = solution.map((m) => ({
    left: { label: m[1]!, text: numbered.get(m[1]!) ?? '' },
    right: { label: m[2]!, text: lettered.get(m[2]!) ?? '' },
  }));
  return pairs.every((p) => p.left.text && p.right.text) ? pairs : null;
}

/**
 * A matching key that writes each pair whole, both sides with their labels: "1 Emulsion – B Milch; 2 Suspension
 * – D Lehmwasser; …", one a line or run together. At least two such pairs, numbered 1, 2, 3 … in order.
 */
function keyWrittenPairs(keyText: string): { left: Labelled; right: Labelled }[] | null {
  const pattern =
    /(?<![\p{L}\d])(\d{1,2})[.)]?\s+([^–—;\n\d]+?)\s+(?:[–—-]+>?|→|=)\s+([A-H])[.)]?\s+([^;\n]+?)\s*(?=;|\n|$)/gu;
  const pairs = [...keyText.matchAll(pattern)].map((m) => ({
    left: { label: m[1]!, text: m[2]!.trim() },
    right: { label: m[3]!, text: m[4]!.replace(/\s*\([^()]*\)\s*$/, '').trim() },
  }));
  if (pairs.length < 2 || pairs.some((p, i) => p.left.label !== String(i + 1))) return null;
  return pairs;
}

/** Each pair of a matching key, by its labels ("3 D", "3 – D") or by its texts ("Leibeigene: abhängige Bauern"). */
function scoreMatchingKey(
  pairs: { left: Labelled; right: Labelled }[],
  answer: string,
  max: number,
): ClosedResult | null {
  const byLabel = new Map<string, { letter: string; start: number; text: string }>();
  for (const m of answer.matchAll(solutionPairs))
    if (!byLabel.has(m[1]!)) byLabel.set(m[1]!, { letter: m[2]!, start: m.index, text: m[0] });
  const answerLines = lines(answer);
  const per = max / pairs.length;
  const findings: Finding[] = [];
  let right = 0;
  let answered = 0;
  for (const { left, right: option } of pairs) {
    const given = byLabel.get(left.label);
    // the pupil's line that names the item: its text, then the option's (by its text or its letter)
    const line = answerLines.find((l) => {
      const sides = split(l.text, l.start, pairSeparator);
      return sides.length >= 2 && sameThing(left.text, sides[0]!.text);
    });
    const sides = line ? split(line.text, line.start, pairSeparator) : [];
    // "1 At my grandma's, 2 Pizza": the item's number and the option's text
    const numbered = new RegExp(String.raw`(?<![\p{L}\d])${left.label}[.):]?\s+([^,;\n]+)`, 'u').exec(answer);
    const chosen =
      given?.letter ??
      (line
        ? sides
            .slice(1)
            .map((x) => x.text)
            .join(' ')
        : (numbered?.[1]!.trim() ?? null));
    if (chosen === null) {
      findings.push({
        kind: 'missing',
        title: 'Zuordnung fehlt',
        details: `Für „${left.text}“ fehlt die Zuordnung.`,
        suggestion: `${left.label} – ${option.label} (${left.text} – ${option.text})`,
        severity: 'moderate',
        start: 0,
        end: 0,
        quoted: '',
        deduction: per,
      });
      continue;
    }
    answered++;
    if (chosen === option.label || sameThing(option.text, chosen) || sameThing(chosen, option.text)) {
      right++;
      continue;
    }
    const where =
      given ??
      (line ? { start: line.start, text: line.text } : { start: numbered!.index, text: numbered![0] });
    findings.push({
      kind: 'wrong',
      title: 'Falsche Zuordnung',
      details: `„${left.text}“ gehört zu ${option.label} („${option.text}“).`,
      suggestion: `${left.label} – ${option.label} (${left.text} – ${option.text})`,
      severity: 'moderate',
      start: where.start,
      end: where.start + where.text.length,
      quoted: where.text,
      deduction: per,
    });
  }
  if (answered === 0) return null;
  return pairsResult(right, pairs.length, max, findings);
}

/** "(1) se levantó tarde. Después (2) desayunó …": the numbered gaps of a text the key writes completed. */
const gapInText = /\((\d{1,2})\)\s+([^()\n]+)/gu;

/**
 * A cloze whose key is the text completed, each gap numbered where it begins („El sábado pasado Marta (1) se
 * levantó tarde. Después (2) desayunó …“), answered gap by gap („(1) se levantó (2) desayunó …“): each
 * answer must be the words that follow its number in the key, as many as the pupil wrote. A wrong accent
 * alone costs half the gap. Null unless the key numbers three gaps or more from (1) in order and the pupil
 * answers by those numbers.
 */
function scoreCompletedText(keyText: string, answer: string, max: number): ClosedResult | null {
  const prose = withoutPointMarks(keyText);
  // the gaps in order from (1); a number after them belongs to a note („bei (1) ohne „se“: ½“)
  const all = [...prose.matchAll(gapInText)];
  const run = all.findIndex((g, i) => Number(g[1]) !== i + 1);
  const gaps = run < 0 ? all : all.slice(0, run);
  if (gaps.length < 3) return null;
  // the key's text around the gaps: the prose a gap sits in, no list of solutions („(1) Wolf (2) Rudel“)
  // and no printed blanks („(1) ______“, their solutions listed apart)
  if (gaps.filter((g) => /^\S+\s*$/.test(g[2]!)).length > gaps.length / 2) return null;
  if (/_{2,}/.test(prose)) return null;
  const given = new Map<string, { text: string; start: number }>();
  for (const m of answer.matchAll(/\((\d{1,2})\)\s*([^()\n]*?)\s*(?=\(\d{1,2}\)|\n|$)/gu))
    if (m[2]!.trim()) given.set(m[1]!, { text: m[2]!.trim(), start: m.index + m[0].indexOf(m[2]!.trim()) });
  if (given.size < 2) return null;
  const per = max / gaps.length;
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  const plain = (s: string) => foldForComparison(s).normalize('NFD').replace(/\p{M}/gu, '').trim();
  const findings: Finding[] = [];
  let points = 0;
  for (const gap of gaps) {
    const written = given.get(gap[1]!);
    const keyWords = words(gap[2]!.replace(/[.,;:!?¿¡"„“”]+(?=\s|$)/g, ''));
    const count = written ? Math.min(words(written.text).length, keyWords.length) : 0;
    const expected = keyWords.slice(0, Math.max(1, count)).join(' ');
    const right = written ? foldForComparison(written.text) === foldForComparison(expected) : false;
    const accent = written && !right && plain(written.text) === plain(expected);
    if (right) {
      points += per;
      continue;
    }
    if (accent) points += per / 2;
    findings.push({
      kind: written ? 'wrong' : 'missing',
      title: written ? (accent ? 'Akzent fehlt oder falsch' : 'Falsche Form') : 'Lücke nicht ausgefüllt',
      details: `Lücke ${gap[1]}: richtig ist „${expected}“.`,
      suggestion: expected,
      severity: accent ? 'minor' : 'moderate',
      start: written?.start ?? 0,
      end: written ? written.start + written.text.length : 0,
      quoted: written?.text ?? '',
      deduction: accent ? per / 2 : per,
    });
  }
  const right = gaps.length - findings.length;
  return {
    achieved: Math.round(points * 2) / 2,
    max,
    findings,
    feedback: `${right} von ${countOf(gaps.length, 'Lücke', 'Lücken')} richtig.`,
  };
}

/** A key of pairs or short items scored item by item, or null when key or answer are not of that form. */
export function scoreKeyList(
  keyText: string,
  answer: string,
  max: number,
  question = '',
): ClosedResult | null {
  const matching = keyMatching(`${question}\n${keyText}`) ?? keyWrittenPairs(keyText);
  if (matching) return scoreMatchingKey(matching, answer, max);
  const completed = scoreCompletedText(`${question}\n${keyText}`, answer, max);
  if (completed) return completed;
  const pairs = keyPairs(keyText);
  if (pairs) return scorePairs(pairs, answer, max);
  return scoreItems(keyText, answer, max, question);
}
