import { countOf } from './plural';

/**
 * German texts of the LLM grading provider and the grading CLI (ours: the spec does not word them).
 * Review-flag messages are shown to the teacher in the result view, so they say what to do next.
 */
export const llmGradingMessages = {
  promptInjection:
    'Die Arbeit enthält Text, der wie eine Anweisung an die KI aussieht. Er wurde nicht befolgt und hat die Punkte nicht beeinflusst. Bitte prüfen Sie die genannten Stellen.',
  promptInjectionFindingsPrefix: 'Gefundene Stellen: ',
  hiddenTextFound: 'Versteckter Text in der Datei: ',
  modelOutputInvalid:
    'Die Antwort des KI-Modells war unvollständig oder ungültig. Es wurden keine Punkte vergeben; bitte bewerten Sie die Arbeit selbst oder starten Sie die Analyse erneut.',
  modelTimeout:
    'Das KI-Modell hat nicht rechtzeitig geantwortet. Es wurden keine Punkte vergeben; bitte starten Sie die Analyse erneut oder bewerten Sie die Arbeit selbst.',
  modelUnavailable:
    'Das KI-Modell ist zurzeit nicht erreichbar. Es wurden keine Punkte vergeben; bitte starten Sie die Analyse später erneut oder bewerten Sie die Arbeit selbst.',
  pointsCapped:
    'Das KI-Modell hat mehr Punkte vergeben als möglich. Die Punkte wurden auf die Höchstpunktzahl begrenzt und die Summen neu berechnet.',
  pointsInconsistent:
    'Die Höchstpunktzahl des KI-Modells weicht vom Erwartungshorizont ab. Bitte prüfen Sie die Punkte.',
  pointsMissing:
    'Das KI-Modell hat nicht für alle Aufgaben Punkte angegeben. Bitte legen Sie die Punkte fest.',
  lowOcrConfidence: 'Bitte Transkription prüfen',
  failedTitle: 'Analyse nicht abgeschlossen',
  failedFeedback:
    'Die automatische Bewertung konnte nicht abgeschlossen werden. Es wurden keine Punkte und keine Note vergeben.',
  unknownStudent: 'Unbekannt',
  unknownValue: 'Nicht angegeben',
} as const;

export const gradingCliMessages = {
  usage:
    'Aufruf: korrigo-grade <Dateien…> [--key erwartungshorizont.txt] [--subject Mathematik] [--json]\n' +
    '        korrigo-grade --jsonl aufgaben.jsonl [--subject Mathematik]   (je Zeile: {"id", "text", "key", …})',
  jsonlAlone:
    '--jsonl steht allein: ohne Dateien, --key und --json (jede Zeile bringt ihren Erwartungshorizont mit).',
  jsonlLineInvalid: (line: number) =>
    `Zeile ${line} ist kein gültiges JSON-Objekt mit „text“ (und optional „id“, „key“, „subject“, „gradeLevel“, „gradingScale“, „title“, „studentName“, „date“).`,
  noFiles: 'Bitte gib mindestens eine Datei an.',
  unknownOption: 'Unbekannte Option: ',
  fileUnreadable: 'Datei kann nicht gelesen werden: ',
  keyUnreadable: 'Erwartungshorizont kann nicht gelesen werden: ',
  extractionFailed: 'Text konnte nicht aus der Datei gelesen werden: ',
  gradingFailed: 'Die Bewertung ist fehlgeschlagen: ',
  llmConfigMissing: 'Für AI_PROVIDER=openai-compatible müssen AI_BASE_URL und AI_MODELS gesetzt sein.',
  unknownProvider: 'Unbekannter AI_PROVIDER (erlaubt: builtin, openai-compatible): ',
  reportPoints: 'Punkte',
  reportPoint: 'Punkt',
  reportPointsDative: 'Punkten',
  reportPartly: (achieved: string, scoredMax: string, total: string, open: string) =>
    `${achieved} in den bewerteten Aufgaben (${scoredMax} von ${countOf(total, 'Punkt', 'Punkten')} bewertet, ${open} offen)`,
  reportGrade: 'Note',
  reportSubject: 'Fach',
  reportStudent: 'Name',
  reportDate: 'Datum',
  reportEngine: 'Engine',
  reportStatus: 'Status',
  statusSuggested: 'Vorschlag',
  statusNeedsReview: 'Bitte prüfen',
  reportTasks: 'Aufgaben',
  reportErrors: 'Fehler',
  reportStrengths: 'Stärken',
  reportWeaknesses: 'Schwächen',
  reportSuggestions: 'Verbesserungsvorschläge',
  reportFeedback: 'Gesamtrückmeldung',
  reportReviewFlags: 'Hinweise zur Prüfung',
  reportPointsOpen: 'offen',
  reportNoGrade: 'keine (Punkte offen)',
  reportDeduction: 'Abzug',
} as const;
