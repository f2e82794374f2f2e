/**
 * German texts of the builtin (offline) grading engine that are fixed sentences (ours: the spec does not
 * word them). Review-flag messages are shown to the teacher in the result view, so they say what to do.
 */
export const builtinGradingMessages = {
  lowOcrConfidence: 'Bitte Transkription prüfen',
  lowOcrConfidenceDetail:
    'Bitte Transkription prüfen: Teile der Arbeit wurden mit geringer Sicherheit erkannt. Fehler im Text können Erkennungsfehler sein.',
  noAnswerKey:
    'Ohne Erwartungshorizont oder Lösung kann der Inhalt nicht bewertet werden. Geprüft wurden nur Sprache, Rechnungen und Aufbau; die Punkte legst du fest.',
  alignmentUncertain:
    'Die Antworten konnten nicht sicher den Aufgaben des Erwartungshorizonts zugeordnet werden. Bitte prüfe die Zuordnung.',
  hiddenText: 'Die Datei enthält versteckten Text. Er wurde nicht bewertet; bitte prüfe ihn.',
  emptyAnswer: 'Die Arbeit enthält keinen auswertbaren Text.',
  unknownValue: 'Nicht angegeben',
  defaultTitle: 'Analyse',
} as const;
