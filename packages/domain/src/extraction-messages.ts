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
  /** a DOCX that unpacks to more than a student's work needs (a zip bomb, a flood of tiny text runs) */
  tooComplex: (fileName: string) =>
    `Die Datei „${fileName}“ ist entpackt zu umfangreich für die Auswertung. Bitte laden Sie eine kürzere Fassung oder ein PDF hoch.`,
  tooManyPixels: (fileName: string, limit: string) =>
    `Das Bild „${fileName}“ hat zu viele Bildpunkte für die Auswertung (höchstens ${limit}). Bitte laden Sie es verkleinert hoch.`,
  /** ours: a photo or scan, read without text recognition (the server answers with its plan refusal instead) */
  needsOcr: (fileName: string) =>
    `Die Datei „${fileName}“ ist ein Foto oder Scan und kann nur mit Texterkennung (OCR) gelesen werden.`,
  /** the reading ran out of its memory or time (its worker died) */
  notProcessed: (fileNames: readonly string[]) =>
    `${
      fileNames.length === 1
        ? `Die Datei „${fileNames[0]}“ konnte`
        : `Die Dateien ${fileNames.map((name) => `„${name}“`).join(', ')} konnten`
    } nicht verarbeitet werden: Das Lesen hat mehr Speicher oder Zeit gebraucht, als erlaubt ist. Bitte laden Sie eine kleinere oder einfachere Fassung hoch.`,
  /** shown next to text that OCR read with low confidence */
  reviewTranscription: 'Bitte Transkription prüfen',
} as const;

/**
 * Calculation lines whose numbers or operators OCR read uncertainly (issue 34 §2): marked in the text check
 * and not graded as written. Addressed to the teacher.
 */
export const ocrDoubtMessages = {
  /** the digits or operators read with low confidence */
  uncertainTokens: (tokens: readonly string[]) =>
    `unsicher gelesen: ${tokens.map((token) => `„${token}“`).join(', ')}`,
  /** a wrong calculation that is right with the confusable operator */
  confusedOperator: (read: string, meant: string) =>
    `„${read}“ könnte „${meant}“ sein (mit „${meant}“ wäre die Rechnung richtig)`,
  /** the review flag of a paper graded with such lines */
  flag: (lines: readonly string[]) =>
    `Bitte Rechnungen prüfen: ${
      lines.length === 1 ? 'Eine Rechenzeile wurde' : `${lines.length} Rechenzeilen wurden`
    } unsicher erkannt (${lines.map((line) => `„${line.trim()}“`).join('; ')}). ${
      lines.length === 1 ? 'Sie wurde' : 'Sie wurden'
    } nicht als richtig oder falsch gezählt.`,
} as const;
