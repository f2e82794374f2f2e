// The Lern-Assistent screen's own labels (issue 17 §3), beside the contract's learningAssistantMessages: what
// only the web shows (field labels, screen-reader names). In du, as everything the student reads.
export const learningAssistantScreenMessages = {
  subjectProgress: (subject: string) => `Fortschritt in ${subject}`,
  areaScore: (label: string) => `Punkteanteil: ${label}`,
  blank: (n: number) => `Lücke ${n}`,
  matchingChoose: 'Bitte wählen …',
  openAnswer: 'Deine Antwort',
  itemPoints: (points: string) => (points === '1' ? '1 Punkt' : `${points} Punkte`),
  itemNumber: (n: number) => `Aufgabe ${n}`,
  total: 'Ergebnis',
  explainSourceLlm: 'Diese Erklärung hat ein KI-Modell geschrieben.',
  chatYou: 'Du',
  chatAssistant: 'Assistent',
  chatInput: 'Deine Nachricht',
  chatTyping: 'Der Assistent schreibt …',
  chatLog: 'Unterhaltung',
  analyzeSending: 'Dein Text wird hochgeladen …',
} as const;
