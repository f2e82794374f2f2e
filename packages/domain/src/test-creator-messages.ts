/**
 * German texts of the test creator (/dashboard/testgen). Strings quoted from spec 001 (§2, §4, §5, §8) are
 * copied verbatim; the rest (marked "ours") follow the spec's Sie-form of this screen.
 */
export const testCreatorMessages = {
  title: 'KI-Testkreator',
  // spec 001 §2, §4, §5
  noQuestions: 'Noch keine Fragen vorhanden...',
  draftLoaded: 'Entwurf geladen',
  titleRequired: 'Bitte geben Sie einen Titel für den Test ein.',
  unsavedChangesTitle: 'Ungespeicherte Änderungen',
  loadTest: 'Test laden',
  understood: 'Verstanden',
  // spec 001 §8: alerts
  duplicateFailed: 'Fehler beim Duplizieren des Tests.',
  listFailed: 'Fehler beim Laden der gespeicherten Tests.',
  loadFailed: 'Fehler beim Laden des Tests.',
  deleteFailed: 'Fehler beim Löschen des Tests.',
  notFound: 'Test konnte nicht gefunden werden.',
  previewMissing: 'Fehler: Vorschau konnte nicht gefunden werden.',
  // spec 001 §8: status texts
  saveFailed: 'Fehler beim Speichern!',
  pdfFailed: 'Fehler beim Erstellen der PDF',
  // ours
  teachersOnly: 'Der KI-Testkreator steht nur Lehrkräften zur Verfügung.',
  saved: 'Test gespeichert!',
  templateSaved: 'Als Vorlage gespeichert!',
  templateSuffix: ' (Vorlage)',
  duplicated: 'Test dupliziert!',
  deleted: 'Test gelöscht.',
  loaded: 'Test geladen',
  pdfCreated: 'PDF erstellt',
  unsavedChangesText:
    'Sie haben ungespeicherte Änderungen. Wenn Sie einen anderen Test laden, gehen diese verloren.',
  overwriteTitle: 'Test überschreiben?',
  overwriteText: (title: string) =>
    `Der gespeicherte Test „${title}“ wird mit dem aktuellen Stand überschrieben.`,
  overwriteConfirm: 'Überschreiben',
  newTestTitle: 'Neuen Test beginnen?',
  newTestText:
    'Der aktuelle Test wird aus dem Editor entfernt. Nicht gespeicherte Änderungen gehen verloren.',
  newTestConfirm: 'Neuen Test beginnen',
  deleteTitle: 'Test löschen?',
  deleteText: (title: string) =>
    `Möchten Sie den Test „${title}“ wirklich löschen? Dies kann nicht rückgängig gemacht werden.`,
  deleteConfirm: 'Löschen',
  savedTestsLoading: 'Gespeicherte Tests werden geladen...',
  savedTestsEmpty: 'Noch keine gespeicherten Tests vorhanden. Speichern Sie Ihren ersten Test!',
  untitled: 'Ohne Titel',
  noResources: 'Noch keine Ressourcen vorhanden. Fügen Sie Texte, Zitate oder Bilder hinzu.',
  imagePreviewUnavailable: 'Keine Bildvorschau möglich. Bitte prüfen Sie die Bildadresse.',
  imageTooLarge: 'Das Bild ist zu groß. Maximale Größe: 140 KB',
  imageInvalid: 'Bitte wählen Sie ein Bild (JPG, PNG, GIF oder WEBP).',
  /** spec 001 §2: without an LLM, generation says the function will be available soon (not a setting) */
  generateComingSoon:
    'Die automatische Testgenerierung ist bald verfügbar. Bis dahin legen Sie die Fragen im Bereich „Fragen“ selbst an.',
  generateFailed: 'Die Fragen konnten nicht generiert werden. Bitte versuchen Sie es erneut.',
  generated: (count: number) =>
    `${count} ${count === 1 ? 'Frage wurde' : 'Fragen wurden'} generiert. Bitte prüfen und bearbeiten Sie sie.`,
  generateNeedsTopic: 'Bitte geben Sie ein Thema oder Lernziele ein, damit Fragen generiert werden können.',
  solutionSheet: 'Lösungsblatt',
  clozeInstruction: 'Ergänze die Lücken.',
  point: 'Punkt',
  points: 'Punkte',
} as const;

/** spec 001 §2: 'Punkt' for 1, otherwise 'Punkte'. */
export function pointsLabel(points: number): string {
  return `${points} ${points === 1 ? testCreatorMessages.point : testCreatorMessages.points}`;
}
