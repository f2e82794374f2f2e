/** The student ID screens' own texts (ours): du to the student, Sie to reviewers. */
export const studentIdTexts = {
  title: 'Schülerausweis',
  intro:
    'Für den Tarif Premium Student brauchst du einen bestätigten Schüler- oder Studierendenausweis. Lade ein Foto oder eine PDF-Datei hoch; eine Lehrkraft deiner Klasse oder deiner Kurse oder das Korrigo-Team prüft sie. Nach der Entscheidung löschen wir die Datei.',
  fileLabel: 'Foto oder PDF deines Ausweises',
  fileHint: 'JPEG, PNG oder PDF, höchstens 5 MB.',
  upload: 'Ausweis hochladen',
  pickFile: 'Ausweis auswählen',
  picked: (name: string) => `Ausgewählt: ${name}`,
  uploaded: 'Dein Ausweis ist hochgeladen und wird geprüft.',
  status: 'Status',
  none: 'Du hast noch keinen Ausweis hochgeladen.',
  pending: (date: string) =>
    `Hochgeladen am ${date}. Du bekommst eine Benachrichtigung, sobald entschieden ist.`,
  approved: (date: string) => `bestätigt bis ${date}`,
  rejected: 'abgelehnt',
  canBook: 'Dein Ausweis ist bestätigt: Du kannst Premium Student buchen.',
  canBookLink: 'Premium Student ansehen',
  rejectedNote: (note: string) => `Grund: ${note}`,
  uploadAgain: 'Du kannst einen neuen Ausweis hochladen.',
  viewFile: 'Hochgeladene Datei herunterladen',
  loadFailed: 'Der Status deines Ausweises konnte nicht geladen werden: ',
  // reviewers
  reviewTitle: 'Schülerausweise prüfen',
  reviewIntro:
    'Schülerinnen und Schüler, die Premium Student buchen möchten, laden ihren Ausweis hoch. Sie sehen die Uploads der Schülerinnen und Schüler Ihrer Klassen und Kurse. Bestätigt gilt ein Ausweis bis zum Ende des Schuljahres (31. Juli); nach Ihrer Entscheidung wird die Datei gelöscht.',
  reviewLinkIntro:
    'Schülerinnen und Schüler Ihrer Klassen und Kurse, die Premium Student buchen möchten, brauchen einen bestätigten Ausweis.',
  reviewLink: 'Offene Ausweise ansehen',
  reviewOperator: 'Sie prüfen als Betreiber: Sie sehen alle offenen Uploads.',
  reviewEmpty: 'Keine offenen Ausweise zu prüfen.',
  reviewLoading: 'Die offenen Ausweise werden geladen …',
  uploadedAt: (date: string) => `hochgeladen am ${date}`,
  open: 'Datei herunterladen',
  openLabel: (name: string) => `Ausweis von ${name} herunterladen`,
  approve: 'Bestätigen',
  approveLabel: (name: string) => `Ausweis von ${name} bestätigen`,
  approveTitle: 'Ausweis bestätigen?',
  approveText: (name: string) =>
    `Der Ausweis von ${name} gilt dann bis zum Ende des Schuljahres. Die Datei wird danach gelöscht.`,
  approved_: 'Der Ausweis ist bestätigt.',
  reject: 'Ablehnen',
  rejectLabel: (name: string) => `Ausweis von ${name} ablehnen`,
  rejectTitle: 'Ausweis ablehnen',
  rejectText: (name: string) =>
    `${name} liest Ihren Grund in einer Benachrichtigung und kann einen neuen Ausweis hochladen. Die Datei wird gelöscht.`,
  rejectNote: 'Grund',
  rejectNoteHint: 'z. B. „Das Foto ist unscharf“ oder „Der Ausweis ist abgelaufen“.',
  rejected_: 'Der Ausweis ist abgelehnt.',
  cancel: 'Abbrechen',
  teachersOnly: 'Ausweise prüfen Lehrkräfte und das Korrigo-Team.',
} as const;
