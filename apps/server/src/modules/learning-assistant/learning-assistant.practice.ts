import {
  clozeBlankMarker,
  learningAssistantTexts as texts,
  matchingOrderOf,
  type AnalysisResult,
  type GradingError,
  type PracticeCheck,
  type PracticeDifficulty,
  type PracticeItem,
  type QuestionType,
  type SavedTest,
} from '@korrigo/domain';
import { categoryInfo } from '@korrigo/grading';
import type { StoredPracticeQuestion } from '../../db/schema';
import { correctFormOf, sameSubject, type ResultRecord } from './learning-assistant.overview';

/**
 * Practice from her own weak areas (issue 17 §3): template items over her mistakes and weak tasks, built as
 * test creator questions so the engine that grades tests checks them. Pure; `random` is the only chance.
 */

/** A wrong form of hers with its right one, or a task she lost most points on with what was missing. */
export type PracticeMaterial =
  | {
      kind: 'mistake';
      /** the error's category label or name */
      label: string;
      category: string | undefined;
      wrong: string;
      right: string;
      /** every form the result offers ('erstaunlich, stark'); a cloze accepts each */
      accepted: string[];
      /** her sentence with the wrong form, when the result locates it in her text */
      sentence: Sentence | null;
    }
  | { kind: 'task'; label: string; aspects: string[] };

const maxFormLength = 60;
const weakShare = 0.6;

/** Her sentence around the wrong form: the text before it and after it, each read on its own. */
export type Sentence = { before: string; after: string };

export const sentenceWith = (sentence: Sentence, middle: string) =>
  `${sentence.before}${middle}${sentence.after}`;

/** Words after which 'dass' takes no comma of its own ('ohne dass', 'so dass', 'als dass', 'nur dass' …). */
const dassWithoutComma = new Set(['ohne', 'so', 'als', 'statt', 'anstatt', 'außer', 'nur', 'kaum', 'bis']);

/**
 * Her sentence as it is right: 'dass' opens a subordinate clause and so has a comma before it, which the
 * pupil who wrote 'das' mostly left out too ('Ich glaube das wir …'). Without it, the cloze and the solution
 * would teach the next mistake.
 */
export function rightSentence(sentence: Sentence, right: string): Sentence {
  if (right.toLowerCase() !== 'dass') return sentence;
  const before = sentence.before.trimEnd();
  const lastWord = /(\p{L}+)$/u.exec(before)?.[1];
  if (!lastWord || dassWithoutComma.has(lastWord.toLowerCase())) return sentence;
  return { ...sentence, before: `${before}, ` };
}

/**
 * The sentence of `text` around [start, end), when the location fits the text. The two sides are kept
 * apart, so the blank lands on her wrong form and not on the same letters elsewhere ('das' in 'dass').
 */
function sentenceAround(text: string, start: number, end: number, quoted: string): Sentence | null {
  let from = start;
  let to = end;
  if (text.slice(start, end) !== quoted) {
    const found = text.indexOf(quoted);
    if (found < 0) return null;
    from = found;
    to = found + quoted.length;
  }
  const head = text.slice(0, from);
  const sentenceStart = Math.max(head.search(/[^.!?\n]*$/), 0);
  const rest = text.slice(to);
  const stop = rest.search(/[.!?\n]/);
  const sentenceEnd = stop < 0 ? text.length : to + stop + (rest[stop] === '\n' ? 0 : 1);
  const flat = (part: string) => part.replace(/\s+/g, ' ');
  const before = flat(text.slice(sentenceStart, from))
    .replace(/^\s*(?:Antwort|Lösung)\s*:\s*/i, '')
    .trimStart();
  const after = flat(text.slice(to, sentenceEnd)).trimEnd();
  const length = before.length + quoted.length + after.length;
  // a sentence that cannot be read on its own (a whole paragraph, a lone word) is no good cloze
  if (length > 200 || before.length + after.length <= 3) return null;
  return { before, after };
}

/** The forms a suggestion lists ('erstaunlich, stark') where the first is taken as the right one. */
function acceptedForms(error: GradingError, right: string): string[] {
  const listed = error.suggestion
    .split(', ')
    .map((form) => form.trim())
    .filter((form) => form && !form.includes('/') && form.length <= maxFormLength);
  return listed.includes(right) && listed[0] === right ? listed : [right];
}

/** The material of one subject: her mistakes with a correct form (newest work first), then weak tasks. */
export function practiceMaterial(records: ResultRecord[], subject: string): PracticeMaterial[] {
  const mistakes: PracticeMaterial[] = [];
  const tasks: PracticeMaterial[] = [];
  const seen = new Set<string>();
  const mine = records
    .filter((r) => r.result && sameSubject(r.subject, subject))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  for (const record of mine) {
    const result = record.result as AnalysisResult;
    for (const task of result.tasks) {
      for (const subtask of task.subtasks) {
        for (const error of subtask.errors) {
          const wrong = error.location?.quoted_text.trim();
          const right = correctFormOf(error);
          if (!wrong || !right || wrong === right) continue;
          if (wrong.length > maxFormLength || right.length > maxFormLength) continue;
          const key = `${wrong}\u0000${right}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const location = error.location!;
          mistakes.push({
            kind: 'mistake',
            label: categoryInfo(error.category)?.label ?? error.title,
            category: error.category,
            wrong,
            right,
            accepted: acceptedForms(error, right),
            sentence: sentenceAround(record.studentText, location.start, location.end, location.quoted_text),
          });
        }
        const max = subtask.max_points;
        const achieved = subtask.achieved_points;
        if (max === null || achieved === null || max <= 0 || achieved / max > weakShare) continue;
        const aspects = [...new Set(subtask.errors.map((e) => e.suggestion.trim()).filter(Boolean))]
          .filter((a) => a.length <= 300)
          .slice(0, 4);
        if (aspects.length === 0) continue;
        const description = subtask.description.trim() || task.title.trim();
        if (!description) continue;
        tasks.push({ kind: 'task', label: description.replace(/\s+/g, ' ').slice(0, 300), aspects });
      }
    }
  }
  return [...mistakes, ...tasks];
}

/** Which types each difficulty asks for, in turn (spec: Leicht mostly multiple choice, …). */
const plans: Record<PracticeDifficulty, QuestionType[]> = {
  leicht: ['multiple-choice', 'multiple-choice', 'cloze'],
  mittel: ['cloze', 'multiple-choice'],
  schwer: ['open', 'matching'],
};

/** Types a difficulty also asks once its own are used up, rather than repeating an item word for word. */
const otherWays: Record<PracticeDifficulty, QuestionType[]> = {
  leicht: [],
  mittel: ['open'],
  schwer: ['cloze', 'multiple-choice'],
};

/** Near misses of a right form, for the options of a multiple-choice item. */
export function distractors(right: string, wrong: string): string[] {
  const out: string[] = [];
  const add = (candidate: string) => {
    const c = candidate.trim();
    if (c && c !== right && c !== wrong && !out.includes(c)) out.push(c);
  };
  const number = /-?\d+(?:[.,]\d+)?(?!.*\d)/.exec(right);
  if (number) {
    const value = Number(number[0].replace(',', '.'));
    const decimals = number[0].includes(',') || number[0].includes('.');
    for (const delta of [1, -1, 10]) {
      const changed = decimals ? (value + delta / 10).toFixed(1).replace('.', ',') : String(value + delta);
      add(right.slice(0, number.index) + changed + right.slice(number.index + number[0].length));
    }
  }
  const first = right.charAt(0);
  add((first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase()) + right.slice(1));
  const swaps: [RegExp, string][] = [
    [/ie/, 'i'],
    [/ss/, 'ß'],
    [/ß/, 'ss'],
    [/([bcdfgklmnprt])\1/, '$1'],
    [/([aeiouäöü])([bdfgklmnprt])(?!\2)/, '$1$2$2'],
    [/dt/, 't'],
    [/ä/, 'e'],
    [/e(?!i)/, 'ä'],
  ];
  for (const [pattern, replacement] of swaps) add(right.replace(pattern, replacement));
  return out;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

type Mistake = Extract<PracticeMaterial, { kind: 'mistake' }>;

function question(id: string, type: QuestionType, text: string, trains: string): StoredPracticeQuestion {
  return {
    id,
    type,
    text,
    options: [],
    correctAnswer: '',
    points: 1,
    orderIndex: 0,
    correctionTemplate: '',
    resources: [],
    matchingPairs: [],
    trains,
  };
}

/** One item of `type` from `material` (matching takes more of her mistakes, from `pool`), or null. */
function itemOf(
  type: QuestionType,
  material: PracticeMaterial,
  pool: Mistake[],
  id: string,
  random: () => number,
): StoredPracticeQuestion | null {
  if (material.kind === 'task') {
    if (type !== 'open') return null;
    const q = question(id, 'open', texts.openTask(material.label), texts.trainsTask(material.label));
    q.correctionTemplate = material.aspects.map((a) => `${a.replace(/[.\s]+$/, '')} (1 P)`).join('\n');
    q.points = material.aspects.length;
    return q;
  }
  // her wrong form names what is trained; the right one would give the answer away
  const trains = texts.trainsMistake(material.label, material.wrong);
  if (type === 'multiple-choice') {
    const text =
      material.category === 'spelling'
        ? texts.mcSpelling(material.wrong)
        : material.category === 'maths' || material.category === 'math'
          ? texts.mcMaths(material.wrong)
          : material.sentence
            ? texts.mcInSentence(material.wrong, sentenceWith(material.sentence, material.wrong))
            : texts.mcGeneric(material.wrong);
    const q = question(id, type, text, trains);
    const options = [
      { text: material.right, isCorrect: true },
      { text: material.wrong, isCorrect: false },
      ...distractors(material.right, material.wrong)
        .slice(0, 2)
        .map((t) => ({ text: t, isCorrect: false })),
    ];
    q.options = shuffled(options, random).map((o, i) => ({ id: `${id}-o${i + 1}`, ...o }));
    return q;
  }
  if (type === 'cloze') {
    // a blank is read up to a comma or semicolon: a form with one ('Beispiel, wenn') is asked otherwise
    if (/[,;|]/.test(material.right)) return null;
    const text = material.sentence
      ? `${texts.clozeIntro} ${sentenceWith(rightSentence(material.sentence, material.right), clozeBlankMarker)}`
      : texts.clozeFallback(material.wrong);
    const q = question(id, type, text, trains);
    // the engine reads 'a/b' in a blank's solution as alternatives
    q.correctAnswer = material.accepted.join('/');
    q.wrong = material.wrong;
    return q;
  }
  if (type === 'open') {
    const sentence = material.sentence ?? { before: '', after: '' };
    const q = question(id, type, texts.openCorrect(sentenceWith(sentence, material.wrong)), trains);
    const corrected = sentenceWith(rightSentence(sentence, material.right), material.right);
    q.correctionTemplate = `${corrected.replace(/[.\s]+$/, '')} (1 P)`;
    q.wrong = material.wrong;
    return q;
  }
  // matching: this mistake and up to three more of hers, wrong form left, right form right
  const start = pool.indexOf(material);
  const pairs: { left: string; right: string }[] = [];
  for (let k = 0; k < pool.length && pairs.length < 4; k += 1) {
    const m = pool[(start + k) % pool.length]!;
    if (pairs.some((p) => p.left === m.wrong || p.right === m.right)) continue;
    pairs.push({ left: m.wrong, right: m.right });
  }
  if (pairs.length < 2) return null;
  const q = question(id, type, texts.matchingText, trains);
  q.matchingPairs = pairs;
  q.points = pairs.length;
  q.matchingOrder = shuffled(
    pairs.map((_, i) => i),
    random,
  );
  return q;
}

/** What an item asks, whatever its options' order: two matchings of the same pairs are one question. */
const signature = (q: StoredPracticeQuestion) =>
  JSON.stringify([
    q.type,
    q.text,
    q.options.map((o) => o.text).sort(),
    q.matchingPairs.map((p) => `${p.left}\u0000${p.right}`).sort(),
  ]);

/**
 * Exactly `count` items when there is material (none: an empty list), cycling through it; each round
 * shifts the types, so a mistake that comes again is asked another way. A type the material cannot give
 * (a weak task has no wrong form for multiple choice) falls back to the next one that fits.
 */
export function buildTemplateItems(
  material: PracticeMaterial[],
  count: number,
  difficulty: PracticeDifficulty,
  random: () => number = Math.random,
): StoredPracticeQuestion[] {
  if (material.length === 0) return [];
  const pool = material.filter((m): m is Mistake => m.kind === 'mistake');
  const plan = plans[difficulty];
  const fallbacks: QuestionType[] = ['multiple-choice', 'cloze', 'open', 'matching'];
  const items: StoredPracticeQuestion[] = [];
  const asked = new Set<string>();
  /**
   * The item for material `m`: the first of the difficulty's types that fits and was not asked yet. When
   * its types fit but were all asked, nothing in the first pass (another mistake comes first); a type off
   * the plan only where none of the plan's fits (a weak task is asked as an open item).
   */
  const pick = (m: PracticeMaterial, wanted: QuestionType, id: string, repeat: boolean) => {
    if (repeat) {
      // before an item comes again word for word, the same mistake asked another way, never a harder one
      for (const type of new Set([wanted, ...plan, ...otherWays[difficulty]])) {
        const candidate = itemOf(type, m, pool, id, random);
        if (candidate && !asked.has(signature(candidate))) return candidate;
      }
    }
    let fits = false;
    for (const type of new Set([wanted, ...plan])) {
      const candidate = itemOf(type, m, pool, id, random);
      if (!candidate) continue;
      fits = true;
      if (repeat || !asked.has(signature(candidate))) return candidate;
    }
    if (fits) return null;
    for (const type of fallbacks) {
      const candidate = itemOf(type, m, pool, id, random);
      if (candidate && (repeat || !asked.has(signature(candidate)))) return candidate;
    }
    return null;
  };
  for (const repeat of [false, true]) {
    const tries = Math.max(count, material.length) * 8;
    for (let i = 0; items.length < count && i < tries; i += 1) {
      const m = material[i % material.length]!;
      const round = Math.floor(i / material.length);
      const item = pick(m, plan[(i + round) % plan.length]!, `p${items.length + 1}`, repeat);
      if (!item) continue;
      asked.add(signature(item));
      items.push({ ...item, orderIndex: items.length });
    }
  }
  return items;
}

/** What she sees of an item: no solution, the matching column shuffled as the engine reads it. */
export function toPracticeItem(q: StoredPracticeQuestion): PracticeItem {
  const order = q.type === 'matching' ? matchingOrderOf(q) : [];
  return {
    id: q.id,
    type: q.type,
    text: q.text,
    points: q.points,
    options: q.options.map((o) => ({ id: o.id, text: o.text })),
    matchingLeft: q.matchingPairs.map((p) => p.left),
    matchingRight: order.map((i) => q.matchingPairs[i]!.right),
    trains: q.trains,
  };
}

/** The session's questions as the saved test the engine takes as answer key. */
export function answerKeyOf(questions: StoredPracticeQuestion[], subject: string): SavedTest {
  return {
    id: 'practice',
    title: 'Übung',
    subject,
    grade: '',
    testType: 'Kombiniert',
    duration: 15,
    topic: '',
    learningObjectives: '',
    lastSaved: new Date(0).toISOString(),
    userId: '',
    resources: [],
    questions: questions.map(({ trains: _trains, wrong: _wrong, ...q }, i) => ({ ...q, orderIndex: i })),
  };
}

/** A line of hers that the segmenter would read as a new task ('Aufgabe 3', 'Frage 2') is kept inside hers. */
const taskLike =
  /^(\s*)((?:Lösung|Antwort)\s+)?(?:zu[rm]?\s+)?(Aufgabe|Aufg\.|Frage|Nr\.|Task|Exercise|Exercice|Question|Übung)\s*\d/i;

/** Her answer to one item as the engine reads it below its 'Aufgabe n' heading. */
export function answerText(q: StoredPracticeQuestion, answer: string): string {
  if (q.type === 'multiple-choice') {
    const index = q.options.findIndex((o) => o.id === answer.trim());
    return index < 0 ? '' : String.fromCharCode(97 + index);
  }
  if (q.type === 'cloze') {
    return answer
      .split('|')
      .map((blank) => blank.replace(/[\n,;]+/g, ' ').trim())
      .join('\n');
  }
  if (q.type === 'matching') {
    const order = matchingOrderOf(q);
    const printed = order.map((i) => q.matchingPairs[i]!.right);
    return answer
      .split('|')
      .map((chosen, left) => {
        const letter = printed.indexOf(chosen.trim());
        return letter < 0 ? '' : `${left + 1} – ${String.fromCharCode(65 + letter)}`;
      })
      .filter(Boolean)
      .join('\n');
  }
  return answer
    .split('\n')
    .map((line) => (taskLike.test(line) ? `- ${line.trim()}` : line))
    .join('\n');
}

/** All her answers as one paper: 'Aufgabe n' and 'Antwort:' lines, one task per item. */
export function paperOf(questions: StoredPracticeQuestion[], answers: Map<string, string>): string {
  return questions
    .map((q, i) => `Aufgabe ${i + 1}\nAntwort: ${answerText(q, answers.get(q.id) ?? '')}`)
    .join('\n\n');
}

/** The solution as text, for after the check. */
export function solutionOf(q: StoredPracticeQuestion): string {
  if (q.type === 'multiple-choice')
    return q.options
      .filter((o) => o.isCorrect)
      .map((o) => o.text)
      .join(', ');
  if (q.type === 'cloze')
    return q.correctAnswer
      .split('|')
      .map((blank) => blank.split('/').join(' oder '))
      .join(', ');
  if (q.type === 'matching') return q.matchingPairs.map((p) => `${p.left} → ${p.right}`).join('; ');
  return q.correctionTemplate.replace(/\s*\(\d+(?:[.,]\d+)?\s*P\)/g, '').trim();
}

const count = (haystack: string, needle: string) => {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...haystack.matchAll(new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, 'gu'))].length;
};

/**
 * Her own wrong form again, where the item is about that form. The engine forgives a one-letter slip in a
 * test on purpose ('wiederrum' for 'wiederum' earns the point); an item that trains exactly that slip must
 * not count it as right.
 */
export function repeatsWrongForm(q: StoredPracticeQuestion, answer: string, wrong: string | null): boolean {
  if (!wrong || !answer.trim()) return false;
  if (q.type === 'cloze') return answer.split('|').some((blank) => blank.trim() === wrong);
  if (q.type === 'open') return count(answer, wrong) > count(solutionOf(q), wrong);
  return false;
}

/** The engine's result of the paper, per item: points, feedback and the solution. */
export function checkOf(
  questions: StoredPracticeQuestion[],
  answers: Map<string, string>,
  result: AnalysisResult,
): PracticeCheck {
  const items = questions.map((q, i) => {
    const task = result.tasks[i];
    const max = q.points;
    let achieved = Math.min(max, task?.achieved_points ?? 0);
    const feedbackParts = task
      ? [
          ...task.subtasks.map((s) => s.feedback.trim()),
          ...task.subtasks.flatMap((s) => s.errors.map((e) => e.details.trim())),
        ].filter(Boolean)
      : [];
    const errors = task ? task.subtasks.flatMap((s) => s.errors).length : 0;
    const answer = answers.get(q.id) ?? '';
    const repeated = repeatsWrongForm(q, answer, q.wrong ?? null);
    if (repeated) {
      achieved = 0;
      feedbackParts.unshift(texts.repeatedWrongForm(q.wrong!));
    }
    return {
      itemId: q.id,
      achieved,
      max,
      correct: achieved >= max && errors === 0 && !repeated,
      feedback: [...new Set(feedbackParts)].join(' ') || (task?.overall_feedback.trim() ?? texts.noFeedback),
      solution: solutionOf(q),
    };
  });
  return {
    achieved: items.reduce((s, i) => s + i.achieved, 0),
    total: items.reduce((s, i) => s + i.max, 0),
    items,
  };
}
