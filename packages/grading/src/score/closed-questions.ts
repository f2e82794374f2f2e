import { countOf, matchingOrderOf, type Question } from '@korrigo/domain';
import { editDistance, foldForComparison } from '../text/tokenize';

/** A located finding in the answer text; offsets relative to the answer string given. */
export type Finding = {
  kind: 'wrong' | 'missing' | 'spelling';
  title: string;
  details: string;
  suggestion: string;
  severity: 'minor' | 'moderate' | 'severe';
  start: number;
  end: number;
  quoted: string;
  deduction: number;
};

export type ClosedResult = { achieved: number; max: number; findings: Finding[]; feedback: string };

const letters = 'abcdefghijklmnopqrst';

/**
 * Multiple choice, exactly: the set of options the student marked must equal the set of correct ones.
 * Marked options are read from "[x] text", "☒ text", "X b)" lines or an "Antwort: a, c" line, then from
 * option letters or option texts standing alone in the answer.
 */
export function scoreMultipleChoice(q: Question, answer: string): ClosedResult {
  const chosen = new Set<number>();
  const lines = answer.split('\n');
  const folded = q.options.map((o) => foldForComparison(o.text));
  for (const line of lines) {
    const marked = /^\s*(?:\[\s*[xX✓✔]\s*\]|☒|☑|✓|✔|\(\s*[xX]\s*\)|[xX]\s+)/.test(line);
    if (!marked) continue;
    const rest = foldForComparison(
      line.replace(/^\s*(?:\[\s*[xX✓✔]\s*\]|☒|☑|✓|✔|\(\s*[xX]\s*\)|[xX]\s+)/, ''),
    );
    const byLetter = /^([a-t])\)?(?:\s|$)/.exec(rest);
    const idx = byLetter
      ? letters.indexOf(byLetter[1]!)
      : folded.findIndex((f) => f.length > 0 && rest.includes(f));
    if (idx >= 0 && idx < q.options.length) chosen.add(idx);
  }
  if (chosen.size === 0) {
    const answerLine = /(?:Antwort|Lösung)\s*:\s*(.+)/i.exec(answer)?.[1] ?? answer;
    const compact = foldForComparison(answerLine);
    const lettersOnly = /^([a-t](?:\s*(?:,|und|\s)\s*[a-t])*)\s*$/.exec(compact.replace(/\)/g, ''));
    if (lettersOnly) {
      for (const l of lettersOnly[1]!.match(/[a-t]/g) ?? []) {
        const idx = letters.indexOf(l);
        if (idx < q.options.length) chosen.add(idx);
      }
    } else {
      folded.forEach((f, i) => {
        if (f.length > 0 && compact.includes(f)) chosen.add(i);
      });
      // "b (6 Spieler)", "c) dreimal": the letter first, then the option's words
      const lead = /^\s*\(?([a-t])(?:\)|(?=\s*[(:–-]))/i.exec(answerLine);
      const led = lead ? letters.indexOf(lead[1]!.toLowerCase()) : -1;
      if (chosen.size === 0 && led >= 0 && led < q.options.length) chosen.add(led);
    }
  }
  const correct = new Set(q.options.flatMap((o, i) => (o.isCorrect ? [i] : [])));
  const same = chosen.size === correct.size && [...chosen].every((i) => correct.has(i));
  // the option without its own full stop: the sentence below closes it
  const label = (i: number) => `${letters[i]}) ${(q.options[i]?.text ?? '').replace(/\.$/, '')}`;
  if (same) return { achieved: q.points, max: q.points, findings: [], feedback: 'Richtige Auswahl.' };
  const wrong = [...chosen].filter((i) => !correct.has(i)).map(label);
  const missed = [...correct].filter((i) => !chosen.has(i)).map(label);
  const details =
    chosen.size === 0
      ? 'Es wurde keine Antwort erkannt.'
      : [
          wrong.length ? `Falsch gewählt: ${wrong.join('; ')}.` : '',
          missed.length ? `Nicht gewählt: ${missed.join('; ')}.` : '',
        ]
          .filter(Boolean)
          .join(' ');
  const quoted = answer.trim();
  const start = answer.indexOf(quoted);
  // "Kreuze die zwei richtigen Aussagen an": each right cross earns its share, each wrong one costs one, not
  // below 0, as such a task is marked (crossing every option earns nothing)
  const rightCrosses = [...chosen].filter((i) => correct.has(i)).length;
  const achieved =
    correct.size >= 2
      ? roundHalf((Math.max(0, rightCrosses - (chosen.size - rightCrosses)) * q.points) / correct.size)
      : 0;
  return {
    achieved,
    max: q.points,
    findings: [
      {
        kind: chosen.size === 0 ? 'missing' : 'wrong',
        title: 'Falsche Auswahl',
        details,
        suggestion: `Richtig: ${[...correct].map(label).join('; ')}.`,
        severity: 'severe',
        start: Math.max(0, start),
        end: Math.max(0, start) + quoted.length,
        quoted,
        deduction: q.points - achieved,
      },
    ],
    feedback: details,
  };
}

/** Cloze blank comparison: case, ä/ae, ß/ss folded; one slip in a word of 4+ letters earns the point. */
export function compareBlank(expected: string, given: string): 'exact' | 'slip' | 'wrong' {
  const alternatives = expected.split('/').map(foldForComparison);
  const g = foldForComparison(given);
  if (g.length === 0) return 'wrong';
  // the key's alternatives written out as the key writes them ("was/were") are right too
  if (alternatives.includes(g) || g === foldForComparison(expected)) return 'exact';
  if (alternatives.some((a) => a.length >= 4 && editDistance(a, g, 1) <= 1)) return 'slip';
  return 'wrong';
}

/**
 * Cloze: the blanks' solutions are `correctAnswer` split at "|". The student's blanks are read from the
 * question text with [..] replaced by what the student wrote when the text is repeated, otherwise from the
 * answer's lines (or comma-separated parts) in order.
 */
/**
 * The key says a misspelt form is wrong ("falsch geschriebene -ing-Form = 0", "spelling counts", "der
 * Akzent gehört zur Form", "accord et accents comptent"): a language test practising the form, where a slip
 * is no slip.
 */
const spellingCounts =
  /falsch geschrieben|Rechtschreibung(?:\s+[^\s.;)]+){0,3}\s+(?:zählt|wird\s+(?:gewertet|bewertet))|spelling\s+counts|incl(?:\.|uding)\s+spelling|Akzent\s+gehört|orthographe\s+compte|(?:accords?|accents?)(?:\s+et\s+(?:accords?|accents?))?\s+compte/i;

export function scoreCloze(q: Question, answer: string): ClosedResult {
  const solutions = q.correctAnswer.split('|').map((s) => s.trim());
  const exact = spellingCounts.test(q.text);
  const blanks = readBlanks(q.text, answer, solutions.length);
  const per = solutions.length > 0 ? q.points / solutions.length : 0;
  let achieved = 0;
  const findings: Finding[] = [];
  const wrongOnes: string[] = [];
  solutions.forEach((solution, i) => {
    const blank = blanks[i];
    const compared = blank ? compareBlank(solution, blank.text) : 'wrong';
    const verdict = exact && compared === 'slip' ? 'wrong' : compared;
    if (verdict === 'exact') achieved += per;
    else if (verdict === 'slip') {
      achieved += per;
      findings.push({
        kind: 'spelling',
        title: 'Rechtschreibung in der Lücke',
        details: `Lücke ${i + 1}: „${blank!.text}“ ist als richtig gewertet, wird aber „${solution}“ geschrieben.`,
        suggestion: solution,
        severity: 'minor',
        start: blank!.start,
        end: blank!.start + blank!.text.length,
        quoted: blank!.text,
        deduction: 0,
      });
    } else {
      wrongOnes.push(`Lücke ${i + 1}`);
      findings.push({
        kind: blank ? 'wrong' : 'missing',
        title: blank ? `Lücke ${i + 1} falsch` : `Lücke ${i + 1} fehlt`,
        details: blank
          ? `„${blank.text}“ passt nicht in Lücke ${i + 1}.`
          : `Lücke ${i + 1} ist nicht ausgefüllt.`,
        suggestion: `Richtig: ${solution}`,
        severity: 'moderate',
        start: blank?.start ?? 0,
        end: blank ? blank.start + blank.text.length : 0,
        quoted: blank?.text ?? '',
        deduction: per,
      });
    }
  });
  const correctCount = solutions.length - wrongOnes.length;
  return {
    achieved: roundHalf(achieved),
    max: q.points,
    findings,
    feedback: `${correctCount} von ${countOf(solutions.length, 'Lücke', 'Lücken')} richtig${wrongOnes.length ? ` (falsch oder leer: ${wrongOnes.join(', ')})` : ''}.`,
  };
}

type Blank = { text: string; start: number };

function readBlanks(questionText: string, answer: string, count: number): Blank[] {
  if (questionText.includes('[..]')) {
    const parts = questionText.split('[..]').map((p) => p.trim());
    const pattern = parts
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'))
      .join('\\s*(.+?)\\s*');
    const m = new RegExp(pattern + (parts.at(-1) === '' ? '$' : ''), 'ims').exec(answer);
    if (m && m.length - 1 === count) {
      const blanks: Blank[] = [];
      let from = m.index;
      for (let i = 1; i < m.length; i++) {
        // "Rot - Grün", "go → went", "c–e: große Terz": the sign that joins the prompt to its answer is not
        // part of the answer
        const text = m[i]!.replace(/^(?:[–—-]+>?|→|=|:)\s*/, '');
        const start = answer.indexOf(text, from);
        blanks.push({ text, start });
        from = start + text.length;
      }
      return blanks;
    }
  }
  const blanks: Blank[] = [];
  // gaps written on one line by their numbers: "(1) went (2) bought (3) was"; else one per line or in a row
  // between commas, semicolons, spaced dashes or slashes ("went – bought – was", "a fini / sont partis")
  // or by item numbers in a row: "1. sommes allés  2. a fini  3. sont partis", "is reading 2 are plaing 3 am"
  // (the first number may have been read as the task's label)
  const bareNumbers = [...answer.matchAll(/(?<=\S[ \t]+)(\d{1,2})[ \t]+(?=\p{L})/gu)].map((m) =>
    Number(m[1]),
  );
  const inRow =
    bareNumbers.length >= 2 && bareNumbers.every((n, i) => i === 0 || n === bareNumbers[i - 1]! + 1);
  const splitter =
    (answer.match(/\(\d{1,2}\)/g) ?? []).length >= 2
      ? /[^\n,;(]+|\(\d{1,2}\)[^\n,;(]*/g
      : (answer.match(/(?<=\S[ \t]+)\d{1,2}[.)][ \t]/g) ?? []).length >= 1
        ? /(?:^|(?<=\s))\d{1,2}[.)][ \t]+[^\n]*?(?=[ \t]+\d{1,2}[.)][ \t]|\n|$)/gm
        : inRow
          ? /(?:^|(?<=\s))(?:\d{1,2}[ \t]+)?\p{L}[^\n]*?(?=[ \t]+\d{1,2}[ \t]+\p{L}|\n|$)/gmu
          : /(?:[^\n,;–—/]|(?<=\S)[–—/](?=\S))+/g;
  for (const m of answer.matchAll(splitter)) {
    const raw = m[0];
    const cleaned = raw.replace(/^\s*(?:\(?\d+[.)]|Lücke\s*\d+\s*:|-|\d{1,2}[ \t]+(?=\p{L}))\s*/iu, '');
    const text = cleaned.trim();
    if (text.length === 0) continue;
    blanks.push({ text, start: m.index + raw.indexOf(text) });
  }
  return blanks;
}

// "1 – C", "1C", "1. C", "1) c", "1: C" (one or more per line, also "1 – C, 2 – A")
const letterPairPattern =
  /(?<![\p{L}\d])(\d{1,2})\s*[.):]?\s*(?:[–—-]+>?|→|:|=)?\s*([A-Ta-t])(?![\p{L}\d])/gu;

/**
 * Matching: the printed test numbers the left column and letters the shuffled right column
 * (`matchingOrderOf`); a pair is right when the student's line names both sides in words, or its number
 * and the letter under which its right side was printed. Points in proportion.
 */
export function scoreMatching(q: Question, answer: string): ClosedResult {
  const pairs = q.matchingPairs;
  const lines = [...answer.matchAll(/[^\n]+/g)].map((m) => ({
    text: m[0],
    start: m.index,
    folded: foldForComparison(m[0]),
  }));
  const order = matchingOrderOf(q);
  // the letter the student gave each left number, and where it stands
  const byLetter = new Map<number, { letter: number; start: number; end: number; text: string }>();
  for (const m of answer.matchAll(letterPairPattern)) {
    const left = Number(m[1]) - 1;
    const letter = m[2]!.toUpperCase().charCodeAt(0) - 65;
    if (left < 0 || left >= pairs.length || letter >= pairs.length || byLetter.has(left)) continue;
    byLetter.set(left, { letter, start: m.index, end: m.index + m[0].length, text: m[0] });
  }
  const findings: Finding[] = [];
  let right = 0;
  const per = pairs.length > 0 ? q.points / pairs.length : 0;
  for (const [index, pair] of pairs.entries()) {
    const given = byLetter.get(index);
    if (given) {
      if (order[given.letter] === index) {
        right++;
        continue;
      }
      const correct = String.fromCharCode(65 + order.indexOf(index));
      findings.push({
        kind: 'wrong',
        title: 'Falsche Zuordnung',
        details: `${index + 1}. „${pair.left}“ gehört zu ${correct} („${pair.right}“), nicht zu ${String.fromCharCode(65 + given.letter)} („${pairs[order[given.letter]!]!.right}“).`,
        suggestion: `${index + 1} – ${correct}`,
        severity: 'moderate',
        start: given.start,
        end: given.end,
        quoted: given.text,
        deduction: per,
      });
      continue;
    }
    const left = foldForComparison(pair.left);
    const rightSide = foldForComparison(pair.right);
    const line = lines.find((l) => l.folded.includes(left));
    if (line && line.folded.replace(left, ' ').includes(rightSide)) {
      right++;
      continue;
    }
    findings.push({
      kind: line ? 'wrong' : 'missing',
      title: line ? 'Falsche Zuordnung' : 'Zuordnung fehlt',
      details: line ? `„${pair.left}“ ist falsch zugeordnet.` : `Für „${pair.left}“ fehlt die Zuordnung.`,
      suggestion: `${pair.left} → ${pair.right}`,
      severity: 'moderate',
      start: line?.start ?? 0,
      end: line ? line.start + line.text.length : 0,
      quoted: line?.text ?? '',
      deduction: per,
    });
  }
  return {
    achieved: roundHalf(right * per),
    max: q.points,
    findings,
    feedback: `${right} von ${countOf(pairs.length, 'Zuordnung', 'Zuordnungen')} richtig.`,
  };
}

function roundHalf(x: number): number {
  return Math.round(x * 2) / 2;
}
