/**
 * Point marks as teachers write them in a test sheet or an Erwartungshorizont: "(2 P)", "(0,5 Punkte)",
 * "(1 Pkt.)", "(3 BE)", "(2 VP)", "[3 P.]", "[2]", "– 3 Pkt." or "  4 VP" at the end of a line, "/4" or
 * "___ / 4" at the end of a line, and groups with a note: "(3 P; je vertauschtes Paar 1 P Abzug)",
 * "(5 Punkte, je 1)", "(je 1 P)", "(Initialisierung 1 BE, Schleife 1 BE)"; a score field ending a line
 * ("Punkte: 3", "Wertung: 4", "Bewertung: 6 Punkte (je Art 2)"); and the units of English and French keys
 * ("6 marks", "…… 8 points").
 */
export type PointMark = {
  /** where the mark stands in the text it was read from */
  start: number;
  end: number;
  /** the points the mark gives (for a "je" mark: per item) */
  value: number;
  /** "(je 1 P)", "(jeder richtige Satz 1 Punkt)": the value is per item of what the mark follows */
  each: boolean;
  /** "(5 Punkte, je 1)": a total that also says what each part is worth */
  eachPart?: number;
  /** "(Initialisierung 1 BE, Schleife 1 BE)": marks that name their own aspect inside the brackets */
  named?: { text: string; value: number }[];
  /** "(2)" at the end of a line: a mark only when a key's sums agree (see the caller) */
  weak: boolean;
  /** "2 P – Wetter: …", "(2 P) Klima: …": the mark opens its line, and the aspect follows it */
  leading?: boolean;
  /** "Wertung: 4", "Bewertung: 6 Punkte (…)": a score field, whose label is part of the mark */
  field?: boolean;
  /** "Bewertung: 2 + 2 + 3 = 7 P": the field's sum, its parts' points in order */
  parts?: number[];
};

const num = String.raw`\d+(?:[.,]\d+)?`;
/**
 * the point units, with those of English, French and Spanish keys ("marks", "points", "ptos."); "P" must
 * not be the start of a word ("Pflanze", "P(X = 2)")
 */
export const pointUnit = String.raw`(?:Punkte?|Pkte?\.?|Pkt\.?|P\.?|BE|VP|VE|pts?\.?|ptos?\.?|puntos?|[Pp]oints?|[Mm]arks?)(?![\p{L}(])`;
const unit = pointUnit;
const valued = new RegExp(String.raw`(${num})\s*${unit}`, 'u');
/** the unit as a field's name before its number ("Punkte: 2", "[Pkte.: 4]") */
const unitWord = String.raw`(?:Punkte|Punktzahl|Pkte?\.?|BE|VP|VE)`;
/**
 * a score field's name: the unit, or the word a form writes over a task's points ("Wertung: 4",
 * "Punktwert: 5", "erreichbar: 6")
 */
const fieldWord = String.raw`(?:Punkte|Punktzahl|Punktwert|Teilpunkte|Pkte?\.?|BE|VP|VE|Wertung|Bewertung|erreichbar|Score|Marks|barème|Puntuación)`;

/** the word before a total among a group's parts: "zusammen 4 P", "max. 4 P", "insgesamt 4 P" */
const totalWord = /(?:zusammen|insgesamt|gesamt|max\.?|maximal|höchstens)\s*$/i;

export function parsePointNumber(s: string): number {
  return Number(s.replace(',', '.'));
}

function readGroup(inner: string, start: number, end: number): PointMark | null {
  // "1,5 P" is one number: split at a comma only where no digit follows
  const parts = inner.split(/;|,(?!\d)/).map((p) => p.trim());
  const values = parts
    .map((p) => ({ p, m: valued.exec(p) }))
    .filter((x): x is { p: string; m: RegExpExecArray } => x.m !== null);
  const eachMatch = new RegExp(String.raw`\bje\b[^\d]*(${num})`, 'u').exec(inner);
  if (values.length === 0) {
    // "(3; 1 Fehler = 2, 2 Fehler = 1)", "(je 1; bei falsch nur mit Verbesserung)": bare points, and after
    // the semicolon a note on how to give them; "(1, Differenz bilden, Folgefehler werden gewertet)": the
    // bare points first, the note after a comma
    const noted =
      /^([^;]*\d[^;]*);(?=.*\p{L})/u.exec(inner) ?? /^(\s*\d+(?:[.,]\d+)?\s*),(?=\s*\p{L})/u.exec(inner);
    if (noted) {
      const mark = readGroup(noted[1]!, start, end);
      if (mark?.weak) return mark;
    }
    // "(Punkte: 2)", "[BE: 3]": the unit named first, as on a form's points field
    const unitFirst = new RegExp(String.raw`^\s*${unitWord}\s*:\s*(${num})\s*$`, 'u').exec(inner);
    if (unitFirst) return { start, end, value: parsePointNumber(unitFirst[1]!), each: false, weak: false };
    // "(je 1)", "(je 2 = 6)": what each item is worth (and their total), without a unit: weak like "(2)"
    const eachBare = new RegExp(String.raw`^\s*je\s+(${num})(?:\s*=\s*(${num}))?\s*$`, 'u').exec(inner);
    if (eachBare)
      return eachBare[2] !== undefined
        ? { start, end, value: parsePointNumber(eachBare[2]), each: false, weak: true }
        : { start, end, value: parsePointNumber(eachBare[1]!), each: true, weak: true };
    // "(1 each, did + infinitive needed)": what each item is worth, in an English key
    const eachAfter = new RegExp(String.raw`^\s*(${num})\s+each\b`, 'u').exec(inner);
    if (eachAfter) return { start, end, value: parsePointNumber(eachAfter[1]!), each: true, weak: true };
    // "[2]", "(5 Punkte, je 1)" has a unit; a bare "[2]" is a mark, a bare "(2)" only a weak one
    const bare = new RegExp(String.raw`^\s*(${num})\s*$`, 'u').exec(inner);
    return bare ? { start, end, value: parsePointNumber(bare[1]!), each: false, weak: true } : null;
  }
  // "(Initialisierung 1 BE, Schleife 1 BE)": several parts, each naming what it rewards
  const named = values.filter((v) => /\p{L}{3,}/u.test(v.p.slice(0, v.m.index)));
  if (named.length >= 2 && named.length === values.length && !/^\s*je\b/.test(inner)) {
    const items = named.map((v) => ({
      text: v.p.slice(0, v.m.index).trim(),
      value: parsePointNumber(v.m[1]!),
    }));
    return {
      start,
      end,
      value: items.reduce((s, x) => s + x.value, 0),
      each: false,
      named: items,
      weak: false,
    };
  }
  // "(8 marks: content 4, language 4)", "(6 P: Inhalt 3, Sprache 3)": a total, and after a colon its criteria
  // with their points, which add up to it
  const criteriaTotal = new RegExp(String.raw`^\s*(${num})\s*${unit}\s*:\s*(.+)$`, 'u').exec(inner);
  if (criteriaTotal) {
    const items = criteriaTotal[2]!
      .split(/\s*[,;]\s*/)
      .map((p) => new RegExp(String.raw`^(\p{L}[\p{L}/ -]{1,40}?)\s+(${num})(?:\s*${unit})?$`, 'u').exec(p));
    const total = parsePointNumber(criteriaTotal[1]!);
    if (items.length >= 2 && items.every((m) => m !== null)) {
      const named = items.map((m) => ({ text: m![1]!.trim(), value: parsePointNumber(m![2]!) }));
      if (Math.abs(named.reduce((sum, x) => sum + x.value, 0) - total) < 1e-9)
        return { start, end, value: total, each: false, named, weak: false };
    }
  }
  const first = values[0]!;
  // "(8 x 1 pto.)", "(4 × 2 P)": so many items, each worth the points; the product is the total
  const product = new RegExp(String.raw`^\s*(\d{1,2})\s*[x×·]\s*$`, 'u').exec(
    first.p.slice(0, first.m.index),
  );
  if (product && values.length === 1) {
    const per = parsePointNumber(first.m[1]!);
    return { start, end, value: Number(product[1]) * per, each: false, eachPart: per, weak: false };
  }
  // "(je 1 P, zusammen 4 P)": the total, and what each part is worth
  const total = values.find((v) => totalWord.test(v.p.slice(0, v.m.index)));
  if (total && eachMatch)
    return {
      start,
      end,
      value: parsePointNumber(total.m[1]!),
      each: false,
      eachPart: parsePointNumber(eachMatch[1]!),
      weak: false,
    };
  // "(je 1 P)", "(jeder richtige Satz 1 Punkt)", "(je Merkmal 1 P., max. 3 P.)", "(1 pt each)": per item
  // "(1 point par forme)", "(1 P pro Form)", "(1 mark per item)" too
  const each =
    /^\s*je(?:de[rsm]?)?\b/i.test(first.p.slice(0, first.m.index)) ||
    /^\s*(?:each|par|per|pro)\b/i.test(first.p.slice(first.m.index + first.m[0].length));
  const mark: PointMark = { start, end, value: parsePointNumber(first.m[1]!), each, weak: false };
  if (!each && eachMatch && eachMatch.index > first.m.index) mark.eachPart = parsePointNumber(eachMatch[1]!);
  return mark;
}

/**
 * The marks without a line's closing sum: "→ 1,025^n = 2 (1) → n = … (2) → nach 29 Jahren (1)   (4)", the
 * steps' marks and, set off to the right at the line's end, their sum, which is no step of its own.
 */
export function withoutClosingSums(text: string, marks: PointMark[]): PointMark[] {
  return marks.filter((mark) => {
    const line = text.lastIndexOf('\n', mark.start - 1) + 1;
    const before = marks.filter((m) => m !== mark && m.start >= line && m.end <= mark.start);
    if (before.length < 2 || !setOffAtLineEnd(text, mark)) return true;
    const sum = before.reduce((s, m) => s + m.value, 0);
    return Math.abs(sum - mark.value) >= 1e-9;
  });
}

/**
 * Whether a mark closes its line, set off to the right by three spaces or a tab, as a key's column of sums
 * writes it ("… [1 BE]      3 BE"); the mark's own span may begin with those spaces.
 */
export function setOffAtLineEnd(text: string, mark: PointMark): boolean {
  const line = text.lastIndexOf('\n', mark.start - 1) + 1;
  const lineEnd = text.indexOf('\n', mark.end);
  if (text.slice(mark.end, lineEnd < 0 ? text.length : lineEnd).trim() !== '') return false;
  const before = text.slice(line, mark.start) + /^\s*/.exec(text.slice(mark.start, mark.end))![0];
  return /(?:[ ]{3,}|\t)[ \t]*$/.test(before);
}

/** the words of a note on a partial or faulty answer, in the mark's own brackets */
const partialCue =
  /(?:^|[^\p{L}])(?:nur|falsch|vertauscht|fehlt|fehlen|ohne|statt|anstelle|angegeben|teilweise|unvollständig|only|wrong|missing|without|seulement|faux|solo)(?![\p{L}])/iu;
/**
 * the same on the mark's line, only the words that name a fault: "Ohne Licht keine Fotosynthese: 1 P" and
 * "Nur Pflanzen …: 1 P" are solutions, "wird SB als Flussbreite angegeben: 2 BE" a partial answer
 */
const faultCue =
  /(?:^|[^\p{L}])(?:falsch|vertauscht|fehlt|fehlen|angegeben|teilweise|unvollständig|wrong|missing|faux)(?![\p{L}])/iu;

/**
 * "(nur SB' = 7,5 cm angegeben: 2 BE)", "wird SB als Flussbreite angegeben: 2 BE", "(Reihenfolge vertauscht:
 * 1 P)": the points a partial or faulty answer earns instead of the full ones, no points of their own. The
 * note names the answer before a colon, in the mark's brackets or on its line; a score field ("Punkte: 2")
 * is never such a note.
 */
function isPartialCredit(text: string, mark: PointMark): boolean {
  if (mark.field) return false;
  const own = text.slice(mark.start, mark.end);
  // what stands before the number that gives the mark's points ("(nur SB' = 7,5 cm angegeben: 2 BE)"; in
  // "(2; eine fehlt oder falsch: 1)" the points come first, and the note after them is the partial credit)
  const number = [...own.matchAll(/\d+(?:[.,]\d+)?/g)].find((n) => parsePointNumber(n[0]) === mark.value);
  const at = number?.index ?? Math.max(0, own.search(/\d/));
  if (/^[([]/.test(own)) {
    const inside = own.slice(1, at);
    return /:\s*$/.test(inside) && partialCue.test(inside);
  }
  const line = text.slice(text.lastIndexOf('\n', mark.start - 1) + 1, mark.start) + own.slice(0, at);
  return /:\s*$/.test(line) && faultCue.test(line);
}

/** All point marks of one line (or a short text), in order. */
export function findPointMarks(text: string): PointMark[] {
  const marks: PointMark[] = [];
  for (const m of text.matchAll(/[([]([^()[\]\n]*)[)\]]/g)) {
    const mark = readGroup(m[1]!, m.index, m.index + m[0].length);
    if (!mark) continue;
    // "liste[0]", "f(2)": a bare number right after a word is an index or an argument
    if (mark.weak && (/\S$/.test(text.slice(0, m.index)) || mark.value === 0)) continue;
    // a bare "[2]" is a mark; a bare "(2)" only at the end of a line or sentence, before ";" / "," or before
    // the next aspect of an enumeration ("Kohlenstoffdioxid (1) und Wasser (1)"), or before the ":" of its
    // explanation ("false (1): he dropped out (1)"), or before the dash of its explanation ("Pharao (1) –
    // gilt als Gott"), before the arrow of its consequence ("2 Halbwertszeiten (1) → Alter …"), before the
    // line's closing sum ("nach 29 Jahren (1)   (4)"), or before
    // the lower-case words that go on with the next element ("Nullrate (1) durch Umgebungsstrahlung (1)"), or
    // before the bracketed sum closing its line ("… lässt nach (1)   [Pkte.: 4]")
    if (mark.weak && m[0].startsWith('[')) mark.weak = false;
    else if (
      mark.weak &&
      !/^\s*(?:$|[;,:\n]|\.\s*(?:$|\n)|(?:und|oder|sowie)\s|[–—]\s|[→⇒≈]|\(\d+(?:[.,]\d+)?\)|\[[^[\]\n]*\][ \t]*(?:\n|$)|\p{Ll}{2,}\s+\p{L})/u.test(
        text.slice(mark.end),
      )
    )
      continue;
    marks.push(mark);
  }
  const covered = (i: number) => marks.some((k) => i >= k.start && i < k.end);
  const overlaps = (start: number, end: number) => marks.some((k) => start < k.end && k.start < end);
  // a note in brackets after a mark that ends a line ("3 P (je 1)", "Bewertung: 6 Punkte (je Art 2)") is
  // the mark's own; a bracket that is a mark itself ("2 P (je 1 P)") is not
  const note = String.raw`(?:[ \t]*\([^()\n]*\))?`;
  // at the end of a line: "max. 4 P, je Aspekt 1 P" (the total, and what each part is worth) and the
  // score field of a form, "Punkte: 2", "BE: 3", "Wertung: 4", "Bewertung: 6 Punkte"
  const lineEndTotals = [
    // "— max. 4" closing a rubric's line: the requirement's points, as a Bewertungsbogen writes them
    // or set off by two spaces or a tab ("Nenne die drei Grundfarben.   max. 3")
    String.raw`(?:^|\s[–—-]|[ \t]{2}|\t)\s*(?:max\.|maximal|höchstens)\s*(${num})(?:\s*${unit})?[ \t]*(?=\n|$)`,
    String.raw`(?:^|[\s–—-])(?:max\.?|maximal|höchstens|insgesamt|zusammen)\s*(${num})\s*${unit}\s*[,;]\s*je\b[^\d\n]*(${num})\s*(?:${unit})?[ \t]*(?=\n|$)`,
    // "Bewertung: 2 + 2 + 3 = 7 P", "Teilpunkte: 1 + 1 + 1 = 3": the total, and the parts' points in order
    // "Punkte: __ von 4": a blank for the pupil's points before the task's
    String.raw`(?:^|[\s–—-])${fieldWord}\s*:\s*(?:_+\s*von\s*)?(?:(${num}(?:\s*\+\s*${num})*)\s*=\s*)?(${num})(?:\s*${unit})?(?:\s*von\s*${num}(?:\s*${unit})?)?${note}[ \t]*(?=\n|$)`,
  ];
  for (const [k, pattern] of lineEndTotals.entries()) {
    for (const m of text.matchAll(new RegExp(pattern, 'gu'))) {
      const start = m.index + m[0].search(/\S/);
      if (covered(start) || overlaps(start, m.index + m[0].length)) continue;
      const field = k === 2;
      marks.push({
        start: dashStart(text, start),
        end: m.index + m[0].length,
        value: parsePointNumber((field ? m[2] : m[1])!),
        each: false,
        ...(k === 1 && m[2] !== undefined ? { eachPart: parsePointNumber(m[2]) } : {}),
        ...(field && m[1] !== undefined
          ? { parts: m[1].split('+').map((p) => parsePointNumber(p.trim())) }
          : {}),
        weak: false,
        ...(field ? { field: true } : {}),
      });
    }
  }
  // "Puntuación: 4 – contenido 2 (…), lengua 2 (…)": a score field opening its line, what the points are
  // given for after a dash
  for (const m of text.matchAll(
    new RegExp(
      String.raw`^[ \t]*${fieldWord}\s*:\s*(${num})(?:\s*${unit})?(?=[ \t]+[–—-][ \t]+\p{L})`,
      'gmu',
    ),
  )) {
    const start = m.index + m[0].search(/\S/);
    if (covered(start) || overlaps(start, m.index + m[0].length)) continue;
    const value = parsePointNumber(m[1]!);
    // its parts named with bare points outside their notes ("contenido 2 (…), lengua 4 (…)"), up to the
    // paragraph's end, where they add up to the field
    const rest = text
      .slice(m.index + m[0].length)
      .split(/\n[ \t]*\n/)[0]!
      .replace(/\([^()]*\)/g, ' ');
    const named = [
      ...rest.matchAll(
        /(?:^|[,;–—-])\s*(\p{L}[\p{L}-]*(?:\s\p{L}[\p{L}-]*)?)\s+(\d+(?:[.,]\d+)?)(?=\s*(?:[,;]|$))/gu,
      ),
    ].map((p) => ({ text: p[1]!, value: parsePointNumber(p[2]!) }));
    const sum = named.reduce((t, p) => t + p.value, 0);
    marks.push({
      start,
      end: m.index + m[0].length,
      value,
      each: false,
      weak: false,
      field: true,
      ...(named.length >= 2 && Math.abs(sum - value) < 1e-9 ? { named } : {}),
    });
  }
  // "☐ Begriff von Leibniz (1710) ........ 1": a bare number after a dotted leader at the line's end, the
  // points column of a checklist
  for (const m of text.matchAll(/(?:\.{4,}|(?<=\s)\.{3}|…{2,})[ \t]*(\d+(?:[.,]\d+)?)[ \t]*(?=\n|$)/gu)) {
    const start = m.index;
    const end = m.index + m[0].length;
    if (covered(start) || overlaps(start, end)) continue;
    marks.push({ start, end, value: parsePointNumber(m[1]!), each: false, weak: false });
  }
  // "– 3 Pkt.", "  4 VP", "2 Punkte", "…… 6 points", "3 P (je 1)" at the end of a line; "2 Pkt. (je 1 Pkt.
  // für Breite und Länge)": the total, and in its note what each part is worth
  for (const m of text.matchAll(
    new RegExp(String.raw`(?:^|[\s–—-])(${num})\s*${unit}(${note})[ \t]*(?=\n|$)`, 'gu'),
  )) {
    const start = m.index + m[0].indexOf(m[1]!);
    const end = m.index + m[0].length;
    if (covered(start)) continue;
    const inNote = marks.filter((k) => start < k.end && k.start < end);
    const noteStart = end - m[2]!.trimStart().length;
    const ownNote = inNote.length === 1 && inNote[0]!.start >= noteStart;
    const eachNote = ownNote && inNote[0]!.each;
    // "2 P. (1 P. bei einem Vertauschungsfehler)": the note gives partial credit, the points are before it
    const partialNote =
      ownNote && /\b(?:bei|wenn|falls|sofern|if)\b/i.test(text.slice(inNote[0]!.start, inNote[0]!.end));
    if (inNote.length > 0 && !eachNote && !partialNote) continue;
    if (eachNote || partialNote) marks.splice(marks.indexOf(inNote[0]!), 1);
    // "Kosten, Zeit, Vereinbarkeit      je 1 P.": what each item of the line is worth
    const je = /\bje[ \t]+$/.exec(text.slice(0, start));
    marks.push({
      start: je ? je.index : dashStart(text, start),
      end,
      value: parsePointNumber(m[1]!),
      each: je !== null,
      ...(eachNote ? { eachPart: inNote[0]!.value } : {}),
      weak: false,
    });
  }
  // "/4", "___ / 4" at the end of a line, also with a note ("Score: ___ / 6 (1 per item)") or a unit
  // ("barème : / 8 points"); a fraction "5/7" is not a mark. A form's field before it ("Score: ___") is part
  // of the mark.
  for (const m of text.matchAll(
    new RegExp(String.raw`(?:^|[\s_])\/\s*(${num})(?:\s*${unit})?(${note})[ \t]*(?=\n|$)`, 'gu'),
  )) {
    let start = m.index + m[0].indexOf('/');
    const end = m.index + m[0].length;
    // "/ 8 points" was read as "8 points" above: the slash and its field take the mark over
    const inside = marks.filter((k) => k.start >= start && k.end <= end && !k.weak && !k.each);
    if (inside.length === 1 && !m[2]) marks.splice(marks.indexOf(inside[0]!), 1);
    if (covered(start) || (m[2] && overlaps(start, end))) continue;
    const field = new RegExp(String.raw`${fieldWord}\s*:\s*_*\s*$`, 'u').exec(text.slice(0, start));
    if (field) start = field.index;
    marks.push({
      start,
      end,
      value: parsePointNumber(m[1]!),
      each: false,
      weak: false,
      ...(field ? { field: true } : {}),
    });
  }
  // "2 P – Wetter: kurzfristig", "- 1 P: Klima"
  for (const m of text.matchAll(
    new RegExp(
      String.raw`^[ \t]*(?:[-*•–][ \t]*)?(${num})\s*${unit}(?=[ \t]*[:–—-][ \t]*\S|[ \t]+\p{L})`,
      'gmu',
    ),
  )) {
    const start = m.index + m[0].indexOf(m[1]!);
    if (!covered(start))
      marks.push({
        start,
        end: m.index + m[0].length,
        value: parsePointNumber(m[1]!),
        each: false,
        weak: false,
      });
  }
  for (const mark of marks) {
    const lineStart = text.lastIndexOf('\n', mark.start - 1) + 1;
    const lineEnd = text.indexOf('\n', mark.end);
    const before = text.slice(lineStart, mark.start);
    const after = text.slice(mark.end, lineEnd < 0 ? text.length : lineEnd);
    if (/^[ \t]*(?:[-*•–][ \t]*)?$/.test(before) && /\p{L}/u.test(after)) mark.leading = true;
  }
  return marks.filter((mark) => !isPartialCredit(text, mark)).sort((a, b) => a.start - b.start);
}

/** A mark written after a dash ("… – 3 Pkt.") or a dotted leader ("…… 6 points") takes it with it. */
function dashStart(text: string, start: number): number {
  // "– 3 Pkt.", "…… 6 points", "Σ 4 WE", "Σ = 4", "→ 2 P": the sign before the number belongs to the mark
  const before = /\s*(?:[–—-]|[.…]{2,}|Σ\s*=?|→)?\s*$/.exec(text.slice(0, start));
  return before ? start - before[0].length : start;
}

/**
 * The text with its point marks removed and white space tidied. A note in the mark's brackets after a dash
 * or semicolon that gives no points ("(je 1 P. – Rechtschreibung zählt)") is the key's rule for the task
 * and stays, in brackets.
 */
export function withoutPointMarks(text: string): string {
  let out = '';
  let last = 0;
  for (const m of findPointMarks(text)) {
    if (m.weak) continue;
    out += text.slice(last, m.start);
    last = m.end;
    const note = /^\([^()]*?(?:\s[–—]\s|;)\s*([^()\d]*\p{L}[^()\d]*)\)$/u.exec(text.slice(m.start, m.end));
    if (note) out += ` (${note[1]!.trim()})`;
  }
  return (out + text.slice(last))
    .replace(/[ \t]+/g, ' ')
    .replace(/[ \t]+([,.;:])/g, '$1')
    .trim();
}

/**
 * "Gesamt: 30 P", "Summe\t\t16", "Total: 20 VP", "Insgesamt 40 Punkte", "Σ 20", "Gesamtwertung: 14",
 * "Total ………… 18 points", "Punkte gesamt: 18", "Gesamtpunktwert: 20", "Total score: ___ / 18",
 * "Gesamt [Pkte.: 15]", "erreichbar insgesamt: 15", "Gesamtpunktzahl max. 15", "Gesamtpunktzahl: __ von 20"
 * (not "Insgesamt 3 Äpfel …")
 */
const totalWords = String.raw`(?:(?:Gesamt(?:punkt(?:zahl|e|wert|summe)|wertung|summe)?|Summe|Total(?:\s+score)?|Insgesamt|Zusammen|Gesamtpunkte|(?:Punkte|Punktzahl|erreichbar)\s+(?:gesamt|insgesamt))\b|Σ)`;
const totalLine = new RegExp(
  String.raw`^\s*${totalWords}[\s:=(/.…_\[]*(?:Σ\s*=?\s*)?(?:${unitWord}\s*:\s*)?(?:(?:max\.?|maximal|von)\s*)?(?:$|\d+(?:[.,]\d+)?\s*(?:${unit}.*|[)\]]?\s*$))`,
  'iu',
);

/**
 * "je ½ P.", "(1½ P.)", "[½]", "(je ½)", "½ mark": half points as teachers write them, in the notation the
 * marks are read in ("0,5 P.", "1,5 P."). Only where the sign stands as points (a unit or a closing bracket
 * after it, "je" before it): "s = ½ · a · t²" and "T½" are a solution's, and stay.
 */
export function withHalfPointsWritten(keyText: string): string {
  return keyText.replace(
    new RegExp(
      String.raw`(?:(\d+)[ \t]?)?½(?=[ \t]*(?:${unit}|[)\]]))|(?<=\bje[ \t]+)(?:(\d+)[ \t]?)?½`,
      'gu',
    ),
    (_, whole?: string, wholeAfterJe?: string) => {
      const n = whole ?? wholeAfterJe;
      return n === undefined ? '0,5' : `${n},5`;
    },
  );
}

/**
 * "Summe: 26 BWE", "Gesamt: 40 WE", "Total : 26 pts": the unit the key counts its total in is the unit of
 * all its points, whatever the teacher calls it ("Bewertungseinheiten", "Wertungseinheiten"), so the key's
 * other marks in that unit are written as points ("→ 6 BWE" → "→ 6 P"). Only a key's own total line names
 * it, and only a short word that is no known unit already; a key without such a line is returned unchanged.
 */
export function withOwnUnitAsPoints(keyText: string): string {
  const lines = keyText.split('\n');
  const own = lines
    .map((line) =>
      new RegExp(
        String.raw`^\s*${totalWords}[\s:=]*(?:Σ\s*=?\s*)?\d+(?:[.,]\d+)?\s*(\p{Lu}{2,5})\.?\s*$`,
        'u',
      ).exec(line),
    )
    .filter((m) => m !== null)
    .at(-1)?.[1];
  if (!own || new RegExp(String.raw`^${unit}$`, 'u').test(own)) return keyText;
  return keyText.replace(new RegExp(String.raw`(\d)\s*${own}\b`, 'gu'), '$1 P');
}

/**
 * "Summe inhaltliche Leistung: 20", "Summe Darstellungsleistung: 10", "Zwischensumme Teil A: 12",
 * "Zwischensumme Aufg. 1: 4 P.": the
 * subtotal of a part of the key; no part of a solution, and not the key's total.
 */
const subtotalLine = new RegExp(
  String.raw`^\s*(?:Zwischen)?[Ss]umme(?:\s+\p{L}[\p{L}-]*\.?(?:\s+\d{1,2})?){1,3}\s*:\s*\d+(?:[.,]\d+)?\s*(?:${unit})?\s*$`,
  'u',
);

// the line tests below run on every line of every sheet (segment's skipped lines): compiled once
export function isSubtotalLine(line: string): boolean {
  return subtotalLine.test(line);
}

export function isTotalLine(line: string): boolean {
  return totalLine.test(line) || pointsDistribution(line) !== null;
}

/**
 * A key written in bare numbers ("Wasser (1)", "… /2" at the line's end, a right-hand column of numbers)
 * whose own total line ("Gesamt: 16 P", a closing "= 16 Punkte") the marks add up to: its bare "(1)" are
 * points as surely as "(1 P)", so they are written so. Otherwise, and where any mark carries a unit, the key
 * is returned as it is: a bare "(2)" stays a mark only where it adds up to its task's points
 * (expected-answer.ts).
 */
export function withBareMarksConfirmed(keyText: string): string {
  const lines = withClosingSumAsTotal(keyText).split('\n');
  const totalLine = lines.find(isTotalLine);
  const total = totalLine ? /(\d+(?:[.,]\d+)?)/.exec(totalLine) : null;
  if (!total) return lines.join('\n');
  let sum = 0;
  let weak = 0;
  for (const line of lines) {
    if (isTotalLine(line)) continue;
    // "A1  Einleitung: Hinführung …                 3": a bare number in a column at the line's end
    const column = pointsColumn.exec(line);
    if (column) {
      sum += parsePointNumber(column[1]!);
      weak += 1;
    }
    // "6. a) falsch … b) richtig c) falsch … (je 1)": a "je" mark counts once for each part on its line
    const parts = Math.max(1, line.match(/(?:^|\s)\(?[a-h]\)(?=\s)/g)?.length ?? 0);
    for (const mark of findPointMarks(line)) {
      // a unit anywhere ("(2 P)", "3 BE"): the key is not written in bare numbers
      if (!mark.weak && !/^\s*\/|^\[/.test(line.slice(mark.start, mark.end))) return lines.join('\n');
      sum += mark.each ? mark.value * parts : mark.value;
      if (mark.weak) weak += 1;
    }
  }
  if (weak === 0 || Math.abs(sum - parsePointNumber(total[1]!)) > 0.001) return lines.join('\n');
  return lines
    .map((line) => {
      if (isTotalLine(line)) return line;
      const column = pointsColumn.exec(line);
      if (column) return `${line.slice(0, column.index).trimEnd()} (${column[1]} P)`;
      const marks = findPointMarks(line).filter((mark) => mark.weak);
      let out = line;
      // the unit after the mark's number: "(1)" → "(1 P)", "(je 1; bei falsch …)" → "(je 1 P; bei falsch …)"
      for (const mark of [...marks].reverse()) {
        const written = out.slice(mark.start, mark.end).replace(/\d+(?:[.,]\d+)?/, '$& P');
        out = out.slice(0, mark.start) + written + out.slice(mark.end);
      }
      return out;
    })
    .join('\n');
}

/** a bare number at the end of a line, set off by a tab or three spaces or more: a right-hand points column */
const pointsColumn = /(?:[ \t]{3,}|\t)(\d{1,2}(?:[.,]\d+)?)[ \t]*$/;

/**
 * "= 15 Punkte" alone as the key's last line, under a blank line: the sum of the key, written as its total
 * line ("Gesamt: 15 Punkte"). Only there: "= 6 P" under a task's parts sums up that task.
 */
function withClosingSumAsTotal(keyText: string): string {
  const lines = keyText.split('\n');
  let last = lines.length - 1;
  while (last > 0 && lines[last]!.trim() === '') last--;
  const sum = new RegExp(String.raw`^\s*=\s*(${num})\s*${unit}\s*$`, 'u').exec(lines[last] ?? '');
  if (!sum || last < 1 || lines[last - 1]!.trim() !== '') return keyText;
  lines[last] = `Gesamt: ${sum[1]} P`;
  return lines.join('\n');
}

/**
 * A line that gives the tasks their points in one place, as a key's summary writes it: "Punkte: A1 4 | A2 4
 * | A3 6 | gesamt 21", "Puntuación: A 6 / B 6 / C 8 – total 20", "Punkteverteilung: 1) 4; 2) 6; 3) 5". At
 * least two tasks, each a label and its points; a total at the end is the key's total. Null for any other
 * line (a sentence with numbers has words between them, and a row of labels and numbers without a caption,
 * total, unit or „Aufgabe“ is a matching).
 */
const distributionTotal = new RegExp(
  String.raw`^(?:gesamt|insgesamt|Summe|total|Σ)\s*[:=]?\s*(${num})\s*(?:${unit})?$`,
  'iu',
);
const distributionPair = new RegExp(
  String.raw`^(?:(?:Aufgabe|Aufg\.|Nr\.)\s*)?([A-H]?\d{1,2}(?:\.\d{1,2})?|[A-H]|[IVX]{1,4})\s*[):=]?\s+(${num})\s*(?:${unit})?$`,
  'u',
);

const lastPairTotal = new RegExp(
  String.raw`^(?:(?:Aufgabe|Aufg\.|Nr\.)\s*)?([A-H]?\d{1,2}|[A-H]|[IVX]{1,4})\s*[):]?\s+(${num})\s*(?:${unit})?\s*=\s*(${num})\s*(?:${unit})?$`,
  'u',
);

export function pointsDistribution(
  line: string,
): { points: Map<string, number>; total: number | null } | null {
  const caption = /^\s*[\p{L} ]{2,30}:\s*/u.exec(line);
  const body = caption ? line.slice(caption[0].length) : line;
  const pieces = body
    .split(/\s*(?:\||\/|;|,(?!\d)|\s[–—-]\s)\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const points = new Map<string, number>();
  let total: number | null = null;
  for (const [i, piece] of pieces.entries()) {
    const sum = distributionTotal.exec(piece);
    if (sum && i === pieces.length - 1) {
      total = parsePointNumber(sum[1]!);
      continue;
    }
    // "III 11 = 20 P.": the last task's points and, after "=", the total
    const last = i === pieces.length - 1 ? lastPairTotal.exec(piece) : null;
    if (last) {
      points.set(last[1]!, parsePointNumber(last[2]!));
      total = parsePointNumber(last[3]!);
      continue;
    }
    const pair = distributionPair.exec(piece);
    if (!pair) return null;
    points.set(pair[1]!, parsePointNumber(pair[2]!));
  }
  // "A 2, B 1, C 3" alone is a pupil's matching as well: a points line has a caption, a total, a unit or
  // the word „Aufgabe“
  const pointsWritten =
    caption !== null ||
    total !== null ||
    new RegExp(String.raw`\d\s*${unit}|Aufgabe|Aufg\.|Nr\.`, 'u').test(body);
  return points.size >= 2 && pointsWritten ? { points, total } : null;
}

/**
 * A line under a task that sums up its points: "Aufgabe 1 zusammen: 8 Punkte (je Teilaufgabe …)", "Aufgabe 4
 * gesamt: 6 P (a: 2 + 2, b: 1 + 1)", "Summe Aufgabe 2: 3 P". The task's number, its points and, where the
 * note gives them by letter, its subtasks' points. Null for any other line (a task's heading has no such
 * word before its points).
 */
const taskTotal = new RegExp(
  String.raw`^\s*(?:(?:Aufgabe|Aufg\.|Nr\.)\s*(\d{1,2})\s+(?:zusammen|gesamt|insgesamt)|Summe\s+(?:Aufgabe|Aufg\.)\s*(\d{1,2}))\s*:?\s*(${num})\s*${unit}(.*)$`,
  'iu',
);
const subtaskSum = new RegExp(String.raw`(?<![\p{L}])([a-h])\s*:\s*(${num}(?:\s*\+\s*${num})*)`, 'gu');

export function taskTotalLine(
  line: string,
): { task: string; points: number; subtasks: Map<string, number> } | null {
  const m = taskTotal.exec(line);
  if (!m) return null;
  const subtasks = new Map<string, number>();
  for (const part of (m[4] ?? '').matchAll(subtaskSum))
    subtasks.set(
      part[1]!,
      part[2]!.split('+').reduce((sum, p) => sum + parsePointNumber(p.trim()), 0),
    );
  return { task: (m[1] ?? m[2])!, points: parsePointNumber(m[3]!), subtasks };
}
