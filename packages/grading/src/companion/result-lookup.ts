import type { AnalysisResult, GradingError, Subtask, Task } from '@korrigo/domain';

/**
 * Finding things in a result by what a person writes in a question: "Aufgabe 2", "die zweite Aufgabe",
 * "2b", an error's name or a word it quotes. Pure and deterministic.
 */

const L = 'a-zäöüß';

export type TaskRef = { number: number | 'last'; letter?: string };

const ordinals: Record<string, number> = {
  erst: 1,
  zweit: 2,
  dritt: 3,
  viert: 4,
  fünft: 5,
  sechst: 6,
  siebt: 7,
  acht: 8,
  neunt: 9,
  zehnt: 10,
};
const numberWords: Record<string, number> = {
  eins: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
};

/** The task a question names, if it names one: "Aufgabe 2", "Aufgabe 2b", "Nr. 3", "zweite Aufgabe", "letzte Aufgabe". */
export function findTaskRef(question: string): TaskRef | null {
  const q = question.toLowerCase();
  const numbered = new RegExp(
    `(?:teil)?aufgabe\\s*(?:nr\\.?\\s*)?(\\d{1,3})\\s*([a-h])?(?![${L}0-9])|(?<![${L}])(?:nr\\.?|nummer)\\s*(\\d{1,3})\\s*([a-h])?(?![${L}0-9])`,
    'u',
  ).exec(q);
  if (numbered) {
    const number = Number(numbered[1] ?? numbered[3]);
    const letter = numbered[2] ?? numbered[4];
    return letter ? { number, letter } : { number };
  }
  const worded = new RegExp(
    `(?:teil)?aufgabe\\s+(${Object.keys(numberWords).join('|')})(?![${L}])`,
    'u',
  ).exec(q);
  if (worded) return { number: numberWords[worded[1]!]! };
  const ordinal = new RegExp(
    `(?<![${L}])(${Object.keys(ordinals).join('|')})e[nmrs]?\\s+(?:teil)?aufgabe`,
    'u',
  ).exec(q);
  if (ordinal) return { number: ordinals[ordinal[1]!]! };
  if (/(?<![a-zäöüß])letzte[nmrs]?\s+(?:teil)?aufgabe/u.test(q)) return { number: 'last' };
  return null;
}

/** "Aufgabe 2" for a task titled "Aufgabe 2: Die Hauptfigur …"; short titles stay as they are. */
export function taskLabel(task: Task, index: number): string {
  const numbered = /^\s*(?:teil)?aufgabe\s*(?:nr\.?\s*)?(\d{1,3}[a-h]?)(?![a-z0-9])/iu.exec(task.title);
  if (numbered) return `Aufgabe ${numbered[1]}`;
  const title = task.title.trim();
  if (title && title.length <= 40) return title;
  return `Aufgabe ${index + 1}`;
}

/** The number a task goes by: the one in its title, else its position. */
function taskNumber(task: Task, index: number): number {
  const numbered = /^\s*(?:teil)?aufgabe\s*(?:nr\.?\s*)?(\d{1,3})/iu.exec(task.title);
  return numbered ? Number(numbered[1]) : index + 1;
}

export type TaskMatch = { task: Task; taskIndex: number; subtaskIndex?: number };

export function resolveTaskRef(result: AnalysisResult, ref: TaskRef): TaskMatch | null {
  const { tasks } = result;
  if (tasks.length === 0) return null;
  let taskIndex: number;
  if (ref.number === 'last') {
    taskIndex = tasks.length - 1;
  } else {
    const wanted = ref.number;
    taskIndex = tasks.findIndex((task, index) => taskNumber(task, index) === wanted);
    if (taskIndex < 0 && wanted >= 1 && wanted <= tasks.length) taskIndex = wanted - 1;
    if (taskIndex < 0) return null;
  }
  const task = tasks[taskIndex]!;
  if (!ref.letter) return { task, taskIndex };
  const letter = ref.letter;
  const subtaskIndex = task.subtasks.findIndex((subtask) => {
    const label = subtask.subtask_label.toLowerCase().replace(/[^a-z0-9]/g, '');
    return label === letter || label.endsWith(letter);
  });
  return subtaskIndex < 0 ? { task, taskIndex } : { task, taskIndex, subtaskIndex };
}

export type LocatedError = {
  error: GradingError;
  task: Task;
  taskIndex: number;
  subtask: Subtask;
  subtaskIndex: number;
};

export function allErrors(result: AnalysisResult): LocatedError[] {
  return result.tasks.flatMap((task, taskIndex) =>
    task.subtasks.flatMap((subtask, subtaskIndex) =>
      subtask.errors.map((error) => ({ error, task, taskIndex, subtask, subtaskIndex })),
    ),
  );
}

/** What the kinds of errors are called, what they mean in general and how to avoid them (ours). */
export type CategoryInfo = { label: string; meaning: string; fix: string; words: readonly string[] };

const categories: Record<string, CategoryInfo> = {
  spelling: {
    label: 'Rechtschreibung',
    meaning: 'Ein Wort ist nicht so geschrieben, wie es die Rechtschreibregeln verlangen.',
    fix: 'Das Wort nachschlagen, richtig abschreiben und in eigenen Sätzen verwenden.',
    words: ['rechtschreib', 'schreibfehler', 'geschrieben', 'schreibweise', 'großschreib', 'kleinschreib'],
  },
  grammar: {
    label: 'Grammatik und Zeichensetzung',
    meaning: 'Satzbau, Wortform oder Zeichensetzung entsprechen nicht den Regeln.',
    fix: 'Den Satz laut lesen und die passende Regel wiederholen, z. B. das Komma vor einem Nebensatz.',
    words: ['grammatik', 'komma', 'zeichensetzung', 'satzbau'],
  },
  maths: {
    label: 'Rechnen',
    meaning: 'Ein Rechenschritt hat ein falsches Ergebnis.',
    fix: 'Jeden Rechenschritt mit einer Probe oder einem Überschlag kontrollieren.',
    words: ['rechen', 'rechnung', 'rechnen', 'folgefehler'],
  },
  content: {
    label: 'Inhalt',
    meaning: 'Die Antwort trifft inhaltlich nicht oder nicht ganz, was erwartet war.',
    fix: 'Die eigene Antwort mit der erwarteten Lösung vergleichen und die fehlenden Punkte ergänzen.',
    words: ['inhalt', 'auswahl', 'falsch gewählt', 'aspekt'],
  },
  style: {
    label: 'Ausdruck',
    meaning: 'Die Formulierung passt nicht zur Standardsprache, z. B. Umgangssprache oder sehr lange Sätze.',
    fix: 'Umgangssprachliche Wörter durch standardsprachliche ersetzen und lange Sätze teilen.',
    words: ['ausdruck', 'umgangssprach', 'stil', 'formulierung', 'wortwiederholung'],
  },
  structure: {
    label: 'Aufbau',
    meaning: 'Aufbau oder Vollständigkeit der Arbeit haben Lücken.',
    fix: 'Jede Aufgabe vollständig und in der gefragten Reihenfolge beantworten.',
    words: ['aufbau', 'struktur', 'gliederung', 'vollständig'],
  },
};
categories.expression = categories.style!;
categories.punctuation = categories.grammar!;
categories.math = categories.maths!;

export function categoryInfo(category: string | undefined): CategoryInfo | null {
  return category ? (categories[category.toLowerCase()] ?? null) : null;
}

/** Words of error names that say nothing about which error is meant ("Komma fehlt", "Sehr langer Satz"). */
const genericWords = new Set([
  'fehlt',
  'fehlen',
  'fehler',
  'falsch',
  'falsche',
  'falscher',
  'richtig',
  'sehr',
  'langer',
  'lange',
  'satz',
  'wort',
  'nicht',
  'keine',
  'kein',
  'ohne',
  'oder',
]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-zäöüß0-9]+/u)
    .filter((word) => word.length >= 4 && !genericWords.has(word));
}

function containsWord(haystack: string, needle: string): boolean {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![${L}0-9])${escaped}(?![${L}0-9])`, 'u').test(haystack);
}

/** The question names the quoted passage: in quotation marks, or a word of five letters or more. */
function quotesPassage(q: string, quoted: string | undefined): boolean {
  const passage = quoted?.trim().toLowerCase();
  if (!passage || passage.length < 3) return false;
  const inQuotes = ['„' + passage + '“', '"' + passage + '"', "'" + passage + "'", '»' + passage + '«'];
  if (inQuotes.some((text) => q.includes(text))) return true;
  return passage.length >= 5 && containsWord(q, passage);
}

/**
 * The errors a question is about, best matches only: the error's whole name (3), a word of its name or the
 * text it quotes (2), or only its kind, e.g. "Rechtschreibung" (1). Empty when nothing matches.
 */
export function matchErrors(
  result: AnalysisResult,
  question: string,
): { score: number; errors: LocatedError[] } {
  const q = question.toLowerCase();
  let best = 0;
  let matches: LocatedError[] = [];
  for (const located of allErrors(result)) {
    const { error } = located;
    const title = error.title.toLowerCase().trim();
    let score = 0;
    // "das/dass", "seid/seit": names made of everyday words match only as a whole
    const titleWords = title.includes('/') ? [] : words(title);
    if (title.length >= 3 && q.includes(title)) score = 3;
    else if (titleWords.some((word) => q.includes(word))) score = 2;
    else if (quotesPassage(q, error.location?.quoted_text)) score = 2;
    else if (categoryInfo(error.category)?.words.some((word) => q.includes(word))) score = 1;
    if (score === 0 || score < best) continue;
    if (score > best) {
      best = score;
      matches = [];
    }
    matches.push(located);
  }
  return { score: best, errors: matches };
}
