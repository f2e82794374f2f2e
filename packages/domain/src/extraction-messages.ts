/**
 * German messages of the grading engine's text extraction (ours: the spec names no wording for unreadable
 * files). Sie-form, like the spec's upload messages ('Bitte entfernen Sie einige Dateien.').
 */
export const extractionMessages = {
  unsupportedType: (fileName: string) =>
    `Die Datei „${fileName}“ hat ein Format, das nicht gelesen werden kann. Erlaubt sind PDF, DOCX, TXT, JPG und PNG.`,
  brokenFile: (fileName: string) =>
    `Die Datei „${fileName}“ ist beschädigt oder unvollständig und kann nicht gelesen werden.`,
  encrypted: (fileName: string) =>
    `Die Datei „${fileName}“ ist passwortgeschützt. Bitte laden Sie eine Fassung ohne Passwort hoch.`,
  empty: (fileName: string) => `Die Datei „${fileName}“ enthält keinen lesbaren Text.`,
  noFiles: 'Es wurde keine Datei übergeben.',
  tooLarge: (fileName: string, limit: string) =>
    `Die Datei „${fileName}“ ist zu groß für die Auswertung (höchstens ${limit}).`,
  /** shown next to text that OCR read with low confidence */
  reviewTranscription: 'Bitte Transkription prüfen',
} as const;
