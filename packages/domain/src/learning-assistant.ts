import { z } from 'zod';
import { questionTypes } from './test';
import { countOf } from './plural';

// The Lern-Assistent (spec 001 §2 'Learning assistant (essayfeed)', §9; issue 17 §3) on the student's own
// results: her grade records (released teachers' grades and her self-checks) and the analyses behind them.
// Everything here is for students; a teacher gets 403. Nothing is sample data: a student without results
// gets `hasResults: false` and the screen tells her what to do first.

/** spec 001 §2: the subject grid (math, physics, biology, chemistry, german, english), in this order. */
export const learningSubjects = [
  'Mathematik',
  'Physik',
  'Biologie',
  'Chemie',
  'Deutsch',
  'Englisch',
] as const;

export const practiceLimits = { minItems: 1, maxItems: 10, defaultItems: 3 } as const;
export const practiceDifficulties = ['leicht', 'mittel', 'schwer'] as const;
export type PracticeDifficulty = (typeof practiceDifficulties)[number];
export const defaultPracticeDifficulty: PracticeDifficulty = 'mittel';
export const practiceDifficultyLabels: Record<PracticeDifficulty, string> = {
  leicht: 'Leicht',
  mittel: 'Mittel',
  schwer: 'Schwer',
};

/** A strength or a weakness, with its evidence: where in her graded work it shows. */
export const learningAreaSchema = z.object({
  /** e.g. 'Rechtschreibung', 'Aufgabe 2: Satzglieder bestimmen' */
  label: z.string(),
  /** 0..100: her share of the points in this area (tasks) or 100 minus the error weight (error categories) */
  score: z.number().min(0).max(100),
  /** what to do next, in du */
  suggestion: z.string(),
  /** e.g. '3 Fehler in 2 Arbeiten' or '1,5 von 4 Punkten in „Klassenarbeit Satzglieder“' */
  evidence: z.string(),
  /** the analyses it comes from (the overlay of 'Mein Lernprofil' opens them) */
  analysisIds: z.array(z.uuid()),
});
export type LearningArea = z.infer<typeof learningAreaSchema>;

export const learningSubjectSchema = z.object({
  subject: z.string(),
  /** graded works in this subject */
  results: z.number().int(),
  /** mean share of the points in percent; null without results */
  progress: z.number().min(0).max(100).nullable(),
  strengths: z.array(learningAreaSchema),
  weaknesses: z.array(learningAreaSchema),
});
export type LearningSubject = z.infer<typeof learningSubjectSchema>;

/** One error of hers, for 'Erklären' and as the seed of practice items. */
export const learningMistakeSchema = z.object({
  /** stable: `${analysisId}:${taskIndex}:${subtaskIndex}:${errorIndex}` */
  id: z.string(),
  analysisId: z.uuid(),
  subject: z.string(),
  /** the work's title */
  title: z.string(),
  /** the error's name as the result states it */
  error: z.string(),
  category: z.string().nullable(),
  /** the passage of her text, when the result locates it */
  quoted: z.string().nullable(),
  /** the correct form, when the result gives one (the error's suggestion) */
  correction: z.string().nullable(),
});
export type LearningMistake = z.infer<typeof learningMistakeSchema>;

/** `GET /api/learning-assistant` */
export const learningOverviewSchema = z.object({
  hasResults: z.boolean(),
  /** the six of the spec, then any other subject she has results in */
  subjects: z.array(learningSubjectSchema),
  /** newest first, at most 50 */
  mistakes: z.array(learningMistakeSchema),
  stats: z.object({
    /** mean share of points over all her results, percent */
    overallPercent: z.number().nullable(),
    /** the grade of her newest teacher's grade (not a self-check) */
    currentGrade: z.string().nullable(),
    /** minutes spent on practice sessions she finished */
    studyMinutes: z.number().int(),
    nextTest: z.object({ name: z.string(), date: z.iso.date(), courseName: z.string() }).nullable(),
  }),
});
export type LearningOverview = z.infer<typeof learningOverviewSchema>;

/** `POST /api/learning-assistant/practice` */
export const practiceRequestSchema = z.object({
  subject: z.string().trim().min(1).max(60),
  count: z.coerce
    .number()
    .int()
    .min(practiceLimits.minItems, 'Bitte wähle zwischen 1 und 10 Aufgaben.')
    .max(practiceLimits.maxItems, 'Bitte wähle zwischen 1 und 10 Aufgaben.')
    .default(practiceLimits.defaultItems),
  difficulty: z.enum(practiceDifficulties).default(defaultPracticeDifficulty),
});
export type PracticeRequest = z.input<typeof practiceRequestSchema>;

/** A practice item as the student sees it: a test creator question without its solution. */
export const practiceItemSchema = z.object({
  id: z.string(),
  type: z.enum(questionTypes),
  text: z.string(),
  points: z.number(),
  /** multiple choice: the options' ids and texts */
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  /** matching: the left column in order and the right column shuffled */
  matchingLeft: z.array(z.string()),
  matchingRight: z.array(z.string()),
  /** which of her mistakes or weak areas it trains, in du ('Übt: Rechtschreibung – „wiederum“') */
  trains: z.string(),
});
export type PracticeItem = z.infer<typeof practiceItemSchema>;

export const practiceSessionSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  difficulty: z.enum(practiceDifficulties),
  /** 'llm' when the configured model wrote the items, 'templates' when they come from her own mistakes */
  source: z.enum(['llm', 'templates']),
  items: z.array(practiceItemSchema),
});
export type PracticeSession = z.infer<typeof practiceSessionSchema>;

/**
 * `POST /api/learning-assistant/practice/{sessionId}/answers`: one answer per item (multiple choice: the
 * chosen option id; cloze: the blanks joined with '|'; matching: for each left entry the chosen right entry
 * joined with '|'; open: the text). Checked by the same engine that grades tests.
 */
export const practiceAnswersSchema = z.object({
  answers: z.array(z.object({ itemId: z.string().max(100), answer: z.string().max(5000) })).max(10),
});
export type PracticeAnswers = z.infer<typeof practiceAnswersSchema>;

export const practiceCheckSchema = z.object({
  achieved: z.number(),
  total: z.number(),
  items: z.array(
    z.object({
      itemId: z.string(),
      achieved: z.number(),
      max: z.number(),
      correct: z.boolean(),
      /** the engine's feedback on her answer */
      feedback: z.string(),
      /** the solution as text */
      solution: z.string(),
    }),
  ),
});
export type PracticeCheck = z.infer<typeof practiceCheckSchema>;

/** `POST /api/learning-assistant/explain` */
export const explainRequestSchema = z.object({ mistakeId: z.string().min(1).max(200) });
export const explanationSchema = z.object({
  mistakeId: z.string(),
  /** what the error is, in du */
  explanation: z.string(),
  /** the correct form, or null when the result has none */
  correctForm: z.string().nullable(),
  /** a tip to avoid it next time */
  tip: z.string(),
  source: z.enum(['llm', 'templates']),
});
export type Explanation = z.infer<typeof explanationSchema>;

/** `POST /api/learning-assistant/chat`: the companion, grounded in her results. */
export const learningChatRequestSchema = z.object({
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().trim().min(1).max(4000) }))
    .min(1)
    .max(40),
  subject: z.string().max(60).optional(),
});
export type LearningChatRequest = z.infer<typeof learningChatRequestSchema>;
export const learningChatReplySchema = z.object({ reply: z.string(), source: z.enum(['llm', 'templates']) });
export type LearningChatReply = z.infer<typeof learningChatReplySchema>;

export const learningAssistantMessages = {
  title: 'Lern-Assistent',
  intro: 'Übe gezielt dort, wo deine letzten Arbeiten Punkte gekostet haben.',
  loadFailed: 'Der Lern-Assistent konnte nicht geladen werden. Bitte versuche es erneut.',
  retry: 'Erneut versuchen',
  emptyTitle: 'Noch keine Ergebnisse',
  emptyText:
    'Sobald deine Lehrkraft dir eine bewertete Arbeit zurückgibt oder du selbst einen Text prüfen lässt, zeigt dir der Lern-Assistent hier deine Stärken und Schwächen und stellt dir passende Übungen zusammen.',
  emptyAction: 'Eigenen Text prüfen lassen',
  subjectsHeading: 'Fächer',
  noResultsInSubject: 'Noch keine Ergebnisse',
  resultsInSubject: (n: number) => (n === 1 ? '1 bewertete Arbeit' : `${n} bewertete Arbeiten`),
  strengths: 'Stärken',
  weaknesses: 'Schwächen',
  noStrengths: 'Noch keine Stärke erkennbar.',
  noWeaknesses: 'Keine Schwäche erkennbar – weiter so!',
  toolsHeading: 'Werkzeuge',
  toolPractice: 'Üben',
  toolExplain: 'Erklären',
  toolAnalyze: 'Text prüfen',
  toolChat: 'Chat',
  practiceCount: 'Anzahl der Aufgaben',
  practiceDifficulty: 'Schwierigkeit',
  practiceStart: 'Übung erstellen',
  practiceCheck: 'Antworten prüfen',
  practiceAgain: 'Neue Übung',
  practiceScore: (achieved: string, total: string) => `${achieved} von ${countOf(total, 'Punkt', 'Punkten')}`,
  practiceFromTemplates: 'Die Aufgaben sind aus deinen eigenen Fehlern zusammengestellt.',
  practiceFromLlm: 'Die Aufgaben hat ein KI-Modell aus deinen Schwächen erstellt.',
  practiceNoMaterial:
    'Für dieses Fach gibt es noch keine Fehler, aus denen Übungen entstehen könnten. Wähle ein Fach mit Ergebnissen.',
  practiceFailed: 'Die Übung konnte nicht erstellt werden. Bitte versuche es erneut.',
  checkFailed: 'Deine Antworten konnten nicht geprüft werden. Bitte versuche es erneut.',
  sessionNotFound: 'Diese Übung wurde nicht gefunden.',
  correct: 'Richtig',
  incorrect: 'Noch nicht richtig',
  solution: 'Lösung',
  explainPick: 'Welchen Fehler soll ich dir erklären?',
  explainNone: 'In deinen Ergebnissen ist kein Fehler verzeichnet.',
  explainButton: 'Erklären',
  explainCorrectForm: 'Richtig wäre',
  explainTip: 'Tipp',
  explainFailed: 'Die Erklärung konnte nicht erstellt werden. Bitte versuche es erneut.',
  mistakeNotFound: 'Dieser Fehler wurde nicht gefunden.',
  analyzeText: 'Dein Text',
  analyzeHint:
    'Dein Text wird wie eine Arbeit bewertet. Das Ergebnis erscheint als Selbsttest in deinem Lernprofil.',
  analyzeSubmit: 'Text prüfen lassen',
  // the pupil's view of her checked text (issue 33 §5): du, her name, nothing to change
  resultTitle: 'Dein Ergebnis',
  resultGreeting: (name: string) => `${name}, so wurde dein Text bewertet.`,
  resultGreetingNoName: 'So wurde dein Text bewertet.',
  resultSelfCheck:
    'Das ist ein Selbsttest: Bewertet hat ihn der Korrektur-Assistent, nicht deine Lehrkraft. Er steht auch in deinem Lernprofil.',
  resultChecking: 'Dein Text wird gerade geprüft. Das Ergebnis erscheint hier von selbst.',
  resultAwaitingTranscription:
    'Dein Foto wurde gelesen. Bevor dein Text bewertet wird, schau bitte nach, ob die Abschrift stimmt.',
  resultToTranscription: 'Zur Abschrift',
  resultFailed: (reason: string) => `Dein Text konnte nicht geprüft werden. ${reason}`,
  resultYourText: 'Dein Text',
  resultBack: 'Zurück zum Lern-Assistenten',
  chatDisclosure:
    'Du schreibst mit einem KI-Assistenten. Er kennt deine Ergebnisse, kann sich aber irren – frag im Zweifel deine Lehrkraft.',
  chatDisclosureBuiltin:
    'Du schreibst mit einem automatischen Assistenten ohne KI-Modell. Er antwortet aus deinen Ergebnissen nach festen Regeln.',
  chatPlaceholder: 'Frag etwas zu deinen Ergebnissen …',
  chatSend: 'Senden',
  chatFailed: 'Die Antwort konnte nicht geladen werden. Bitte versuche es erneut.',
  statsHeading: 'Fortschritt',
  statOverall: 'Gesamt',
  statCurrentGrade: 'Aktuelle Note',
  statStudyTime: 'Lernzeit',
  statNextTest: 'Nächster Test',
  statNone: '–',
  minutes: (n: number) => (n === 1 ? '1 Minute' : `${n} Minuten`),
  studentsOnly: 'Den Lern-Assistenten gibt es nur für Schülerinnen und Schüler.',
} as const;

/** Number for German texts: '3,5', '4'. */
const de = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');

/**
 * The texts the server writes into the Lern-Assistent's answers (areas, practice items, explanations, the
 * builtin chat), in du. Kept here so the catalogue stays in one place.
 */
export const learningAssistantTexts = {
  /** a result without any subject */
  noSubject: 'Ohne Fach',
  pointsEvidence: (achieved: number, max: number, title: string) =>
    `${de(achieved)} von ${countOf(de(max), 'Punkt', 'Punkten')} in „${title}“`,
  errorsEvidence: (errors: number, works: number) =>
    `${errors === 1 ? '1 Fehler' : `${errors} Fehler`} in ${works === 1 ? '1 Arbeit' : `${works} Arbeiten`}`,
  strengthSuggestion: 'Das sitzt. Wiederhole es ab und zu, damit es so bleibt.',
  weakTaskSuggestion: 'Vergleiche deine Antwort mit der Lösung und bearbeite die Aufgabe noch einmal.',
  categoryTip: (fix: string) => `Tipp: ${fix}`,
  untitled: 'Arbeit ohne Titel',
  // practice items
  trainsMistake: (label: string, form: string) => `Übt: ${label} – „${form}“`,
  trainsTask: (label: string) => `Übt: ${label}`,
  mistakeLabel: 'Dein Fehler',
  mcSpelling: (wrong: string) => `Du hattest „${wrong}“ geschrieben. Welche Schreibweise ist richtig?`,
  mcMaths: (wrong: string) => `Du hattest „${wrong}“ gerechnet. Was ist richtig?`,
  mcGeneric: (wrong: string) => `Du hattest „${wrong}“ geschrieben. Was ist richtig?`,
  /** the same with her sentence: 'das' or 'dass' is right or wrong only in its sentence */
  mcInSentence: (wrong: string, sentence: string) =>
    `In deinem Satz „${sentence}“ hattest du „${wrong}“ geschrieben. Was gehört an diese Stelle?`,
  clozeIntro: 'Setze die richtige Form in die Lücke ein:',
  clozeFallback: (wrong: string) => `Statt „${wrong}“ schreibt man richtig: ${'[..]'}`,
  openCorrect: (sentence: string) => `Schreibe den Satz richtig ab: „${sentence}“`,
  openTask: (label: string) => `Bearbeite die Aufgabe noch einmal: ${label}`,
  matchingText: 'Ordne jeder falschen Form aus deinen Arbeiten die richtige zu.',
  noFeedback: 'Keine Rückmeldung.',
  repeatedWrongForm: (wrong: string) => `Hier steht wieder deine falsche Form „${wrong}“.`,
  // explain
  explainIntro: (error: string, meaning: string) => `„${error}“: ${meaning}`,
  explainQuoted: (quoted: string) => `In deiner Arbeit stand: „${quoted}“.`,
  explainGenericMeaning: 'Hier hat deine Arbeit Punkte oder Genauigkeit gekostet.',
  explainGenericTip: 'Lies die Stelle noch einmal in Ruhe und vergleiche sie mit der richtigen Form.',
  // builtin chat
  chatNoResults:
    'Ich sehe noch keine Ergebnisse von dir. Sobald du eine bewertete Arbeit hast oder selbst einen Text prüfen lässt, kann ich dir sagen, wo du stehst.',
  chatWeakest: (subject: string, label: string, evidence: string, suggestion: string) =>
    `Am meisten Punkte kostet dich gerade in ${subject}: ${label} (${evidence}). ${suggestion}`,
  chatNoWeakness: 'In deinen Ergebnissen sehe ich gerade keine deutliche Schwäche – weiter so!',
  chatStrongest: (subject: string, label: string, evidence: string) =>
    `Besonders gut läuft es in ${subject}: ${label} (${evidence}).`,
  chatNoStrength: 'Eine klare Stärke kann ich aus deinen Ergebnissen noch nicht ablesen.',
  chatNextTest: (name: string, date: string, course: string) =>
    `Dein nächster Test ist „${name}“ am ${date} im Kurs ${course}.`,
  chatNoNextTest: 'In deinen Kursen ist gerade kein Test eingetragen.',
  chatGrade: (grade: string | null, percent: number | null) =>
    [
      grade
        ? `Deine letzte Note von deiner Lehrkraft ist ${grade}.`
        : 'Von deiner Lehrkraft hast du noch keine Note.',
      percent !== null ? `Über alle Arbeiten hast du im Schnitt ${de(percent)} % der Punkte erreicht.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  chatPractise: (subject: string, label: string) =>
    `Übe am besten ${label} in ${subject}: Wähle unter „Üben“ das Fach ${subject}, dann stelle ich dir Aufgaben aus deinen eigenen Fehlern zusammen.`,
  chatCategory: (label: string, meaning: string, fix: string, count: number) =>
    `${label}: ${meaning} ${count > 0 ? `In deinen Arbeiten kommt das ${count === 1 ? 'einmal' : `${count}-mal`} vor.` : 'In deinen Arbeiten kommt das nicht vor.'} Tipp: ${fix}`,
  chatHelp:
    'Ich kann dir sagen, wo deine größte Schwäche und deine größte Stärke liegen, was du als Nächstes üben solltest, welche Note du zuletzt hattest, wann dein nächster Test ist, und Fehlerarten wie Rechtschreibung oder Grammatik erklären. Frag einfach!',
} as const;
