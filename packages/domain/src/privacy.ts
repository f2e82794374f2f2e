import { z } from 'zod';

// Data export and account erasure (issue 19 point 1: GDPR Art. 15, 17, 20; ADR 0015). The profile is read by
// teachers (Sie) and students (du): every text here is written without addressing anyone, so one text serves
// both. All texts are ours.

/** How long a finished export can be downloaded before the sweep deletes it. */
export const dataExportValidDays = 7;

export const dataExportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(dataExportStatuses),
  /** 0 to 100 */
  progress: z.number().int().min(0).max(100),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** the download's address while the file is there (done and not expired), else null */
  downloadUrl: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The newest export of the caller, or null when there is none (or it expired). */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

/**
 * Erasure asks for the password; an account without one (Google sign-in) confirms by typing its e-mail
 * address instead, and an account without a mailbox (a pseudonymous school sign-in or an LMS launch, whose
 * address is a made-up `…@schulkonto.invalid` nobody knows) by typing the word „LÖSCHEN“. All are checked by
 * the service, so that each gets its own German message.
 */
export const accountDeletionRequestSchema = z.object({
  password: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  phrase: z.string().max(50).optional(),
});
/** the word an account without a mailbox types to confirm its erasure */
export const accountDeletionPhrase = 'LÖSCHEN';
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

/** How this account confirms its erasure, and whether it may be erased at all (demo accounts may not). */
export const accountDeletionInfoSchema = z.object({
  confirmWith: z.enum(['password', 'email', 'phrase']),
  email: z.string(),
  demo: z.boolean(),
});
export type AccountDeletionInfo = z.infer<typeof accountDeletionInfoSchema>;

/**
 * The name a roster entry keeps when its pupil erased her account and the name on it came from her account
 * (she joined with a code), not from her teacher's typing (issue 33 §6). Her e-mail leaves every entry.
 */
export const deletedAccountName = 'gelöschtes Konto';

/** What goes with the account, as the dialog lists it (and the privacy page says). */
export const accountDeletionItems = [
  'Konto, Profil, Profilbild und alle Anmeldungen auf allen Geräten',
  'Analysen mit hochgeladenen Dateien, Ergebnissen, Änderungen und Verlauf',
  'Chats, Benachrichtigungen und gespeicherte Tests',
  'Klassensätze, Unterrichtspläne, Übungen und Noten im Lernprofil',
  'Mitgliedschaften in Schulen, Klassen und Kursen; Schulen, Klassen und Kurse ohne weitere Lehrkraft',
  'Datenexporte',
  'Verbindungen zu Lernplattformen (LTI): die Verknüpfung mit dem Konto der Lernplattform und selbst verbundene Lernplattformen',
  'Hochgeladene Schülerausweise und die Entscheidungen darüber; erhaltene Einladungen',
  'Die E-Mail-Adresse in den Klassenlisten der Lehrkräfte',
  'Was Korrigo auf diesem Gerät im Browser gespeichert hat',
] as const;

/**
 * How long the operator keeps database backups at most (and so the erased rows in them): the operating
 * instructions (README, docs/security.md) ask for no longer, and the privacy page says it.
 */
export const backupRetentionDays = 30;

/**
 * What stays after an erasure and for how long (issue 33 §6): first what the school keeps as its record, then
 * what stays without naming anyone, then the leftovers in the database's log and backups. The dialog and the
 * privacy page show this list.
 */
export const accountDeletionKept = [
  `Die Schule behält die von einer Lehrkraft bewertete Klassenarbeit als ihre Unterlage: die Kopie der Lehrkraft mit Ergebnis, Note und dem Namen, den die Lehrkraft eingetragen hat, und den Verlauf der Freigaben, darin „${deletedAccountName}“ statt des Namens aus dem Konto. Sie bleibt, bis die Lehrkraft die Analyse oder ihr eigenes Konto löscht; die hochgeladene Arbeit selbst (Dateien, Fotos, Scans) wird nach der Aufbewahrungsfrist des Betreibers gelöscht (Grundeinstellung: am Ende des Schuljahres, 31. Juli).`,
  `In den Klassenlisten der Lehrkräfte bleibt ein Eintrag ohne E-Mail-Adresse und ohne Verbindung zum Konto: mit dem Namen, den die Lehrkraft eingetragen hat, sonst als „${deletedAccountName}“, bis die Lehrkraft ihn entfernt oder die Klasse löscht.`,
  'Von Lehrkräften freigegebene Noten bleiben als anonyme Statistik (Datum, Fach, Note, Vorschlag der Bewertung, Zahl der Änderungen) ohne Namen, Kennungen und Texte.',
  'Schulen, Klassen und Kurse, die weitere Lehrkräfte haben, bleiben bei diesen.',
  'Ein laufendes Abonnement wird vor dem Löschen beim Zahlungsdienst beendet. Rechnungen stellt der Zahlungsdienst (Stripe) aus und bewahrt sie so lange auf, wie das Gesetz es verlangt (§ 147 AO, 10 Jahre); Korrigo selbst speichert keine Rechnungen.',
  `Die Datenbank überschreibt die gelöschten Einträge gleich nach dem Löschen auch in ihren Dateien. Im Änderungsprotokoll der Datenbank (Write-Ahead-Log) stehen sie, bis dessen Dateien wiederverwendet werden (meist nach Minuten bis Stunden), in Datensicherungen des Betreibers höchstens ${backupRetentionDays} Tage.`,
] as const;

export const privacyMessages = {
  title: 'Meine Daten',
  intro:
    'Eine Kopie aller Daten dieses Kontos herunterladen oder das Konto mit allen Daten endgültig löschen.',
  exportTitle: 'Meine Daten exportieren',
  exportHint: `Eine ZIP-Datei mit allen Einträgen als JSON, den hochgeladenen Dateien und den bewerteten Arbeiten als PDF. Der Download ist ${dataExportValidDays} Tage lang verfügbar.`,
  exportStart: 'Export starten',
  exportAgain: 'Neuen Export starten',
  exportQueued: 'Der Export wartet auf seinen Start …',
  exportRunning: (progress: number) => `Der Export wird erstellt … ${progress} %`,
  exportReady: (size: string, until: string) => `Der Export ist fertig (${size}), verfügbar bis ${until}.`,
  exportDownload: 'ZIP herunterladen',
  exportFailed: 'Der Export ist fehlgeschlagen. Bitte später erneut versuchen.',
  exportRunningConflict: 'Es läuft bereits ein Export. Bitte warten, bis er fertig ist.',
  exportNotFound: 'Dieser Export wurde nicht gefunden oder ist abgelaufen.',
  deleteTitle: 'Konto löschen',
  deleteHint: 'Das Konto und alle seine Daten werden sofort und endgültig gelöscht.',
  deleteOpen: 'Konto löschen …',
  deleteDialogTitle: 'Konto endgültig löschen?',
  deleteGoes: 'Das wird gelöscht:',
  deleteKept: 'Das bleibt, und so lange:',
  deleteIrreversible:
    'Das lässt sich nicht rückgängig machen. Wer die Daten behalten möchte, exportiert sie vorher.',
  deletePasswordLabel: 'Passwort zur Bestätigung',
  deleteEmailLabel: (email: string) => `Zur Bestätigung die E-Mail-Adresse eingeben: ${email}`,
  deletePhraseLabel: 'Zur Bestätigung LÖSCHEN eingeben',
  deleteConfirm: 'Konto endgültig löschen',
  deleteCancel: 'Abbrechen',
  passwordRequired: 'Bitte das Passwort eingeben.',
  passwordWrong: 'Das Passwort ist falsch.',
  emailMismatch: 'Die E-Mail-Adresse stimmt nicht mit der des Kontos überein.',
  phraseMismatch: 'Bitte zur Bestätigung das Wort LÖSCHEN eingeben.',
  demoRefused:
    'Demo-Konten werden von vielen gemeinsam genutzt und lassen sich nicht löschen. Ein eigenes Konto kann jederzeit gelöscht werden.',
  deleted: 'Das Konto und alle seine Daten wurden gelöscht. Danke für die Nutzung von Korrigo.',
} as const;
