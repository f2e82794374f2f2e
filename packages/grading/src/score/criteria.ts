import { countOf } from '@korrigo/domain';
import type { LanguageFinding } from '../language/language-finding';
import { argumentationCheckOf } from './argumentation';

/**
 * Aspects of a key that name a quality of the writing instead of its content ("Sprachrichtigkeit (2 P)",
 * "Präsens, sachlicher Stil, keine wörtliche Rede (2 P)", "Einleitungssatz mit Autor, Titel, Textsorte und
 * Thema (2 P)"), as German teachers write them for an Inhaltsangabe, Erörterung or Analyse. Their words are
 * not expected in the answer, so they are not matched as content: each is checked as far as a program can
 * (issue 13 §2, §7), and the teacher is asked to look where the check is only a proposal.
 */

export type CriterionResult = {
  /** 0..1 */
  credit: number;
  /** what the check found, in German, for the feedback */
  note: string;
  /** where in the answer (offsets relative to it), when the check points at a passage */
  span?: { start: number; end: number };
  /** the check proposes; the teacher decides */
  proposal: boolean;
  /** the credit is a count's share (2,5 of 3 sentences) and is kept as it is, not rounded to quarters */
  exact?: boolean;
  /** the check reads only part of the criterion (not the tense asked for): the teacher confirms even full credit */
  confirm?: boolean;
  /**
   * The check found no sign of what the criterion asks, though the answer may say it in other words: the
   * deduction rests on words not found (ADR 0035), as a content aspect's does.
   */
  notFound?: boolean;
};

export type CriterionContext = {
  answer: string;
  /** language findings in this answer, offsets relative to it */
  findings: LanguageFinding[];
  /** the key's own text around the task (title, author, text type are named there) */
  keyContext: string;
};

type Check = (context: CriterionContext) => CriterionResult;

const words = (s: string) => (s.match(/\p{L}+/gu) ?? []).length;

// "„Iss du man vier. Ich kann …“": a quotation of at least four words, i.e. direct speech, not a title
const directSpeech = /[„"»]([^„“"«»]*?\p{L}+[^„“"«»]*?)[“"«]/gu;

function quotations(answer: string, keyContext: string) {
  const titles = new Set([...keyContext.matchAll(directSpeech)].map((m) => m[1]!.trim().toLowerCase()));
  return [...answer.matchAll(directSpeech)].filter(
    (m) => words(m[1]!) >= 4 && !titles.has(m[1]!.trim().toLowerCase()),
  );
}

const noDirectSpeech: Check = ({ answer, keyContext }) => {
  const found = quotations(answer, keyContext);
  if (found.length === 0) return { credit: 1, note: 'keine wörtliche Rede', proposal: false };
  const first = found[0]!;
  return {
    credit: 0,
    note: `wörtliche Rede: ${first[0]}`,
    span: { start: first.index, end: first.index + first[0].length },
    proposal: false,
  };
};

/** Errors per 100 words: up to 1 full credit, up to 2,5 half, up to 4 a quarter (the usual tables). */
const languageCorrectness: Check = ({ answer, findings }) => {
  const counted = findings.filter((f) => f.category === 'spelling' || f.category === 'grammar').length;
  const perHundred = (100 * counted) / Math.max(1, words(answer));
  // nothing written shows no language at all: no credit, not a faultless text
  const credit =
    words(answer) === 0 ? 0 : perHundred <= 1 ? 1 : perHundred <= 2.5 ? 0.5 : perHundred <= 4 ? 0.25 : 0;
  return {
    credit,
    note: `${counted} ${counted === 1 ? 'markierter' : 'markierte'} Sprachfehler in ${countOf(words(answer), 'Wort', 'Wörtern')}`,
    proposal: true,
  };
};

// common past forms (Präteritum) outside quotations: a summary should stay in the present tense
const pastForms =
  /\b(?:war|waren|hatte|hatten|ging|gingen|kam|kamen|sah|sahen|sagte|sagten|gab|gaben|fand|fanden|stand|standen|wurde|wurden|machte|machten|lag|lagen|aß|aßen|wachte|wachten|hörte|hörten|merkte|merkten)\b/gi;

const presentTense: Check = ({ answer, keyContext }) => {
  let outside = answer;
  for (const m of quotations(answer, keyContext)) outside = outside.replace(m[0], ' '.repeat(m[0].length));
  const past = [...outside.matchAll(pastForms)];
  if (past.length === 0) return { credit: 1, note: 'Präsens', proposal: true };
  return {
    credit: past.length >= 3 ? 0 : 0.5,
    note: `Präteritum: ${past
      .slice(0, 3)
      .map((m) => `„${m[0]}“`)
      .join(', ')}`,
    span: { start: past[0]!.index, end: past[0]!.index + past[0]![0].length },
    proposal: true,
  };
};

const objectiveStyle: Check = ({ findings }) => {
  const style = findings.filter((f) => f.category === 'style');
  return style.length === 0
    ? { credit: 1, note: 'sachlicher Stil', proposal: true }
    : {
        credit: 0.5,
        note: `Umgangssprache oder sehr lange Sätze: ${style
          .slice(0, 2)
          .map((f) => `„${f.quoted}“`)
          .join(', ')}`,
        span: { start: style[0]!.start, end: style[0]!.end },
        proposal: true,
      };
};

/**
 * "Antwortsatz": the answer says its result in a sentence of its own, at least four words from a capital
 * to a full stop, with a number in it ("Das Gewitter ist 1020 m entfernt."), as maths and science keys ask.
 */
const answerSentence: Check = ({ answer }) => {
  const sentence = [...answer.matchAll(/(?<![\p{L}\d])\p{Lu}[^.!?\n]*[.!]/gu)].find(
    (m) => words(m[0]) >= 4 && /\d/.test(m[0]) && !/=/.test(m[0]),
  );
  // no such sentence may still be an answer in other words: the deduction rests on words not found
  return sentence
    ? { credit: 1, note: `Antwortsatz: „${sentence[0].trim()}“`, exact: true, proposal: false }
    : { credit: 0, note: 'kein Antwortsatz', exact: true, proposal: false, notFound: true };
};

const textTypes =
  /\b(?:Kurzgeschichte|Erzählung|Novelle|Roman|Gedicht|Ballade|Fabel|Märchen|Sage|Parabel|Drama|Komödie|Tragödie|Szene|Artikel|Kommentar|Reportage|Rede|Sachtext|Zeitungsartikel|Kalendergeschichte|Anekdote|Lied|Song|short story|poem|novel)\b/i;

/** The first sentence names the author and title the key names, and a text type. */
const introduction: Check = ({ answer, keyContext }) => {
  const first = /^[\s\S]*?[.!?](?:\s|$)/.exec(answer.trim())?.[0] ?? answer;
  const titles = [...keyContext.matchAll(directSpeech)].map((m) => m[1]!.trim());
  const names = [...keyContext.matchAll(/\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+?(?=s?\s+„|\b)/gu)]
    .map((m) => m[0].split(/\s+/).at(-1)!.replace(/s$/, ''))
    .filter((n) => n.length >= 4);
  const parts = [
    { name: 'Titel', present: titles.length === 0 || titles.some((t) => first.includes(t)) },
    {
      name: 'Autor',
      present: names.length === 0 || names.some((n) => first.toLowerCase().includes(n.toLowerCase())),
    },
    { name: 'Textsorte', present: textTypes.test(first) },
  ];
  const present = parts.filter((p) => p.present);
  return {
    credit: present.length / parts.length,
    note:
      present.length === parts.length
        ? 'Einleitungssatz mit Titel, Autor und Textsorte'
        : `im Einleitungssatz fehlt: ${parts
            .filter((p) => !p.present)
            .map((p) => p.name)
            .join(', ')}`,
    proposal: true,
  };
};

const numberWords: Record<string, number> = {
  ein: 1,
  einen: 1,
  eine: 1,
  einem: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
};

/** "Schreibe drei Sätze", "Write three short sentences", "(deux phrases, 2 Punkte)": how many are asked. */
function sentencesAsked(keyContext: string): number | null {
  for (const m of keyContext.matchAll(
    /(?<![\p{L}\d])(\d+|\p{L}+)(?=\s+(?:\p{L}+\s+)?(?:Sätze|Satz|sentences?|phrases?)\b)/giu,
  )) {
    const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : numberWords[m[1]!.toLowerCase()];
    if (n !== undefined && n >= 1 && n <= 10) return n;
  }
  return null;
}

/**
 * "jeder richtige Satz im simple past 1 Punkt", "(jede Antwort im passé composé, sinnvoll und richtig: 1 Punkt
 * pro Satz)": the points are counted by the sentences written. A sentence of at least three words counts
 * fully, with a marked language error in it half (the teacher's usual half point for a mistake); the best
 * sentences up to the number the task asks for (all written when it names none) count. Whether a sentence
 * says the right thing (the tense, the word classes) is for the teacher to confirm: a proposal.
 */
const sentencesWritten: Check = ({ answer, findings, keyContext }) => {
  const sentences = [...answer.matchAll(/[^.!?\n]+[.!?]*/g)]
    .map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }))
    .filter((x) => words(x.text) >= 3);
  const values = sentences
    .map((x) =>
      findings.some(
        (f) => (f.category === 'spelling' || f.category === 'grammar') && f.start < x.end && f.end > x.start,
      )
        ? 0.5
        : 1,
    )
    .sort((a, b) => b - a);
  const asked = sentencesAsked(keyContext) ?? Math.max(1, sentences.length);
  const counted = values.slice(0, asked);
  const sum = counted.reduce((s, v) => s + v, 0);
  const withErrors = counted.filter((v) => v < 1).length;
  return {
    credit: Math.min(1, sum / asked),
    note:
      `${Math.min(sentences.length, asked)} von ${asked} ${asked === 1 ? 'Satz' : 'Sätzen'} geschrieben` +
      (withErrors > 0 ? `, ${withErrors} mit Sprachfehler` : ''),
    proposal: true,
    exact: true,
    confirm: true,
  };
};

// at the start of the criterion, and about right sentences ("Jeder Satz beginnt groß" is content)
const perSentence =
  /^(?:jede[rsn]?|pro|je|each|every|per|chaque|par)\b[^()]{0,60}?\b(?:Satz|Antwort|sentence|answer|phrase|réponse)\b/i;
const rightness = /\b(?:richtig\p{L}*|korrekt\p{L}*|fehlerfrei\p{L}*|correct\p{L}*|juste)\b/iu;

/** "(about 60 words)", "(ca. 80 Wörter)", "(unas 60 palabras)", "(environ 60 mots)": the length asked for */
function wordsAsked(keyContext: string): number | null {
  const m = /(\d{2,4})\s*(?:words|Wörter|Wörtern|palabras|mots)\b/iu.exec(keyContext);
  return m ? Number(m[1]) : null;
}

/**
 * The content of a free text, rated beside its language ("content: at least three ideas with reasons",
 * "contenido: dónde, con quién, qué hiciste", "Inhalt (4)"): whether its ideas fulfil the task no word list
 * can tell, in the pupil's language least of all. The check reads how much was written against the length
 * asked for (30 words where none is named) and only proposes; the teacher confirms even full credit.
 */
const contentOfWriting: Check = ({ answer, keyContext }) => {
  const written = words(answer);
  const asked = wordsAsked(keyContext);
  const share = written / (asked ?? 30);
  const credit = written === 0 ? 0 : share >= 0.8 ? 1 : share >= 0.5 ? 0.5 : 0.25;
  return {
    credit,
    note:
      `${countOf(written, 'Wort', 'Wörter')} geschrieben` +
      (asked ? ` (verlangt: etwa ${asked})` : '') +
      '; ob der Inhalt die Aufgabe erfüllt, entscheidet die Lehrkraft',
    proposal: true,
    confirm: true,
  };
};

const checks: { pattern: RegExp; check: Check }[] = [
  { pattern: /keine\s+(?:wörtliche\s+Rede|Zitate)|ohne\s+wörtliche\s+Rede/i, check: noDirectSpeech },
  {
    pattern:
      /^(?:Sprachrichtigkeit|sprachliche\s+Richtigkeit|Rechtschreibung|Grammatik|Zeichensetzung|Satzbau|Ausdruck|Wortschatz|Sprache|Korrektheit|correctness|accuracy|language(?:\s+correctness)?|spelling|grammar|langue|lengua)$/i,
    check: languageCorrectness,
  },
  {
    pattern:
      /^(?:content|contenido|contenu|Inhalt|task\s+(?:fulfilment|achievement))(?:\s*\/\s*(?:arguments|ideas|Argumente|Ideen|ideas))?$/i,
    check: contentOfWriting,
  },
  { pattern: /^(?:im\s+)?Präsens$|^Tempus/i, check: presentTense },
  { pattern: /^(?:sachliche[rn]?\s+)?(?:Stil|Sprache)$|^sachlich$/i, check: objectiveStyle },
  { pattern: /^Einleitung(?:ssatz)?\b/i, check: introduction },
  { pattern: /^(?:Antwortsatz|Antwort\s+als\s+Satz|ganzer\s+Antwortsatz)$/i, check: answerSentence },
];

// what a criterion's description says of the writing: qualities, not things
// (and in the words of English and Spanish keys), or the questions a free text is to answer
const describesQuality =
  /(?<!\p{L})(?:klar|schlüssig|nachvollziehbar|anschaulich|passend|sachlich|korrekt|vollständig|erkennbar|überzeugend|stützt|verknüpft|Schlussfolgerung|Fehlern?|Umgangssprache|richtig verwendet|correct|accurate|appropriate|range of|mistakes|errors|task fulfil|ideas|dónde|cuándo|con quién|qué|cómo|where|when|what|how)\p{L}*/iu;

/**
 * The checks of an aspect that is made of writing criteria only ("Präsens, sachlicher Stil, keine
 * wörtliche Rede"), or null when any part of it is content (then it is scored as content).
 */
export function criteriaOf(aspectText: string): Check[] | null {
  const text = aspectText.trim().replace(/[.;:]+$/, '');
  const whole = checks.find((c) => /^Einleitung/i.test(text) && c.check === introduction);
  if (whole) return [introduction];
  // "jeder richtige Satz 1 P", "je Satz 2 (Inhalt 1, Sprache 1)": counted by the sentences written
  if (
    perSentence.test(text) &&
    (rightness.test(text) || /\b(?:Inhalt|Sprache|content|language)\b/i.test(text))
  )
    return [sentencesWritten];
  const argument = argumentationCheckOf(text);
  if (argument) return [argument];
  // "These: Das Argument ist klar formuliert …", "Stil: sachlich, keine Umgangssprache": a criterion's name
  // and what it means; "Beispiel: Rolltreppe, Förderband" names the content instead
  const named = /^([^:]{2,40}):\s+(.+)$/s.exec(text);
  if (named && describesQuality.test(named[2]!)) return criteriaOf(named[1]!);
  // "content/arguments": one criterion under two names
  const one = checks.find((c) => c.check === contentOfWriting && c.pattern.test(text));
  if (one) return [one.check];
  // "Sprache (Grammatik, Wortschatz, Satzbau)": what the brackets list is the criterion's parts, not others
  const parts = text
    .replace(/\s*\([^()]*\)/g, '')
    .split(/\s*,\s*|\s+und\s+|\s*\/\s*/)
    .filter(Boolean);
  const found = parts.map(
    (part) => checks.find((c) => c.pattern.test(part.trim()))?.check ?? argumentationCheckOf(part),
  );
  return found.length > 0 && found.every((c) => c !== null) ? (found as Check[]) : null;
}

/** Runs the checks of a criteria aspect: the mean credit, the notes joined. */
export function scoreCriteria(criteria: Check[], context: CriterionContext): CriterionResult {
  const results = criteria.map((check) => check(context));
  const credit = results.reduce((s, r) => s + r.credit, 0) / results.length;
  const failing = results.filter((r) => r.credit < 1);
  const span = failing.find((r) => r.span)?.span;
  return {
    credit: results.every((r) => r.exact) ? credit : Math.round(credit * 4) / 4,
    // "Rechtschreibung und Satzbau" runs one check twice: its note once
    note: [...new Set((failing.length > 0 ? failing : results).map((r) => r.note))].join('; '),
    ...(span ? { span } : {}),
    proposal: results.some((r) => r.proposal && (r.credit < 1 || r.confirm)),
    ...(results.some((r) => r.notFound) ? { notFound: true } : {}),
  };
}
