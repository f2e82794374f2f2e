import type { Question } from '@korrigo/domain';
import {
  choiceLetters,
  hasRestartingParts,
  partsAreTasks,
  isSkippedKeyLine,
  pointsOnLine,
  segment,
  taskNumberOf,
  type SegmentSubtask,
  type SegmentTask,
} from '../segment/segment';
import {
  findPointMarks,
  isSubtotalLine,
  isTotalLine,
  pointUnit,
  parsePointNumber,
  pointsDistribution,
  taskTotalLine,
  withoutClosingSums,
  withoutPointMarks,
} from '../text/point-marks';
import { parseExpectedAnswer } from './expected-answer';
import { countAsked } from './key-lists';

/**
 * One gradable part of a teacher's Erwartungshorizont: a task, or a subtask of it, with the task's wording
 * apart from the expected solution.
 */
export type KeyUnit = {
  taskNumber: string;
  /** the task's heading without its points ("Aufgabe 2 – Fotosynthese") */
  taskTitle: string;
  /** the subtask's label, or the task number for a task without subtasks */
  subtaskLabel: string;
  isSubtask: boolean;
  /** what the student was asked (the header's text and the question lines below it), point marks removed */
  question: string;
  /** the expected solution as the teacher wrote it, with its point marks */
  expected: string;
  /** the points written for it; null when only the expected solution's own marks can tell */
  maxPoints: number | null;
  /** the key gives this part no points of its own: its share of the rest of the key's total line */
  pointsFromTotal?: boolean;
  /** a part assessed over the whole work ("Darstellungsleistung (Punkte: 7)"): its answer is all of it */
  wholeWork?: boolean;
  /** the solution lists its items' solutions, one per line, in the order of the prompts (withItemSolutions) */
  itemSolutions?: boolean;
};

/**
 * Words that open a task's wording rather than its solution: operators (du and Sie forms), question words,
 * and the English and French instructions of language tests.
 */
const instructionWords = new Set(
  `nenne nennen beschrifte beschriften erkläre erklären erläutere erläutern beschreibe beschreiben berechne berechnen bestimme
  bestimmen gib geben kreuze kreuzen bringe bringen ordne ordnen vergleiche vergleichen definiere definieren
  formuliere formulieren lies lesen wandle wandeln löse lösen setze setzen schreibe schreiben ergänze ergänzen
  untersuche untersuchen analysiere analysieren stelle stellen multipliziere multiplizieren faktorisiere
  faktorisieren begründe begründen beurteile beurteilen bewerte bewerten interpretiere interpretieren zeichne
  zeichnen skizziere skizzieren markiere markieren unterstreiche unterstreichen übersetze übersetzen fasse
  fassen prüfe prüfen überprüfe überprüfen zeige zeigen leite leiten vervollständige vervollständigen benenne
  benennen entscheide entscheiden notiere notieren verbessere verbessere korrigiere korrigieren gegeben
  nimm nehmen diskutiere diskutieren erörtere erörtern charakterisiere charakterisieren deute deuten entwickle
  entwickeln entwirf entwerfen gestalte gestalten belege belegen gliedere gliedern
  wie was warum wozu wer wann wo welche welcher welches wieso weshalb wodurch womit
  fill write answer choose correct complete explain describe translate read match tick mets réponds
  complète traduis écris conjugue`.split(/\s+/),
);

/** "Lösung: B", "Erwartung:", "Musterlösung:": the solution follows the marker. */
const solutionMarker =
  /(?:^|\n|[–—-]\s*|\s)(?:Lösung(?:en)?|Musterlösung|Erwartung|Erwartete Antwort|Antwort|Answer|Solution)\s*:\s*/i;

export function isInstruction(line: string): boolean {
  const plain = withoutPointMarks(line)
    .replace(/^\s*(?:[-*•–]\s+)/, '')
    .trim();
  if (plain.length === 0) return false;
  // the options of a multiple-choice question: "(A) Hai (B) Delfin (C) Pinguin"
  if ((plain.match(/\([A-Ea-e]\)\s*\S/g) ?? []).length >= 2) return true;
  // the question ends with "?" or announces what follows with ":" ("Ordne zu:", "Inhalt:"); not a colon
  // before the line's points ("Sprache (Grammatik, Wortschatz): 4 P" is a criterion and its points)
  const beforePoints = /:$/.test(plain) && !/:["“”'»«)]*$/.test(line.trim());
  // a colon inside a bracket the line leaves open ("Bürger entscheiden (in Athen:") goes on in the next line
  const inBracket = (plain.match(/\(/g) ?? []).length > (plain.match(/\)/g) ?? []).length;
  if (/[?:]["“”'»«)]*$/.test(plain) && !beforePoints && !inBracket) return true;
  // a sentence, or a clause after ";" ("Blattaufbau; Nenne die Schichten …", a table cell's topic)
  return plain
    .split(/(?<=[.!?;])\s+/)
    .some((sentence) => instructionWords.has(/^\p{L}+/u.exec(sentence)?.[0].toLowerCase() ?? ''));
}

/**
 * A line that states what each part is worth: „je 1 P.“, „je 2 Punkte (…)“, „je [1]“, „je Form [1]“, after
 * an arrow with a bare number before a note: „→ je Satz 2; je Fehler −1“, and with its breakdown after a
 * colon: „je Frage 2: do/does 1, Wortstellung + Grundform 1“.
 */
const eachLine =
  /^\s*(?:(?:[→⇒]|=>)\s*)?je\b(?:\s+[\p{L}-]+){0,4}?\s*(?:\[(\d+(?:[.,]\d+)?)\]|\(?(\d+(?:[.,]\d+)?)\s*(?:P\b|Pkt\b|Punkte?\b|BE\b)|(?<=(?:[→⇒]|=>)\s*je\b.*)(\d+(?:[.,]\d+)?)(?=\s*(?:[;,]|$))|(\d+(?:[.,]\d+)?)(?=\s*:\s*\S))/iu;

/** A true/false verdict, which a correction after a dash belongs to („falsch – Die Pyramiden waren Grabmäler.“). */
const verdictWord =
  /^(?:richtig|falsch|wahr|stimmt|true|false|right|wrong|vrai|faux|verdadero|falso|[RFrf])$/iu;

/** Whether the unit belongs to a translation task ("B Traduce.", "Übersetze …"). */
export function isTranslation(unit: KeyUnit): boolean {
  return translationTask.test(`${unit.taskTitle}\n${unit.question}`);
}

/** The operator of a translation task: its items are "source – target". */
const translationTask =
  /\b(?:übersetze\p{L}*|Übersetzung|translate|translation|traduce|traducid|traduis|traduisez|traduction|traducción)\b/iu;

/**
 * Splits what stands under a header into the question and the expected solution: a "Lösung:" marker
 * divides them; otherwise the header's own text (when lines follow it) and the instruction lines after it
 * are the question, the rest is the solution. When nothing is left for the solution, all of it is.
 */
function splitQuestion(
  headerText: string,
  body: string,
  translating = false,
): { question: string; expected: string } {
  // a line that says what each part is worth is no part of the solution (eachSubtaskPoints reads it)
  const lines = [headerText, ...body.split('\n')].filter(
    (l) => l.trim().length > 0 && !isSkippedKeyLine(l) && !eachLine.test(l),
  );
  const all = lines.join('\n');
  const marker = solutionMarker.exec(all);
  if (marker && all.slice(marker.index + marker[0].length).trim().length > 0) {
    return {
      question: all.slice(0, marker.index).trim(),
      expected: all.slice(marker.index + marker[0].length).trim(),
    };
  }
  // an item of a translation task: the sentence to translate, a dash, its translation ("Gestern habe ich …
  // nicht gemacht. – Ayer no hice mis deberes."); the pupil writes the translation
  const translated = /^(.+?[.!?])["“”»«]*\s+[–—-]\s+(\S[^\n]*)$/.exec(all);
  if (translating && lines.length === 1 && translated) {
    return { question: translated[1]!.trim(), expected: translated[2]!.trim() };
  }
  // one line with the question and its answer: "Was geschah 1789? – Sturm auf die Bastille (2 P)"
  const asked = /^([^?\n→⇒]*\?)["“”'»«)]*\s*(?:[–—:→-]+\s*)?(\S[^\n]*)$/.exec(all);
  if (lines.length === 1 && asked && /\p{L}{2,}|\d/u.test(withoutPointMarks(asked[2]!))) {
    return { question: asked[1]!.trim(), expected: asked[2]!.trim() };
  }
  // one line with the prompt and, after an arrow, its solution: "Nous (être) … en classe. → sommes"; not a
  // calculation or a reaction, whose arrows are steps ("f'(x) = 0 → x = 1", "Magnesium + Sauerstoff → …")
  const arrowed = /^([^\n→⇒=+]+?)\s*[→⇒]\s*(\S[^\n]*)$/.exec(all);
  if (lines.length === 1 && arrowed && /\p{L}{2,}|\d/u.test(withoutPointMarks(arrowed[2]!))) {
    return { question: arrowed[1]!.trim(), expected: arrowed[2]!.trim() };
  }
  // a sentence with a gap and, after a dash, the sentence completed: "I ___ (never / be) to London. – I have
  // never been to London. (1 P)"
  const gapped = /^([^\n]*_{2,}[^\n]*?)\s+[–—]\s+(\S[^\n]*)$/.exec(all);
  if (lines.length === 1 && gapped) return { question: gapped[1]!.trim(), expected: gapped[2]!.trim() };
  // one line with a short prompt and, after a dash, its solution, as the arrow writes it: „go – went“,
  // „hatte geöffnet – Plusquamperfekt“, „Sand und Wasser – Filtrieren“, „Ella – Nomen“. The prompt stands on
  // the pupil's sheet; the pupil writes the solution, and a word of the prompt is no sign of knowing it
  // („buyed“ for „buy – bought“). Not a calculation or a reaction, and not a longer sentence, where a dash
  // joins two statements („Die Stromstärke ist überall gleich – die Spannung teilt sich auf“). A left side
  // with points of its own („Pharao (1) – gilt als Gott … (1)“) or a verdict („falsch – Die Pyramiden waren
  // Grabmäler.“) is part of the answer.
  const dashed = /^([^\n–—=+→⇒]+?)\s+[–—-]\s+([^\n–—=+→⇒]+)$/u.exec(all);
  if (
    lines.length === 1 &&
    dashed &&
    (dashed[1]!.match(/\S+/g) ?? []).length <= 4 &&
    /\p{L}/u.test(dashed[1]!) &&
    withoutPointMarks(dashed[1]!).trim() === dashed[1]!.trim() &&
    !verdictWord.test(dashed[1]!.trim()) &&
    /\p{L}{2,}|\d/u.test(withoutPointMarks(dashed[2]!))
  )
    return { question: dashed[1]!.trim(), expected: dashed[2]!.trim() };
  // "Beschrifte das Vogelei (6 Teile): Kalkschale, Eiklar, Dotter," over "Keimscheibe, …": an instruction
  // that announces its solution with a colon, the solution after it and on the lines below (not the colon of
  // a points field, „… – Punkte: 4“)
  const announced = /^([^:\n]+:)[ \t]+(\S[^\n]*)$/.exec(lines[0] ?? '');
  if (
    headerText.trim().length > 0 &&
    lines.length > 1 &&
    announced &&
    findPointMarks(lines[0]!).length === 0 &&
    // "Ordne zu: Trompete, Klarinette, …" over "Trompete: Blechblasinstrument; …" names what is given
    !lines.slice(1).join('\n').toLowerCase().includes(announced[2]!.split(/[,;]/)[0]!.trim().toLowerCase()) &&
    isInstruction(announced[1]!) &&
    instructionWords.has(/^\s*(\p{L}+)/u.exec(announced[1]!)?.[1]!.toLowerCase() ?? '') &&
    !/[=→⇒]/.test(announced[2]!)
  )
    return { question: announced[1]!.trim(), expected: [announced[2]!, ...lines.slice(1)].join('\n').trim() };
  // the question ends with the last instruction line before the first marked solution line (a title or a
  // given text may stand between instruction lines)
  let k = headerText.trim().length > 0 && lines.length > 1 ? 1 : 0;
  for (let i = k; i < lines.length - 1; i++) {
    if (isInstruction(lines[i]!)) k = i + 1;
    else if (findPointMarks(lines[i]!).some((m) => !m.weak)) break;
  }
  if (k >= 1) k = questionEnd(lines, k);
  const expected = lines.slice(k).join('\n').trim();
  return expected.length > 0
    ? { question: lines.slice(0, k).join('\n').trim(), expected }
    : { question: '', expected: all.trim() };
}

/** the words a sentence does not end with: articles, prepositions, conjunctions */
const continuing =
  /(?:[,;(]|\p{L}-|(?:^|\s)(?:und|oder|sowie|sondern|aber|weil|als|wenn|damit|bzw\.|für|des|der|die|das|den|dem|ein|eine|einer|eines|einem|einen|von|vom|zu|zum|zur|mit|am|im|in|an|auf|aus|bei|nach|über|unter|vor|ob|wie|dass|the|of|and|to|for|with|de|la|le|les|du|et|à|en))$/iu;

/** the words of a line, without its points and its notes in brackets ("(AFB I)") */
const wordsOf = (line: string) =>
  withoutPointMarks(line)
    .replace(/\([^()]*\)/g, ' ')
    .trim();
const endsSentence = (line: string) => /[.?!:]["“”'»«)]*$/.test(wordsOf(line));

/**
 * "Erkläre den Treibhauseffekt und seine Folgen für" / "die Küstenräume Bangladeschs (M2, M3).   18 P.": a
 * question line that breaks off goes on in the lines below it, up to the line that ends the sentence. It
 * breaks off after a word no sentence ends with, inside a bracket or a quotation, or, where it asks something and ends
 * with no mark, before a line that goes on in lower case („… Gemüse unter Folie“ / „angebaut wird, und …“).
 * Returns how many lines below `at` go on with it (0: none).
 */
function continuedLines(lines: string[], at: number): number {
  const head = withoutPointMarks(lines[at]!).trim();
  const count = (pattern: RegExp) => (head.match(pattern) ?? []).length;
  // inside a bracket, or inside a quotation („… wählen" over "dürfen.“ Nimm Stellung.   4 Punkte")
  const open = count(/\(/g) > count(/\)/g) || count(/„/g) > count(/[“”]/g) || count(/"/g) % 2 === 1;
  const next = lines[at + 1] === undefined ? '' : wordsOf(lines[at + 1]!);
  // not one that announces its items after a colon: "Bestimme Kasus und Numerus: servo – … – templa" over
  // "servo: Dat. oder Abl. Sg. | …"
  const lowerNext =
    !head.includes(':') && !endsSentence(head) && isInstruction(head) && /^\p{Ll}/u.test(next);
  if (!continuing.test(head) && !open && !lowerNext) return 0;
  for (let i = at + 1; i < Math.min(lines.length - 1, at + 4); i++) {
    const line = withoutPointMarks(lines[i]!).trim();
    if (/^(?:[-*•–]\s|\(?\d+[.)]|\p{L}\))/u.test(line)) return 0;
    if (endsSentence(lines[i]!)) return i - at;
  }
  return 0;
}

/**
 * Where the solution under a question of `k` lines may start: after the lines that go on with its last line
 * (continuedLines), and after a line below them with only the heading's points and notes ("(AFB II) 12
 * Punkte"); `k` where the question is whole and alone.
 */
function questionEnd(lines: string[], k: number): number {
  let end = k + continuedLines(lines, k - 1);
  const next = lines[end];
  const strong = (line: string) => findPointMarks(line).some((m) => !m.weak);
  if (
    end < lines.length - 1 &&
    next &&
    wordsOf(next) === '' &&
    strong(next) &&
    !lines.slice(0, end).some(strong)
  )
    end++;
  return end;
}

/**
 * The question as one line, without points; a short topic heading above it ("Aufgabe 1 – Leber (2 P)" /
 * "Nenne zwei Aufgaben der Leber.") stays in the title only.
 */
function questionText(question: string): string {
  const lines = question
    .split('\n')
    .map((l) =>
      withoutPointMarks(l)
        .replace(/^[\s:.,;–—-]+/, '')
        .trim(),
    )
    .filter(Boolean);
  if (lines.length > 1 && lines[0]!.split(/\s+/).length <= 4 && !isInstruction(lines[0]!)) lines.shift();
  // a word hyphenated at the line's end ("Trainingsherz-" / "frequenz") is one word again
  return lines
    .reduce<string>(
      (text, line) =>
        /\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line) && !/^(?:und|oder|bzw)\b/.test(line)
          ? text.slice(0, -1) + line
          : `${text} ${line}`,
      '',
    )
    .trim();
}

/**
 * "Lösung: B" under "(A) Tora (B) Koran (C) Bibel": the expected content is the option's text, which the
 * student may write instead of the letter.
 */
function optionText(question: string, expected: string): string {
  const letter = /^\(?([A-Ea-e])\)?\.?$/.exec(expected.trim())?.[1];
  if (!letter) return expected;
  const option = new RegExp(String.raw`\(${letter}\)\s*([^()\n]+?)\s*(?=\([A-Ea-e]\)|[–—]|$)`, 'm').exec(
    question,
  );
  return option ? `(${letter}) ${option[1]!.trim()}` : expected;
}

/** The single total written on the question lines ("Setze ein. (4 P)"), if there is one. */
function questionPoints(question: string): number | null {
  const marks = findPointMarks(question).filter((m) => !m.weak && !m.each && !m.named);
  return marks.length === 1 ? marks[0]!.value : null;
}

/**
 * "(je 1 Punkt)", "(5 Punkte, je 1)" on a task's header or its text before the first subtask: what each
 * subtask is worth.
 */
export function eachSubtaskPoints(task: SegmentTask): number | null {
  const first = task.subtasks[0];
  const own = `${task.heading}\n${first ? task.body.slice(0, Math.max(0, first.start - task.bodyStart)) : ''}`;
  for (const m of findPointMarks(own)) {
    if (m.each) return m.value;
    if (m.eachPart !== undefined) return m.eachPart;
  }
  // or a line of its own under the last subtask that starts with it („je 1 P.; falsche Endung = 0 P.“)
  for (const line of (task.subtasks.at(-1)?.body ?? '').split('\n')) {
    const each = eachLine.exec(line);
    if (each) return parsePointNumber((each[1] ?? each[2] ?? each[3] ?? each[4])!);
  }
  return null;
}

/**
 * A key pasted from a word-processor table: "1⇥Nennen Sie …⇥" rows with the task, "⇥18. Januar 1871⇥2"
 * rows with an expected part and its points, "Summe⇥⇥16". Rewritten as the usual lines ("1. Nennen Sie …",
 * "- 18. Januar 1871 (2 P)") so that one parser reads both.
 */
export function untabulateKey(text: string): string {
  const rows = text.split('\n');
  if (rows.filter((r) => r.split('\t').length >= 2).length < 2) return text;
  return rows
    .flatMap((row) => {
      if (!row.includes('\t')) return [row];
      const cells = row.split('\t').map((c) => c.trim());
      // the table's own header row ("Aufgabe | Erwartete Leistung | Punkte")
      if (cells.some((c) => /^(?:Punkte|BE|VP|Pkt\.?)$/i.test(c)) && !cells.some((c) => /^\d/.test(c)))
        return [];
      const last = cells.at(-1)!;
      const points = /^\d+(?:[.,]\d+)?$/.test(last) && cells.length >= 2 ? last : null;
      const first = cells[0]!;
      const middle = cells.slice(first.length > 0 ? 1 : 0, points ? -1 : undefined).filter(Boolean);
      const text = middle.join(' ');
      const marked = points ? `${text} (${points} P)` : text;
      if (/^(?:\d{1,2}[a-z]?|[a-z]|[A-H]\d{1,2})[.)]?$/.test(first))
        return [`${/^[a-z]$/.test(first) ? `${first})` : first.replace(/[.)]?$/, '.')} ${marked}`];
      if (first.length > 0) return [`${first} ${marked}`.trim()];
      return [`- ${marked}`];
    })
    .join('\n');
}

/**
 * A line that holds nothing but a point mark ("Punkte: 2", "(2 P)", "/2") under a part's solution: the
 * part's points, as a form's points field, and no line of the solution. Only when it is the part's one mark:
 * marks beside the solution's aspects stay theirs.
 */
function pointsLine(body: string): { body: string; points: number; field: boolean; parts?: number[] } | null {
  const lines = body.split('\n');
  const marked = lines.filter((l) => findPointMarks(l).some((m) => !m.weak));
  if (marked.length !== 1) return null;
  const line = marked[0]!;
  const marks = findPointMarks(line).filter((m) => !m.weak);
  // the number and its unit alone: "(1 P für das Auflösen)" or "(…, 0 P)" is a note on the solution
  // a note in brackets after the points ("=> 6 P. (je Form 1)") is the mark's own
  const plain = line
    .replace(/(\d\s*(?:Punkte?|Pkte?\.?|Pkt\.?|P\.?|BE|VP|VE|pts?\.?))\s*\([^()]*\)\s*$/, '$1')
    .replace(/\b(?:Punkte?|Punktzahl|Pkte?|Pkt|BE|VP|VE|pts?|P)\b/g, '');
  // an arrow before it ("=> 6 P.", "→ 4 P") points at the part's points
  const alone =
    withoutPointMarks(line)
      .replace(/[–—:=>→⇒-]/g, '')
      .trim() === '';
  // a score field ("Bewertung: 6 Punkte (je Art 2)") names its points and may carry a note
  if (marks.length !== 1 || marks[0]!.each || !alone || (!marks[0]!.field && /\p{L}/u.test(plain)))
    return null;
  return {
    body: lines.filter((l) => l !== line).join('\n'),
    points: marks[0]!.value,
    field: marks[0]!.field === true,
    ...(marks[0]!.parts ? { parts: marks[0]!.parts } : {}),
  };
}

/** The task's heading without its points, with the lines its sentence goes on in (continuedLines). */
function headingOf(task: SegmentTask): string {
  const heading = withoutPointMarks(task.heading);
  const lines = task.body.split('\n').filter((l) => l.trim().length > 0);
  if (task.body.split('\n')[0]!.trim() === '' || lines.length < 2) return heading;
  const more = continuedLines(lines, 0);
  if (more === 0) return heading;
  return questionText([heading, ...lines.slice(1, more + 1)].join('\n'));
}

function unitOf(task: SegmentTask, sub: SegmentSubtask | null, eachSub: number | null): KeyUnit {
  const part = sub ?? task;
  // the body starts with the rest of the header line after the label
  const header = part.body.split('\n')[0]!;
  const rest = part.body.slice(header.length);
  const own = part.maxPoints === null ? pointsLine(rest) : null;
  const bare = bareHeaderPoints(header, rest);
  const firstLine = bare ? header.slice(0, bare.start).trimEnd() : header;
  const split = splitQuestion(
    firstLine,
    own ? own.body : rest,
    sub !== null && translationTask.test(task.heading),
  );
  const items = withItemSolutions(
    withNamedCriteria(part.maxPoints === null ? withQuestionTotal(split) : split, header),
  );
  const dashed = part.maxPoints === null ? dashTotal(items.expected) : null;
  const { question, itemSolutions } = items;
  const expected = dashed ? dashed.expected : items.expected;
  return {
    taskNumber: task.number,
    taskTitle: headingOf(task) || `Aufgabe ${task.number}`,
    subtaskLabel: sub ? sub.label : task.number,
    isSubtask: sub !== null,
    question: questionText(question),
    expected: optionText(question, expected),
    maxPoints:
      part.maxPoints ??
      own?.points ??
      dashed?.value ??
      questionPoints(question) ??
      (part.maxPoints === null ? pointsOfEachItem(header, expected) : null) ??
      eachSub ??
      bare?.value ??
      columnTotal(expected) ??
      null,
    ...(itemSolutions ? { itemSolutions } : {}),
  };
}

/**
 * "B  Make negative sentences. (je 1 P.)" over "1 Sue isn't …  2 We aren't …  3 Ben isn't …": what each
 * item is worth, times the items the solution numbers from 1 (in a row or one a line), or else the items the
 * question asks for ("Nenne vier …"); "(je 1 P. für Frage,
 * je 1 P. für Kurzantwort)" is worth both per item. Null without such a mark or fewer than two items.
 */
function pointsOfEachItem(header: string, expected: string): number | null {
  if (findPointMarks(header).some((m) => !m.weak && !m.each)) return null;
  const each = [
    ...header.matchAll(new RegExp(String.raw`\bje\s+(?:\p{L}+\s+)?(\d+(?:[.,]\d+)?)\s*${pointUnit}`, 'gu')),
  ];
  if (each.length === 0) return null;
  let next = 1;
  for (const m of expected.matchAll(/(?:^|\s)\(?(\d{1,2})[.)]?[ \t]+(?=\S)/g))
    if (Number(m[1]) === next) next++;
  // or as many as the question asks for: "a) Nenne vier Kinderrechte.   je ½ P." over examples
  const items = next - 1 >= 2 ? next - 1 : (countAsked(header) ?? 0);
  return items >= 2 ? each.reduce((sum, m) => sum + parsePointNumber(m[1]!), 0) * items : null;
}

/** "2. Elle (finir) ses devoirs. → a fini", "1. Tu vois Paul ? – Oui, je le vois.": a prompt and its solution */
const itemWithSolution =
  /^\s*(?:\d{1,2}[.)]|[a-z]\))\s*([^\n→⇒]+?(?:\?["“”»]*\s*[–—-]|\s(?:[→⇒]|=>)))\s*(\S[^\n→⇒]*)$/u;

/**
 * A solution that lists its numbered items, each a prompt and, after an arrow (or a question's dash), what the pupil
 * writes ("1. Hier, nous (aller) au cinéma. → sommes allé(e)s", "2. Elle (finir) ses devoirs. → a fini"):
 * the prompts are the question's, the solutions are the aspects, one per item, as a teacher ticks them.
 */
function withItemSolutions(split: { question: string; expected: string }): {
  question: string;
  expected: string;
  itemSolutions?: boolean;
} {
  const lines = split.expected.split('\n').filter((l) => l.trim() !== '');
  const items = lines.map((l) => itemWithSolution.exec(l));
  // numbered items, each with a solution of its own ("→ 2 P" is a mark, "A → B → C" a chain of steps)
  if (
    lines.length < 2 ||
    items.some((m) => m === null || withoutPointMarks(m[2]!).replace(/[\s.;,]/g, '') === '')
  )
    return split;
  return {
    question: [split.question, ...items.map((m) => m![1]!.replace(/\s*(?:[→⇒]|=>|[–—-])$/, '').trim())]
      .filter(Boolean)
      .join('\n'),
    expected: items.map((m) => m![2]!.trim()).join('\n'),
    itemSolutions: true,
  };
}

/**
 * "D  Comment: Should phones be banned? (8 marks: content 4, language 4)" over no solution of its own: the
 * criteria the header's mark names are what the part is graded by, each with its points, as a rubric
 * writes them on lines of their own.
 */
function withNamedCriteria(
  split: { question: string; expected: string },
  header: string,
): { question: string; expected: string } {
  const named = findPointMarks(header).find((m) => m.named)?.named;
  if (!named) return split;
  const own = withoutPointMarks(split.expected).replace(/\([^()]*\)/g, '');
  if ((own.match(/\p{L}{2,}/gu) ?? []).length >= 3) return split;
  return { ...split, expected: named.map((c) => `${c.text} (${c.value} P)`).join('\n') };
}

/**
 * "Normalform: x² − 4x − 5 = 0 (1P);  x = 2 ± 3 …        (4P)": a mark set apart at a solution line's end, in
 * the key's right-hand column, worth more than the line's other marks together, is the part's points, and
 * those marks its aspects. Only where one line of the part has such a column mark.
 */
function columnTotal(expected: string): number | null {
  const totals = expected.split('\n').flatMap((line) => {
    const marks = findPointMarks(line).filter((m) => !m.weak);
    const last = marks.at(-1);
    if (!last || marks.length < 2 || last.each || line.slice(last.end).trim() !== '') return [];
    if (!/\S\s{3,}$/.test(line.slice(0, last.start))) return [];
    const inner = marks.slice(0, -1).reduce((sum, m) => sum + m.value, 0);
    return last.value > inner ? [last.value] : [];
  });
  return totals.length === 1 ? totals[0]! : null;
}

/**
 * "Ordne zu: …" / "A leicht …; B nachwachsend …  [4 P]" / "Holz B, Stahl C … (je 1 P)": a part whose
 * question runs over several lines and ends with the part's total, and whose solution says what each item
 * is worth. The total's line is the question's (its mark the part's points, questionPoints), not a solution
 * aspect worth as much again; as "(je 1 P, zusammen 4 P)" written on two lines.
 */
function withQuestionTotal(split: { question: string; expected: string }): {
  question: string;
  expected: string;
} {
  const lines = split.expected.split('\n');
  const marked = lines.map((line) => findPointMarks(line).filter((m) => !m.weak));
  const first = marked.findIndex((marks) => marks.length > 0);
  const total = marked[first]?.[0];
  if (!total || marked[first]!.length !== 1 || total.each || total.eachPart !== undefined) return split;
  if (lines[first]!.slice(total.end).trim() !== '') return split;
  const later = marked.slice(first + 1).flat();
  if (later.length === 0 || !later.every((m) => m.each)) return split;
  if (lines.some((line) => /\bAbzug\b/i.test(line))) return split;
  return {
    question: [split.question, ...lines.slice(0, first + 1)].filter(Boolean).join('\n'),
    expected: lines
      .slice(first + 1)
      .join('\n')
      .trim(),
  };
}

/**
 * A score field under a task's last subtask, where no other subtask has points ("a) … b) …" then
 * "Punkte: 4 (je Satz 2)"): the task's points, as a form writes them under the task's block. The task
 * gets them, and the line leaves the subtask's solution. Where every subtask has its own field, each keeps it.
 */
function withTaskScoreField(task: SegmentTask): SegmentTask {
  const last = task.subtasks.at(-1);
  if (task.maxPoints !== null || !last || task.subtasks.some((s) => s.maxPoints !== null)) return task;
  const restOf = (s: SegmentSubtask) => s.body.slice(s.body.split('\n')[0]!.length);
  const own = pointsLine(restOf(last));
  if (!own?.field || task.subtasks.slice(0, -1).some((s) => pointsLine(restOf(s)) !== null)) return task;
  const header = last.body.split('\n')[0]!;
  // "Bewertung: 2 + 2 + 3 = 7 P" under a) b) c): the sum's parts are the subtasks' points, in order
  const byParts = own.parts?.length === task.subtasks.length ? own.parts : null;
  const subtasks = [...task.subtasks.slice(0, -1), { ...last, body: `${header}${own.body}` }];
  return {
    ...task,
    maxPoints: own.points,
    subtasks: byParts ? subtasks.map((s, i) => ({ ...s, maxPoints: byParts[i]! })) : subtasks,
  };
}

/**
 * "a) Löse: 3x + 7 = 22 (2)" over its solution: a bare number in parentheses closing the line that asks the
 * part is its points, as a sheet writes them after the question, where the solution below carries no marks
 * of its own (those would be its aspects' points). A bare "(2)" elsewhere stays weak (point-marks.ts).
 */
function bareHeaderPoints(header: string, rest: string): { value: number; start: number } | null {
  const marks = findPointMarks(rest);
  const last = findPointMarks(header).at(-1);
  if (rest.trim() === '' || !last?.weak || header.slice(last.end).trim() !== '') return null;
  // "1. Nenne vier Merkmale. (4)" over "• lebend gebärend (1)" …: the aspects' bare marks add up to it, so
  // both are points, the task's and its aspects'
  const agree =
    marks.length > 0 &&
    marks.every((m) => m.weak && !m.each) &&
    Math.abs(marks.reduce((sum, m) => sum + m.value, 0) - last.value) < 1e-9;
  return marks.length === 0 || agree ? { value: last.value, start: last.start } : null;
}

/**
 * "Zu 1: Stufen: … (2). Gegenseitigkeit: … (2). — 4": a bare number after a dash closing the part's
 * solution, where the solution's bare marks add up to it: the part's points, and those marks its aspects'.
 */
function dashTotal(expected: string): { value: number; expected: string } | null {
  const m = /\s[–—]\s*(\d{1,2}(?:[.,]\d)?)\s*$/.exec(expected);
  if (!m) return null;
  const value = parsePointNumber(m[1]!);
  const before = expected.slice(0, m.index);
  const marks = findPointMarks(before);
  if (marks.length === 0 || !marks.every((k) => k.weak && !k.each)) return null;
  if (Math.abs(marks.reduce((sum, k) => sum + k.value, 0) - value) > 1e-9) return null;
  return { value, expected: before.trimEnd() };
}

/** "Teil A – Grundlagen", "II. Stellungnahme (10 BE)": a section title over tasks, with its subtotal. */
const sectionLine =
  /^\s*(?:(?:Teil|Part|Abschnitt)\s+(?:[A-Z]|[IVX]{1,4}|\d{1,2})\b|[IVX]{1,4}\.\s+\p{Lu})[^\n]{0,80}$/u;

/**
 * Section titles are no tasks and their subtotals no aspects; dropped when the key has tasks without them.
 * Sections whose numbered items start again in each („I. … 1. … 6.“, „II. … 1. … 2.“), or that hold no
 * numbered task („I. Bestimme …“, „Part A“ over a) b)), are the tasks themselves, as the pupil's sheet
 * numbers them too (segment's parts).
 */
function withoutSections(text: string): string {
  const lines = text.split('\n');
  if (!lines.some((l) => sectionLine.test(l))) return text;
  const rows = lines.map((line) => ({ text: line }));
  if (hasRestartingParts(rows) || partsAreTasks(rows)) return text;
  // a section of one task that has no points of its own: the section's subtotal is that task's
  // („Part B: Analysis (10 BE)“ over „4. Analyse how …“)
  const sections = lines.flatMap((line, i) => (sectionLine.test(line) ? [i] : []));
  const starts = lines.map((_, i) => lines.slice(0, i).join('\n').length + (i > 0 ? 1 : 0));
  const tasks = segment(text).tasks;
  sections.forEach((from, k) => {
    const subtotal = pointsOnLine(lines[from]!);
    if (subtotal === null) return;
    const next = sections[k + 1];
    const end = next === undefined ? text.length : starts[next]!;
    const inside = tasks.filter((task) => task.start > starts[from]! && task.start < end);
    if (inside.length !== 1 || inside[0]!.maxPoints !== null) return;
    const line = starts.lastIndexOf(Math.max(...starts.filter((start) => start <= inside[0]!.start)));
    lines[line] = `${lines[line]} (${String(subtotal).replace('.', ',')} P)`;
  });
  const rest = lines.map((l) => (sectionLine.test(l) ? '' : l)).join('\n');
  return segment(rest).tasks.length > 0 ? rest : text;
}

/**
 * "Darstellungsleistung (Punkte: 7)", "Sprachliche Richtigkeit – 6 BE": a part the teacher assesses over
 * the whole work, with points but no number, at a line's start
 */
const wholeWorkHeading =
  /^(?:[A-Z]{1,2}[ \t]+(?=Darstellungsleistung))?(?:Darstellungsleistung|Darstellung|sprachliche\s+(?:Darstellung|Leistung|Richtigkeit)|Sprachrichtigkeit|Sprache\s+und\s+Form|Form\s+und\s+Sprache)\b/i;

/**
 * The key's parts assessed over the whole work, each with its criteria (the lines under its heading up to
 * a blank line), taken out of the text: otherwise they would be read as the end of the task above them.
 */
function wholeWorkParts(text: string): { text: string; units: KeyUnit[] } {
  const lines = text.split('\n');
  const units: KeyUnit[] = [];
  lines.forEach((line, i) => {
    const heading = wholeWorkHeading.exec(line);
    if (!heading) return;
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== '' && !isSkippedKeyLine(lines[end]!)) end++;
    // "D   Darstellungsleistung (Struktur 2, Fachsprache 2, sprachliche" / "Richtigkeit 2)      6 Punkte": a
    // heading whose bracket closes on the next line, with the points there
    let headEnd = i;
    const unclosed = (k: number) => {
      const head = lines.slice(i, k + 1).join(' ');
      return (head.match(/\(/g) ?? []).length > (head.match(/\)/g) ?? []).length;
    };
    while (headEnd + 1 < end && headEnd < i + 2 && unclosed(headEnd)) headEnd++;
    const headLine = lines.slice(i, headEnd + 1).join(' ');
    // the points on the heading; else the subtotal line right under the part ("Summe Darstellungsleistung:
    // 10"). A heading without either ("Darstellung:" over marked criteria) heads aspects of its task.
    const below =
      end < lines.length && (isTotalLine(lines[end]!) || isSubtotalLine(lines[end]!))
        ? /(\d+(?:[.,]\d+)?)/.exec(lines[end]!)
        : null;
    const points = pointsOnLine(headLine) ?? (below ? parsePointNumber(below[1]!) : null);
    if (points === null) return;
    const title = withoutPointMarks(headLine).replace(/\s+/g, ' ');
    const criteria = lines
      .slice(headEnd + 1, end)
      .join('\n')
      .trim();
    // its own label where it has one ("D"), else its name
    const name = /^([A-Z]{1,2})[ \t]+\p{L}/u.exec(heading[0])?.[1] ?? heading[0];
    units.push({
      taskNumber: name,
      taskTitle: title,
      subtaskLabel: name,
      isSubtask: false,
      question: '',
      // the criteria below the heading, else those in its brackets
      expected: criteria || (/\(([^()]*)\)/.exec(headLine)?.[1]?.replace(/\s+/g, ' ') ?? ''),
      maxPoints: points,
      wholeWork: true,
    });
    for (let k = i; k < end; k++) lines[k] = '';
  });
  return { text: lines.join('\n'), units };
}

/**
 * "8 pts | Ex. 1  Write down the simple past …", "2 P: 1. Unterscheide …", "(4)  1. Nenne …": the points in a
 * column before the tasks, as a key typed like a table writes them; rewritten as the usual mark at the line's end. Only
 * where two lines or more are written so, or one with a unit before „Aufgabe 1“ or „A1“.
 */
function withPointsColumnLast(text: string): string {
  // "8 pts | Ex. 1 …" (a column set off by a bar), "2 P: 1. Unterscheide …" (the points, a colon, a task's
  // label), "4 Pkt.  A1 Nenne …" (the points, two spaces or a tab, a task's label); "2 P: Wetter …" before an
  // aspect stays the aspect's leading mark
  const taskLabel = String.raw`(?:\d{1,2}[.)]|Aufgabe\b|[a-h]\)|[A-H]\d{1,2}\b)`;
  const column = new RegExp(
    String.raw`^([ \t]*)(\d+(?:[.,]\d+)?)\s*(?:(?:${pointUnit})?[ \t]*\||(?:${pointUnit})(?:[ \t]*:|[ \t]{2,}|\t)(?=[ \t]*${taskLabel}))[ \t]*(\S.*)$`,
    'u',
  );
  // "(4)  1. Nenne die Schalen der Erde …", "(6 P)  A1  Strahlungsarten …" (a key with "Punkte links"): the points
  // in brackets, with or without their unit, before the label
  const bracketed = new RegExp(
    String.raw`^([ \t]*)\((\d+(?:[.,]\d+)?)(?:[ \t]*(?:${pointUnit}))?\)[ \t]+(${taskLabel}[ \t]*\S.*)$`,
    'u',
  );
  // "(3 P)  Aufgabe 1", with its unit before a task's label, says what it is on one line alone
  const unitBracketed = new RegExp(
    String.raw`^([ \t]*)\((\d+(?:[.,]\d+)?)[ \t]*(?:${pointUnit})\)[ \t]+((?:Aufgabe|Aufg\.|Task|Exercice)[ \t]+\d|[A-H]\d{1,2}\b)`,
    'u',
  );
  const lines = text.split('\n');
  const pattern = [column, bracketed].find(
    (p) =>
      lines.filter((l) => p.test(l)).length >= 2 ||
      (p === bracketed && lines.some((l) => unitBracketed.test(l))),
  );
  if (!pattern) return text;
  // a column set off by a bar: its header ("P.  |") and its rule ("----+----") go, a task's heading in an empty
  // cell ("    | Aufgabe 1") stands alone, and its total row ("20  | Summe") is the key's total line
  const barred = pattern === column && lines.some((l) => /^[ \t]*\d+(?:[.,]\d+)?[^|\n]{0,8}\|/.test(l));
  const total = new RegExp(
    String.raw`^[ \t]*(\d+(?:[.,]\d+)?)[ \t]*\|[ \t]*(Summe|Gesamt|Insgesamt|Σ)\b.*$`,
    'iu',
  );
  return lines
    .map((l) => {
      if (barred) {
        if (total.test(l)) return l.replace(total, (_, v: string, word: string) => `${word}: ${v} P`);
        if (new RegExp(String.raw`^[ \t]*(?:${pointUnit})?[ \t]*\|[ \t]*$`, 'u').test(l)) return '';
        if (/^[ \t]*-+\+-+[ \t]*$/.test(l)) return '';
        // an empty cell before a task's heading: the heading, as the key would write it without the column
        if (/^[ \t]*\|[ \t]*(?:Aufgabe|Aufg\.|Teilaufgabe|Task|Exercise|Exercice)[ \t]+\d/.test(l))
          return l.replace(/^[ \t]*\|[ \t]*/, '');
      }
      return l.replace(pattern, (_, indent: string, v: string, rest: string) => `${indent}${rest} (${v} P)`);
    })
    .join('\n');
}

/**
 * Subtasks typed in two columns, "a) (yo) hablar – hablé      e) (ellos) hacer – hicieron" over "b) …  f) …":
 * the left column's letters in order, the right column's going on after them. Rewritten one a line, the left
 * column first, as the key reads without columns.
 */
function withSubtaskColumnsAsRows(text: string): string {
  const row = /^([ \t]*)([a-h])\)[ \t]+(\S.*?)(?:[ ]{3,}|\t+)([a-h])\)[ \t]+(\S.*?)[ \t]*$/;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const rows: RegExpExecArray[] = [];
    for (let j = i; j < lines.length; j++) {
      const m = row.exec(lines[j]!);
      if (!m) break;
      rows.push(m);
    }
    const letter = (m: RegExpExecArray, k: 2 | 4) => m[k]!.charCodeAt(0);
    const inOrder =
      rows.length >= 2 &&
      rows.every((m, k) => letter(m, 2) === letter(rows[0]!, 2) + k) &&
      rows.every((m, k) => letter(m, 4) === letter(rows[0]!, 2) + rows.length + k);
    if (!inOrder) continue;
    const left = rows.map((m) => `${m[1]}${m[2]}) ${m[3]}`);
    const right = rows.map((m) => `${m[1]}${m[4]}) ${m[5]}`);
    lines.splice(i, rows.length, ...left, ...right);
    i += rows.length * 2 - 1;
  }
  return lines.join('\n');
}

/** the heading that starts a key's solutions: "Erwartungshorizont – Bewertungsraster", "Lösungen", … */
const solutionsHeading =
  /^\s*(?:Erwartungshorizont|Lösungen|Lösungsskizze|Musterlösung(?:en)?|Bewertungsraster|Erwartete\s+Leistungen|Lösungen\s+und\s+Bewertung)\b[^\n]{0,60}$/i;

/**
 * A key that first restates the task sheet (material, "Aufgaben 1. … 2. … 3. …") and then, under its own
 * heading, gives the solutions task by task: the sheet's numbered tasks are no parts of the key, so only
 * what follows the heading is read. Where the heading opens the key, or nothing before it is numbered as
 * tasks, the key is read whole.
 */
function withoutTaskSheet(text: string): string {
  const lines = text.split('\n');
  const heading = lines.findIndex((line, i) => i > 0 && solutionsHeading.test(line));
  if (heading < 0) return text;
  const before = lines.slice(0, heading).join('\n');
  const after = lines.slice(heading + 1).join('\n');
  if (segment(before).tasks.length < 2 || segment(after).tasks.length < 2) return text;
  return after;
}

/**
 * Reads a teacher's Erwartungshorizont into units: tasks ('Aufgabe 1', '1.', '1' alone on its line, 'A1',
 * 'Teilaufgabe 1'), subtasks ('a)', '1.2'), the question apart from the expected solution, and the points
 * of each. Totals ("Gesamt: 30 P") and the key's Notenschlüssel are no tasks. A key without any label is one
 * task.
 */
export function parseAnswerKey(keyText: string): KeyUnit[] {
  const whole = wholeWorkParts(
    untabulateKey(
      withPointsColumnLast(withSubtaskColumnsAsRows(withoutTaskSheet(keyText.replace(/\r\n?/g, '\n')))),
    ),
  );
  const text = withoutSections(whole.text);
  const seg = segment(text);
  if (seg.tasks.length === 0) {
    const { question, expected } = splitQuestion('', text);
    return [
      {
        taskNumber: '1',
        taskTitle: 'Aufgabe 1',
        subtaskLabel: '1',
        isSubtask: false,
        question: withoutPointMarks(question),
        expected,
        maxPoints: questionPoints(question),
      },
      ...whole.units,
    ];
  }
  const units: KeyUnit[] = [];
  const distributed = distributedPoints(
    text,
    seg.tasks.map((t) => t.number),
  );
  for (const written of seg.tasks) {
    const scored = withTaskScoreField(written);
    // the summary line's points where the task's own lines give none
    const task =
      scored.maxPoints === null && distributed.has(scored.number)
        ? withSubtaskPoints({ ...scored, maxPoints: distributed.get(scored.number)! }, text)
        : scored;
    if (task.subtasks.length === 0) {
      units.push(unitOf(task, null, null));
      continue;
    }
    const each = eachSubtaskPoints(task);
    let subUnits = task.subtasks.map((s) => unitOf(task, s, each));
    // "(6 Pkt.)" over a), b), c) and „je Größe 1 Pkt.“: the note counts the quantities inside each part, not
    // the parts; where the parts so read miss the task's stated total, the note is no part's points
    const sum = subUnits.reduce((s, u) => s + (u.maxPoints ?? NaN), 0);
    if (each !== null && task.maxPoints !== null && Math.abs(sum - task.maxPoints) > 1e-9) {
      const without = task.subtasks.map((s) => unitOf(task, s, null));
      if (without.every((u) => u.maxPoints === null)) subUnits = without;
    }
    const confirmed = task.maxPoints !== null ? bareMarksOfTotal(subUnits, task.maxPoints) : null;
    if (confirmed) subUnits.forEach((u, i) => (u.maxPoints = confirmed[i] ?? u.maxPoints));
    // a task total with no points on its subtasks and no marks in their solutions: equal shares
    if (
      task.maxPoints !== null &&
      subUnits.every((u) => u.maxPoints === null && findPointMarks(u.expected).every((m) => m.weak))
    ) {
      const shares = equalShares(task.maxPoints, subUnits.length);
      subUnits.forEach((u, i) => (u.maxPoints = shares[i]!));
    }
    if (task.maxPoints !== null) subUnits = withTaskTotalShared(subUnits, task.maxPoints);
    units.push(...subUnits);
  }
  units.push(...whole.units);
  const total = statedKeyTotal(text);
  if (total !== null) fillFromTotal(units, total);
  return units;
}

/**
 * The points a reading of the key gives its parts, as the scorers will take them: a part's own points, else
 * the sum of the marks in its solution; null where a part has neither (or only "je" marks, whose count the
 * answer decides). `shared`: some parts only got a share of the key's total (fillFromTotal), so the reading
 * adds up by construction, not by itself. `tasks`: each task's points; `units`: the parts so read.
 */
export function keyReadingTotal(
  keyText: string,
): { total: number; shared: boolean; tasks: Map<string, number>; units: KeyUnit[] } | null {
  let sum = 0;
  let shared = false;
  const tasks = new Map<string, number>();
  const units = parseAnswerKey(keyText);
  for (const unit of units) {
    shared ||= unit.pointsFromTotal === true;
    let points = unit.maxPoints;
    if (points === null) {
      const expected = parseExpectedAnswer(unit.expected, 0, unit.question, 'de');
      if (!expected.marked) return null;
      points = expected.totalPoints;
    }
    sum += points;
    tasks.set(unit.taskNumber, (tasks.get(unit.taskNumber) ?? 0) + points);
  }
  return { total: Math.round(sum * 100) / 100, shared, tasks, units };
}

/** The key's own total line ("Gesamt: 30 P", "insgesamt 30 BE", "Gesamtpunktzahl: 20"), its last one. */
export function statedKeyTotal(keyText: string): number | null {
  // "Halbe Punkte sind zulässig.          Gesamt: 40": a total set off at the end of a note's line counts too
  const lines = keyText
    .split('\n')
    .map((line) => (isTotalLine(line) ? line : (/\S[ \t]{3,}(\S.*)$/.exec(line)?.[1] ?? '')))
    .filter(isTotalLine);
  const last = lines.at(-1);
  if (last === undefined) return null;
  const distribution = pointsDistribution(last);
  if (distribution) return distribution.total;
  const value = /(\d+(?:[.,]\d+)?)/.exec(last);
  return value ? parsePointNumber(value[1]!) : null;
}

/** "Aufgabe 4 zusammen: 6 Punkte (a: 2 + 2, b: 1 + 1)": the subtasks' points the task's summing-up line gives */
function withSubtaskPoints(task: SegmentTask, keyText: string): SegmentTask {
  const summed = keyText
    .split('\n')
    .map(taskTotalLine)
    .find((t) => t?.task === task.number);
  const byLetter = summed?.subtasks;
  if (!byLetter || byLetter.size !== task.subtasks.length || task.subtasks.some((s) => s.maxPoints !== null))
    return task;
  if (!task.subtasks.every((s) => byLetter.has(s.label))) return task;
  return { ...task, subtasks: task.subtasks.map((s) => ({ ...s, maxPoints: byLetter.get(s.label)! })) };
}

/**
 * The points of the key's summary line ("Punkte: A1 4 | A2 4 | …"), by the task numbers the key's tasks
 * have: "A1" is task 1 where the key's "A1" stands for "Aufgabe 1".
 */
function distributedPoints(keyText: string, taskNumbers: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of keyText.split('\n')) {
    const summed = taskTotalLine(line);
    if (summed && taskNumbers.includes(summed.task)) out.set(summed.task, summed.points);
    const d = pointsDistribution(line);
    if (!d) continue;
    for (const [label, points] of d.points) {
      // "A1" is task 1 where the key's "A1" stands for "Aufgabe 1"; "III" is task 3
      const n = taskNumbers.includes(label)
        ? label
        : (/^A(\d{1,2})$/.exec(label)?.[1] ?? taskNumberOf(label) ?? undefined);
      if (n !== undefined && taskNumbers.includes(n)) out.set(n, points);
    }
  }
  return out;
}

/**
 * Parts the key gives no points ("1) Entgiftung des Blutes" in a key that is a numbered answer list) under a
 * total line: they share what the total leaves over the parts with points, in equal shares, as a teacher
 * splits a total she did not break down, and are marked so the result says it (`pointsFromTotal`). Only
 * where every other part's points are plain (no "je" mark, whose count the parser decides later) and
 * something is left; where the parts' points and the total disagree otherwise, the pipeline says so.
 */
function fillFromTotal(units: KeyUnit[], total: number) {
  // "3  a (25 Punkte mit 2 Punkten Vorsprung)" under "Gesamt: 13 P.": a part is never worth more than the
  // whole test, so such a number is the solution's, no mark (unless the other parts alone exceed the
  // "total" too: then that line is no total of the key)
  const others = (u: KeyUnit) =>
    units.reduce(
      (sum, o) => sum + (o !== u && o.maxPoints !== null && o.maxPoints <= total ? o.maxPoints : 0),
      0,
    );
  for (const u of units)
    if (u.maxPoints !== null && u.maxPoints > total && others(u) < total) u.maxPoints = null;
  let known = 0;
  let open: KeyUnit[] = [];
  for (const u of units) {
    if (u.maxPoints !== null) {
      known += u.maxPoints;
      continue;
    }
    const marks = findPointMarks(u.expected).filter((m) => !m.weak && m.value <= total);
    if (marks.some((m) => m.each || m.eachPart !== undefined)) return;
    if (marks.length > 0) known += marks.reduce((s, m) => s + m.value, 0);
    else open.push(u);
  }
  let rest = total - known;
  if (open.length === 0 || rest <= 0) return;
  // open parts whose solutions carry bare numbers ("… Libero (2)") take them where the rest allows it: all
  // of the rest when every open part has them, less than it when some have none (those share what is left)
  const bareOf = (u: KeyUnit) => {
    const marks = findPointMarks(u.expected).filter((m) => m.weak);
    return marks.length > 0 && !marks.some((m) => m.each) ? marks.reduce((s, m) => s + m.value, 0) : null;
  };
  const marked = open.filter((u) => bareOf(u) !== null);
  const bareSum = marked.reduce((s, u) => s + bareOf(u)!, 0);
  const unmarked = open.filter((u) => bareOf(u) === null);
  if (
    marked.length > 0 &&
    (unmarked.length === 0 ? Math.abs(bareSum - rest) < 1e-9 : bareSum < rest - 1e-9)
  ) {
    for (const u of marked) {
      u.maxPoints = bareOf(u);
      u.pointsFromTotal = true;
    }
    rest -= bareSum;
    open = unmarked;
    if (open.length === 0) return;
  }
  const shares = equalShares(rest, open.length);
  open.forEach((u, i) => {
    u.maxPoints = shares[i]!;
    u.pointsFromTotal = true;
  });
}

/**
 * A task's stated total over parts of which some carry points (their own, or plain marks in their solution)
 * and some none, as fillFromTotal does for the key's total: where the parts with points leave something of
 * the task's total, the parts without share it in equal shares (`pointsFromTotal`, so the result says it);
 * where they already add up to it, a part without points is no part but a heading over the items
 * ("a) klassische Konditionierung" over "2.1 UCS Schmerz → … 2"), and is left out. Not where a part's points
 * are "je" marks, whose count the answer decides, nor where bare numbers in a solution could be its points.
 */
function withTaskTotalShared(subUnits: KeyUnit[], total: number): KeyUnit[] {
  let known = 0;
  const open: KeyUnit[] = [];
  for (const u of subUnits) {
    if (u.maxPoints !== null) {
      known += u.maxPoints;
      continue;
    }
    const marks = findPointMarks(u.expected);
    if (marks.some((m) => m.weak || m.each || m.eachPart !== undefined)) return subUnits;
    if (marks.length > 0) known += marks.reduce((s, m) => s + m.value, 0);
    else open.push(u);
  }
  if (open.length === 0 || open.length === subUnits.length || known > total + 1e-9) return subUnits;
  if (Math.abs(known - total) < 1e-9) return subUnits.filter((u) => !open.includes(u));
  const shares = equalShares(total - known, open.length);
  open.forEach((u, i) => {
    u.maxPoints = shares[i]!;
    u.pointsFromTotal = true;
  });
  return subUnits;
}

/**
 * `total` in `n` shares as alike as hundredths allow, that add up to the total exactly (14 in three:
 * 4.67, 4.67, 4.66): a maximum is the key's, never a hundredth more or less.
 */
export function equalShares(total: number, n: number): number[] {
  const cents = Math.round(total * 100);
  const base = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => (base + (i < cents - base * n ? 1 : 0)) / 100);
}

/**
 * A task total ("Aufgabe 1 … /6") over subtasks whose solutions carry bare numbers ("x = 5 (2)"): when the
 * bare numbers of the subtasks without points add up to what the total leaves beside the subtasks with
 * points, they are those subtasks' points, as surely as "(2 P)" (the same test as a key's total line
 * confirms bare marks, point-marks.ts). Null otherwise; the subtasks with points keep theirs.
 */
function bareMarksOfTotal(subUnits: KeyUnit[], total: number): (number | null)[] | null {
  const open = subUnits.filter((u) => u.maxPoints === null);
  if (open.length === 0) return null;
  const known = subUnits.reduce((s, u) => s + (u.maxPoints ?? 0), 0);
  const sums = subUnits.map((u) => {
    if (u.maxPoints !== null) return null;
    // "… (1) → n = log 2 / log 1,025 (2) ≈ 28,07 → nach 29 Jahren (1)   (4)": the steps count, not their sum
    return withoutClosingSums(
      u.expected,
      findPointMarks(u.expected).filter((m) => m.weak),
    ).reduce((s, m) => s + m.value, 0);
  });
  if (sums.some((v) => v === 0)) return null;
  const bare = sums.reduce<number>((a, b) => a + (b ?? 0), 0);
  return Math.abs(known + bare - total) < 0.001 ? sums : null;
}

/** "A) Harz", "(B) Alpen", "c) Elbe": an option of a multiple-choice question, up to the next option */
const optionPattern = /(?:^|\s)\(?([A-Ea-e])\)\s*(.+?)(?=\s+\(?[A-Ea-e]\)\s|\s+[–—]\s|\n|$)/g;

/**
 * A key's closed question, scored as such: multiple choice (below) or a sentence with gaps and the sentence
 * completed ("She ___ (live) in Berlin since 2019. – She has lived in Berlin since 2019."), where each gap's
 * words must stand in the pupil's sentence, as a teacher marks a gap exercise. Otherwise null: an open answer.
 */
export function closedQuestionOfKey(unit: KeyUnit): Question | null {
  return (
    multipleChoiceOfKey(unit) ??
    numberedGapsOfKey(unit) ??
    gapSentenceOfKey(unit) ??
    hintedFormsOfKey(unit) ??
    itemFormsOfKey(unit) ??
    listedFormsOfKey(unit) ??
    numberedItemsOfKey(unit)
  );
}

/**
 * "1 is reading  2 are playing  3 am writing", "(1) is swimming  (2) are playing  (3) am writing" (a note in
 * brackets on the lines below): the solutions of a task's numbered items written in a row, three or more
 * from 1 on; each is a gap, in order.
 */
function numberedItemsOfKey(unit: KeyUnit): Question | null {
  // the items are set apart by two spaces or more, which withoutPointMarks would tidy away
  const lines = unit.expected
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^\(.*\)$/.test(l));
  if (lines.length !== 1) return null;
  const items = lines[0]!
    .split(/\s{2,}(?=\(?\d{1,2}\)?\s)/)
    .map((p) => /^\(?(\d{1,2})\)?\s+(\S.*)$/.exec(withoutPointMarks(p).trim()));
  if (items.length < 3 || items.some((m, i) => m === null || Number(m[1]) !== i + 1)) return null;
  // "plays (every Saturday)": a note that is no other form is the item's hint, not part of its form
  const forms = items.map((m) => {
    const form = withNotedAlternative(m![2]!.trim());
    return form.includes('/') ? form : form.replace(/\s+\([^()]*\)$/, '');
  });
  if (forms.some((f) => f.split(/\s+/).length > 4)) return null;
  // the key's notes on the lines below ("falsch geschriebene -ing-Form = 0") stay with the question
  const notes = unit.expected
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^\(.*\)$/.test(l));
  return {
    ...closedBase(unit),
    text: [unit.question, ...notes].filter(Boolean).join('\n'),
    type: 'cloze',
    correctAnswer: forms.join('|'),
  };
}

/**
 * "melts (will melt also ok)", "were (auch: was)", "fui (oder: estuve)": a form and, in its note, another
 * form the key accepts, written as the key's alternatives ("melts/will melt"). Any other note stays.
 */
function withNotedAlternative(form: string): string {
  const m =
    /^(.+?)\s*\((?:(.+?)\s+(?:also\s+(?:ok|correct|accepted|possible)|auch\s+(?:richtig|möglich|ok))|(?:also|auch|oder|or)\s*:?\s+(.+?))\)$/i.exec(
      form,
    );
  return m ? `${m[1]}/${(m[2] ?? m[3])!.trim()}` : form;
}

/**
 * "Write down the simple past: go, buy, see, stop" over "went – bought – saw – stopped (1 each)": the
 * question lists its prompts after a colon, the solution as many short forms in the same order; each form
 * is a gap, as a teacher ticks such a list.
 */
function listedFormsOfKey(unit: KeyUnit): Question | null {
  const colon = unit.question.lastIndexOf(':');
  if (colon < 0 || unit.expected.includes('\n')) return null;
  const prompts = unit.question
    .slice(colon + 1)
    .split(/\s*[,;]\s*/)
    .filter((p) => p.trim() !== '');
  const forms = withoutPointMarks(unit.expected)
    .replace(/\s*\([^()]*\)\s*$/, '')
    .split(/\s+[–—-]\s+|\s*[,;]\s*/)
    .map((f) => f.trim())
    .filter(Boolean);
  if (forms.length < 3 || forms.length !== prompts.length) return null;
  // "Trompete: Blechblasinstrument; …" names its pairs: a list of pairs, read as such (key-lists.ts)
  if (forms.some((f) => f.includes(':'))) return null;
  if (forms.some((f) => f.split(/\s+/).length > 3) || prompts.some((p) => p.split(/\s+/).length > 3))
    return null;
  // "(reine) Quinte": the word in brackets may be left out
  const optional = (f: string) =>
    /^\([^()]+\)\s+\S/.test(f) ? `${f.replace(/[()]/g, '')}/${f.replace(/^\([^()]+\)\s+/, '')}` : f;
  return {
    ...closedBase(unit),
    // a pupil who writes each prompt before its form ("c–e große Terz, c–g Quinte") is read by them
    text: prompts.map((p) => `${p.trim().replace(/[.!?]$/, '')} [..]`).join(', '),
    type: 'cloze',
    correctAnswer: forms.map(optional).join('|'),
  };
}

/**
 * Items whose solutions are forms of a few words ("→ a fini", "→ sont partis"): each item is a gap, scored
 * on its own and in the prompts' order, as a form exercise is ticked. "allé(e)s" allows both endings.
 * Longer solutions (a whole sentence) stay open answers.
 */
function itemFormsOfKey(unit: KeyUnit): Question | null {
  if (!unit.itemSolutions) return null;
  const forms = withoutPointMarks(unit.expected)
    .split('\n')
    .map((l) => l.trim().replace(/[.!]$/, ''));
  if (forms.some((f) => f.split(/\s+/).length > 3 || f === '')) return null;
  const withEndings = (f: string) =>
    /\p{L}\((\p{L}{1,3})\)/u.test(f)
      ? `${f.replace(/\((\p{L}{1,3})\)/gu, '')}/${f.replace(/\((\p{L}{1,3})\)/gu, '$1')}`
      : f;
  return {
    ...closedBase(unit),
    text: unit.question,
    type: 'cloze',
    correctAnswer: forms.map(withEndings).join('|'),
  };
}

/** "(ser) era": the base form a cloze gives in brackets, and the form that fills the gap after it */
const hintedForm = /\((\p{Ll}[\p{L}' /]{1,30})\)\s+(\p{L}[\p{L}'’-]*)/gu;

/**
 * A cloze written out as its solution, each gap's base form in brackets before the form that fills it
 * ("Cuando yo (ser) era pequeño, (vivir) vivía en Sevilla."), as a key for "Setze die richtige Form ein"
 * writes it: each form is a gap, scored on its own. Three such gaps at least, so that a note in brackets
 * ("x = 5 (gerundet) weil") is no gap, and no arrow, dash or gap line, which a prompt with its solution has.
 */
function hintedFormsOfKey(unit: KeyUnit): Question | null {
  const text = withoutPointMarks(unit.expected);
  const forms = [...text.matchAll(hintedForm)];
  // "Hier, nous (aller) au cinéma. → sommes allé(e)s": the solution follows an arrow or a dash; the
  // words after the bracket are the prompt's
  if (forms.length < 3 || /[→⇒]|=>|\s[–—]\s|_{2,}/.test(text)) return null;
  return {
    ...closedBase(unit),
    text: text.replace(hintedForm, '[..] ($1)').replace(/\s+/g, ' ').trim(),
    type: 'cloze',
    correctAnswer: forms.map((m) => m[2]!).join('|'),
  };
}

const numberedGap = /\((\d{1,2})\)\s*_{2,}/g;

/**
 * A text with numbered gaps („Der Hund stammt vom (1) ______ ab. … (2) ______“) and a line of their
 * solutions („(1) Wolf  (2) Rudel  (4) Fangzähnen (Eckzähnen)“): a cloze, each gap scored on its own. An
 * alternative in brackets or after a slash („didn't see / did not see“) is right too.
 */
function numberedGapsOfKey(unit: KeyUnit): Question | null {
  const lines = `${unit.question}\n${unit.expected}`.split('\n');
  const gaps = lines.flatMap((line) => [...line.matchAll(numberedGap)].map((m) => m[1]!));
  if (gaps.length < 2) return null;
  const solutionLine = lines.find(
    (line) => !/_{2,}/.test(line) && (line.match(/\(\d{1,2}\)/g) ?? []).length >= gaps.length,
  );
  if (!solutionLine) return null;
  const solutions = new Map<string, string>();
  for (const m of withoutPointMarks(solutionLine).matchAll(/\((\d{1,2})\)\s*(.+?)(?=\s*\(\d{1,2}\)|$)/g))
    solutions.set(
      m[1]!,
      m[2]!
        .trim()
        .replace(/\s*\(([^()]+)\)$/, '/$1')
        .replace(/\s*\/\s*/g, '/'),
    );
  if (!gaps.every((gap) => solutions.get(gap))) return null;
  return {
    ...closedBase(unit),
    text: lines
      .filter((line) => numberedGap.test(line))
      .join(' ')
      .replace(numberedGap, '[..]')
      .replace(/\s+/g, ' ')
      .trim(),
    type: 'cloze',
    correctAnswer: gaps.map((gap) => solutions.get(gap)!).join('|'),
  };
}

function gapSentenceOfKey(unit: KeyUnit): Question | null {
  if (!/_{2,}/.test(unit.question) || unit.expected.includes('\n')) return null;
  // the hint after a gap ("___ (never / be)") is the sheet's, not part of the sentence
  const prompt = unit.question
    .replace(/(_{2,})\s*\([^()]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const parts = prompt.split(/_{2,}/).map((p) => p.trim());
  const pattern = parts
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'))
    .join('\\s*(.+?)\\s*');
  const completed = new RegExp(`^${pattern}$`, 'is').exec(withoutPointMarks(unit.expected).trim());
  if (!completed) return null;
  return {
    ...closedBase(unit),
    text: parts.join(' [..] ').replace(/\s+/g, ' '),
    type: 'cloze',
    correctAnswer: completed.slice(1).join('|'),
  };
}

function closedBase(unit: KeyUnit): Question {
  return {
    id: `${unit.taskNumber}${unit.subtaskLabel}`,
    text: unit.question,
    type: 'open',
    options: [],
    correctAnswer: '',
    points: unit.maxPoints ?? 1,
    orderIndex: 0,
    correctionTemplate: '',
    resources: [],
    matchingPairs: [],
  };
}

/**
 * A key's multiple-choice question: options lettered in the question ("A) … B) …" or "(A) … (B) …", from
 * A on) and a solution that is only letters ("Lösung: B", "A, C"). It is scored as a closed question, so
 * the letter, the option's text or a cross count alike and a second cross where one is right costs the
 * point, as teachers grade a multiple-choice question. Anything else stays an open answer.
 */
function multipleChoiceOfKey(unit: KeyUnit): Question | null {
  // "a) Wasser   b) Vakuum   c) Holz" over "b": the options stand in the key's solution, the letter after them
  // (or "richtig: b, d – je richtiges Kreuz 1 P.", a note below it)
  const solutionLines = unit.expected.split('\n').filter((l) => l.trim() !== '');
  const chosenLine = solutionLines.findIndex((l) => choiceLetters.test(l));
  const chosenAfterOptions =
    chosenLine >= 1 && [...solutionLines.slice(0, chosenLine).join('\n').matchAll(optionPattern)].length >= 2;
  if (chosenAfterOptions)
    return multipleChoiceOfKey({
      ...unit,
      question: `${unit.question}\n${solutionLines.slice(0, chosenLine).join('\n')}`,
      expected: choiceLetters.exec(solutionLines[chosenLine]!)![1]!.trim(),
    });
  const written = withoutPointMarks(unit.expected.split('\n')[0] ?? '')
    .replace(/^\(\w\)\s+.*$/, (m) => m.slice(0, 3)) // "(B) Bayern": the option as optionText wrote it
    .trim();
  // "b (6 Spieler je Mannschaft)": the letter, and in brackets the option's text
  const explained = /^([A-Ea-e])\s+\(([^()]+)\)\.?$/.exec(written);
  const solution = explained ? explained[1]! : written;
  const letters = /^\(?([A-Ea-e])\)?(?:\s*(?:,|und|\+|\s)\s*\(?([A-Ea-e])\)?)*\.?$/.test(solution)
    ? (solution.match(/[A-Ea-e](?![\p{L}])/gu) ?? []).map((l) => l.toLowerCase())
    : [];
  if (letters.length === 0) return null;
  const options = [...unit.question.matchAll(optionPattern)].map((m) => ({
    letter: m[1]!.toLowerCase(),
    text: m[2]!.trim(),
  }));
  // a key that is a list of answers by the letter alone ("1  b", "2  c (dreimal)"), its questions and
  // options printed on the pupils' sheet only: the options a to d (or to the key's letter), the key's own
  // one with the text it gives ("Lösung: a" under a question of its own asks for a letter, no option)
  if (options.length === 0 && letters.length === 1 && unit.question.trim() === '') {
    const last = Math.max(3, 'abcde'.indexOf(letters[0]!));
    return {
      ...closedBase(unit),
      type: 'multiple-choice',
      options: [...'abcde'.slice(0, last + 1)].map((letter) => ({
        id: letter,
        text: letter === letters[0] ? (explained?.[2]?.trim() ?? '') : '',
        isCorrect: letter === letters[0],
      })),
      correctAnswer: letters[0]!,
    };
  }
  const inOrder = options.every((o, i) => o.letter === 'abcde'[i]);
  if (options.length < 2 || !inOrder || letters.some((l) => !options.some((o) => o.letter === l)))
    return null;
  return {
    ...closedBase(unit),
    type: 'multiple-choice',
    options: options.map((o) => ({ id: o.letter, text: o.text, isCorrect: letters.includes(o.letter) })),
    correctAnswer: letters.join(', '),
  };
}
