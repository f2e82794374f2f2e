// Moving through the papers of a class set and looking at its scanned pages (issue 34 §7). Our words; teachers
// are addressed with „Sie“. Kept apart from the set screen's catalogue so its paper-by-paper navigation can
// be read as one piece.

export const classSetReviewMessages = {
  navigationLabel: 'Arbeiten des Klassensatzes',
  backToSet: 'Zurück zum Klassensatz',
  previous: 'Vorherige Arbeit',
  next: 'Nächste Arbeit',
  previousOf: (name: string) => `Vorherige Arbeit: ${name}`,
  nextOf: (name: string) => `Nächste Arbeit: ${name}`,
  position: (index: number, count: number, name: string) => `Arbeit ${index} von ${count}: ${name}`,
  /** the keys, as printed on a German keyboard, and what they do */
  shortcutsTitle: 'Tastatur:',
  shortcuts: [
    { key: '←', text: 'vorherige Arbeit' },
    { key: '→', text: 'nächste Arbeit' },
    { key: 'Z', text: 'zurück zum Klassensatz' },
  ],
  // the page images of a scanned stack, opened large
  openPage: (label: string) => `${label} groß anzeigen`,
  pageDialogDescription: 'Die Seite in voller Größe, wie sie eingescannt wurde.',
  answerPage: (name: string, label: string) => `${label} der Arbeit von ${name}`,
  showAnswerPage: (name: string) => `Seite der Arbeit von ${name} anzeigen`,
} as const;
