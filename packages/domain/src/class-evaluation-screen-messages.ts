// The class-set screens of the web app (spec 001 §2 'Kurs bewerten', issue 16). The spec names the modal and
// its parts (course search, auto-detection toggle, per-student upload, batch upload, summary, submit); the
// words are ours where the spec gives none. Teachers are addressed with "Sie".

import { countOf, pupilCount } from './plural';

export const classEvaluationScreenMessages = {
  // the analyse screen's 'Klassensatz bewerten' method
  open: 'Kurs bewerten',
  lead: 'Bewerten Sie die Arbeiten eines ganzen Kurses auf einmal: als gescannten Stapel oder pro Schülerin und Schüler, mit einem Erwartungshorizont für alle.',
  // only on a plan that counts credits (issue 34 §8): the class-set plans of today grade without limit
  leadCredits: 'Jede Arbeit kostet einen Credit.',
  listTitle: 'Ihre Klassensätze',
  listEmpty: 'Sie haben noch keinen Klassensatz bewerten lassen.',
  listFailed: 'Die Klassensätze konnten nicht geladen werden.',
  papersOf: (done: number, papers: number) => `${done} von ${papers} bewertet`,

  // the modal (spec 001 §2)
  modalTitle: 'Kurs bewerten',
  modalDescription:
    'Laden Sie die Arbeiten eines Kurses hoch: als gescannten Stapel oder pro Schülerin und Schüler. Jede Arbeit wird mit demselben Erwartungshorizont bewertet.',
  courseSearch: 'Kurs suchen',
  courseSearchPlaceholder: 'Name, Fach oder Klasse',
  courseLabel: 'Kurs',
  coursesLoading: 'Kurse werden geladen …',
  coursesEmpty: 'Sie haben noch keinen Kurs. Legen Sie unter „Meine Klassen“ einen Kurs an.',
  coursesNoMatch: 'Kein Kurs passt zur Suche.',
  coursesFailed: 'Die Kurse konnten nicht geladen werden.',
  courseStudents: pupilCount,
  testNameLabel: 'Name der Arbeit',
  testNamePlaceholder: 'z. B. Klassenarbeit Nr. 2',
  keyLegend: 'Erwartungshorizont',
  keySources: { test: 'Gespeicherter Test', text: 'Als Text', file: 'Als Datei' },
  keyTestLabel: 'Test auswählen',
  keyTestNone: 'Bitte wählen …',
  keyTestsLoading: 'Tests werden geladen …',
  keyTestsEmpty: 'Sie haben noch keinen gespeicherten Test.',
  keyTextLabel: 'Erwartungshorizont als Text',
  keyFileLabel: 'Erwartungshorizont als Datei (PDF, DOCX, TXT, JPG oder PNG)',
  autoDetect: 'Automatische Erkennung',
  autoDetectHint:
    'An: Sie laden einen Stapel hoch (ein PDF oder mehrere Fotos), und die Namen oben auf den Seiten ordnen die Arbeiten zu. Aus: Sie laden für jede Schülerin und jeden Schüler einzeln hoch.',
  batchLabel: 'Stapel hochladen (ein PDF oder mehrere Fotos)',
  batchHint:
    'Die Seiten in der Reihenfolge des Stapels; eine Arbeit beginnt mit der Seite, auf der ein Name steht.',
  pagesPerPaperLabel: 'Seiten pro Arbeit (optional)',
  pagesPerPaperHint:
    'Wenn auf den Seiten keine Namen stehen: Der Stapel wird nach dieser Seitenzahl geteilt.',
  perStudentLegend: 'Arbeiten pro Schülerin oder Schüler',
  perStudentEmpty: 'Dieser Kurs hat noch keine Schülerinnen und Schüler.',
  perStudentFile: (name: string) => `Datei für ${name}`,
  perStudentText: (name: string) => `Text für ${name}`,
  perStudentTextToggle: 'Text eingeben',
  removeFile: (name: string) => `„${name}“ entfernen`,
  chooseCourseFirst: 'Wählen Sie zuerst einen Kurs.',
  summaryTitle: 'Zusammenfassung',
  summaryCourse: (name: string) => `Kurs: ${name}`,
  summaryNoCourse: 'Kurs: noch nicht gewählt',
  summaryStack: (files: number) => (files === 1 ? 'Stapel: 1 Datei' : `Stapel: ${files} Dateien`),
  summaryPapers: (papers: number) => (papers === 1 ? '1 Arbeit' : `${papers} Arbeiten`),
  summaryCreditsPerStudent: (papers: number) =>
    papers === 1 ? 'Benötigt: 1 Credit' : `Benötigt: ${papers} Credits (einer pro Arbeit)`,
  summaryCreditsStack:
    'Benötigt: ein Credit pro erkannter Arbeit. Sie sehen die Zahl, bevor die Bewertung beginnt.',
  submit: 'Klassensatz bewerten',
  cancel: 'Abbrechen',
  uploading: (percent: number) => `Wird hochgeladen … ${percent} %`,
  uploadProgress: 'Fortschritt des Hochladens',
  toPricing: 'Tarife ansehen',

  // the set screen
  back: 'Zurück zur Testanalyse',
  loadFailed: 'Der Klassensatz konnte nicht geladen werden.',
  statuses: {
    preparing: 'Wird gelesen',
    needs_review: 'Zuordnung prüfen',
    grading: 'Wird bewertet',
    done: 'Bewertet',
    failed: 'Fehlgeschlagen',
  },
  preparing: 'Der Stapel wird gelesen …',
  preparingKey: 'Der Erwartungshorizont wird gelesen …',
  preparingHint:
    'Die Seiten werden gelesen und den Schülerinnen und Schülern zugeordnet. Das dauert etwa eine Minute.',
  failedTitle: 'Der Klassensatz konnte nicht vorbereitet werden.',
  failedHint: 'Es wurde nichts abgerechnet. Sie können den Klassensatz erneut hochladen.',

  // the split check
  splitTitle: 'Zuordnung prüfen',
  splitLead:
    'Prüfen Sie, welche Seiten zu welcher Arbeit gehören und wem die Arbeit zugeordnet ist. Erst danach beginnt die Bewertung.',
  paperTitle: (position: number) => `Arbeit ${position}`,
  paperStudent: 'Schülerin oder Schüler',
  paperNoStudent: 'Nicht zugeordnet',
  detectedName: (name: string) => `Erkannter Name: ${name}`,
  noDetectedName: 'Kein Name erkannt',
  confidence: { sure: 'sicher', check: 'bitte prüfen', none: 'nicht erkannt' },
  pageLabel: (page: number) => `Seite ${page}`,
  pageImageFailed: 'Vorschau nicht verfügbar',
  mergeNext: 'Mit nächster Arbeit zusammenführen',
  splitAfter: (page: number) => `Nach Seite ${page} teilen`,
  movePage: 'Seite verschieben nach',
  moveButton: 'Verschieben',
  moveTarget: 'Ziel wählen …',
  moveTo: (position: number) => `Arbeit ${position}`,
  moveNewPaper: 'Neue Arbeit',
  discardPage: 'Seite verwerfen',
  restorePage: 'Wiederherstellen',
  removePaper: 'Arbeit verwerfen',
  unassignedTitle: 'Nicht zugeordnete Seiten',
  unassignedEmpty: 'Alle Seiten sind einer Arbeit zugeordnet oder verworfen.',
  discardedTitle: 'Verworfene Seiten',
  absentTitle: 'Abwesend',
  absentHint: 'Schülerinnen und Schüler ohne Arbeit: als abwesend markieren.',
  absentLabel: (name: string) => `${name} war abwesend`,
  withoutPaper: 'ohne Arbeit',
  startGrading: 'Bewertung starten',
  /** `unlimited`: the plan counts no credits, so the hint names none (issue 34 §8) */
  startHint: (papers: number, unlimited = false) =>
    `${papers === 1 ? 'Es wird' : 'Es werden'} ${countOf(papers, 'Arbeit', 'Arbeiten')} bewertet` +
    (unlimited ? '.' : ` (${countOf(papers, 'Credit', 'Credits')}).`),
  studentMissing: (position: number) =>
    `Arbeit ${position}: Bitte wählen Sie eine Schülerin oder einen Schüler.`,

  // grading and done
  progressTitle: 'Fortschritt',
  progressLabel: 'Bewertungsfortschritt',
  progressText: (done: number, papers: number) => `${done} von ${papers} bewertet`,
  progressFailed: (failed: number) => (failed === 1 ? '1 fehlgeschlagen' : `${failed} fehlgeschlagen`),
  progressTranscription: (count: number) =>
    count === 1
      ? '1 Arbeit wartet auf Ihre Prüfung des gelesenen Textes'
      : `${count} Arbeiten warten auf Ihre Prüfung des gelesenen Textes`,
  /** the set's text check (issue 34 §1): scanned papers checked one after the other inside the set */
  textCheck: {
    open: 'Texte prüfen',
    openOf: (name: string) => `Text von ${name} prüfen`,
    title: 'Text prüfen',
    paperOf: (position: number, count: number, name: string) => `Arbeit ${position} von ${count}: ${name}`,
    hint: 'Lesen Sie den erkannten Text neben dem Scan und verbessern Sie ihn, wo nötig. Markiert ist, was unsicher erkannt wurde. Mit „Bestätigen und weiter“ (Strg+Enter) wird die Arbeit sofort bewertet und die nächste geöffnet; Alt+→ überspringt eine Arbeit, Alt+← geht zurück.',
    remaining: (count: number) =>
      count === 1 ? 'Noch 1 Arbeit zu prüfen' : `Noch ${count} Arbeiten zu prüfen`,
    confirmNext: 'Bestätigen und weiter',
    confirmLast: 'Bestätigen',
    shortcut: 'Strg+Enter',
    skip: 'Überspringen',
    previous: 'Vorherige',
    back: 'Zurück zum Klassensatz',
    loading: 'Die Arbeit wird geladen …',
    notWaiting: 'Diese Arbeit wartet nicht mehr auf die Prüfung ihres Textes.',
    sent: (name: string) => `Der Text von ${name} wird bewertet.`,
    allDone:
      'Alle Texte sind geprüft. Die Arbeiten werden bewertet; den Fortschritt sehen Sie im Klassensatz.',
    empty: 'Der Text ist leer. Bitte geben Sie den Text der Arbeit ein.',
  },
  tabs: {
    papers: 'Nach Arbeiten',
    questions: 'Nach Aufgaben',
    overview: 'Übersicht',
    release: 'Zurückgeben',
  },
  /** a scored paper without a proposed grade (ADR 0023, 0035): the result says why */
  gradeOpen: 'offen',
  gradeOpenHint:
    'Keine Note vorgeschlagen; im Ergebnis steht, warum. Mit Ihrer Bestätigung folgt die Note den Punkten.',
  columns: {
    student: 'Schülerin oder Schüler',
    status: 'Status',
    points: 'Punkte',
    grade: 'Note',
    review: 'Durchsicht',
    actions: 'Aktionen',
  },
  paperStatuses: {
    processing: 'Wird bewertet',
    needs_transcription: 'Text prüfen',
    done: 'Bewertet',
    failed: 'Fehlgeschlagen',
    none: '—',
  } as Record<string, string>,
  reviewStates: { suggested: 'Vorschlag', confirmed: 'Bestätigt' } as Record<string, string>,
  openResult: 'Ergebnis öffnen',
  openResultOf: (name: string) => `Ergebnis von ${name} öffnen`,
  confirm: 'Bestätigen',
  confirmOf: (name: string) => `Ergebnis von ${name} bestätigen`,
  confirmAll: 'Alle bestätigen',
  /** ours (issue 33 §4): the same question as for one result, naming the pupil or how many */
  confirmOneTitle: (name: string) => `Bewertung von ${name} bestätigen?`,
  confirmManyTitle: (count: number) =>
    count === 1 ? '1 Bewertung bestätigen?' : `${count} Bewertungen bestätigen?`,
  confirmManyQuestion: (count: number) =>
    `Danach ${count === 1 ? 'ist die Bewertung' : `sind alle ${count} Bewertungen`} abgeschlossen: Punkte, Fehler und Feedback lassen sich erst wieder ändern, wenn Sie eine Bewertung wieder öffnen.`,
  confirmed: (count: number) => (count === 1 ? '1 Ergebnis bestätigt.' : `${count} Ergebnisse bestätigt.`),
  /** ours (issue 32 §7): papers whose answers could not all be placed are confirmed one by one, in the paper */
  placementLeftOpen: (count: number) =>
    count === 1
      ? '1 Arbeit wurde nicht bestätigt: Ihre Antworten konnten nicht alle sicher zugeordnet werden. Bitte öffnen Sie sie und prüfen Sie die Zuordnung.'
      : `${count} Arbeiten wurden nicht bestätigt: Ihre Antworten konnten nicht alle sicher zugeordnet werden. Bitte öffnen Sie sie und prüfen Sie die Zuordnung.`,
  absent: 'abwesend',

  // by question
  questionsEmpty: 'Sobald Arbeiten bewertet sind, sehen Sie hier die Antworten nach Aufgaben.',
  questionMax: (max: number) => `höchstens ${formatNumber(max)} P.`,
  questionAverage: (percent: number) => `Durchschnitt: ${percent} %`,
  groupKinds: { identical: 'gleiche Antworten', similar: 'ähnliche Antworten', single: 'einzelne Antwort' },
  groupCount: (count: number) => (count === 1 ? '1 Arbeit' : `${count} Arbeiten`),
  groupPoints: 'Punkte für die Gruppe',
  groupPointsApply: 'Punkte übernehmen',
  groupPointsInvalid: (max: number | null) =>
    max === null
      ? 'Bitte geben Sie eine Punktzahl ab 0 ein.'
      : `Bitte geben Sie eine Punktzahl von 0 bis ${max} ein.`,
  groupErrorTitle: 'Fehler für die Gruppe',
  groupErrorDeduction: 'Punktabzug',
  groupErrorAdd: 'Fehler hinzufügen',
  groupErrorTitleRequired: 'Bitte geben Sie einen Titel für den Fehler ein.',
  groupUpdated: (count: number) => (count === 1 ? '1 Arbeit geändert.' : `${count} Arbeiten geändert.`),
  answerEmpty: '(keine Antwort)',
  /** issue 32 §1, §2: the engine could not place all answers of this paper; she places them in the paper */
  placementUnsure: 'Zuordnung prüfen',
  pointsOf: (points: number | null, max: number | null) =>
    `${points === null ? '–' : formatNumber(points)}${max === null ? '' : ` / ${formatNumber(max)}`} P.`,

  // overview
  overviewEmpty:
    'Die Übersicht zählt nur bestätigte Ergebnisse. Bestätigen Sie die Ergebnisse unter „Nach Arbeiten“.',
  counted: (counted: number, papers: number) =>
    `${counted} von ${countOf(papers, 'Arbeit', 'Arbeiten')} gezählt (bestätigt)`,
  gradeDistribution: 'Notenspiegel',
  gradeDistributionTable: 'Notenspiegel als Tabelle',
  gradeColumn: 'Note',
  countColumn: 'Anzahl',
  averageGrade: 'Notendurchschnitt',
  averagePoints: 'Durchschnittliche Punkte',
  tasksTitle: 'Aufgaben',
  tasksEmpty: 'Die Aufgaben erscheinen, sobald Sie Ergebnisse bestätigt haben.',
  weakest: 'am schwächsten',
  frequentErrors: 'Häufige Fehler',
  frequentErrorsEmpty: 'Keine Fehler gezählt.',
  thresholdLabel: 'Schwelle für die Noten 5 und 6 (in %)',
  thresholdSave: 'Schwelle speichern',
  thresholdInvalid: 'Bitte geben Sie einen Wert von 0 bis 100 ein.',
  failingShare: (percent: string) => `Anteil der Noten 5 und 6: ${percent}`,

  // release
  releaseTitle: 'Ergebnisse zurückgeben',
  releaseLead:
    'Bestätigte Ergebnisse werden für die Schülerinnen und Schüler mit Konto freigegeben. Für alle anderen können Sie die PDFs herunterladen.',
  releaseButton: 'Ergebnisse zurückgeben',
  releaseConfirmTitle: 'Ergebnisse zurückgeben?',
  releaseConfirmText: (confirmed: number, papers: number) =>
    `${confirmed} von ${countOf(papers, 'Ergebnis', 'Ergebnissen')} ${confirmed === 1 ? 'ist' : 'sind'} bestätigt. Nur bestätigte Ergebnisse werden zurückgegeben.`,
  releaseConfirm: 'Zurückgeben',
  releaseResult: (released: number, withoutAccount: number, notConfirmed: number) =>
    `${released} zurückgegeben, ${withoutAccount} ohne Konto (nur Export), ${notConfirmed} noch nicht bestätigt.`,
  downloadsTitle: 'Herunterladen',
  downloadCsv: 'Ergebnisse als CSV',
  downloadNotenliste: 'Notenliste als PDF',
  downloadPaper: (name: string) => `PDF für ${name}`,
  downloadAllZip: 'Alle Schüler-PDFs als ZIP',
  downloadAllPrint: 'Alle Schüler-PDFs als eine Druckdatei',
} as const;

function formatNumber(value: number): string {
  return value.toLocaleString('de-DE', { maximumFractionDigits: 2 });
}
