// The insights page's texts (spec 001 §2 'Teacher insights'; wording ours, Sie to the teacher, du on the
// student's notice). Every sentence about the grading says what the product really does (README 'Grading:
// what is checked and what stays with the teacher'); the three scenarios are marked as examples, not quotes.

export const insightsTexts = {
  title: 'Insights',
  subtitle:
    'Ihre Zahlen des letzten Monats, wie Korrigo bewertet, und was Ihnen außerdem zur Verfügung steht.',
  statsHeading: 'Ihr letzter Monat',
  statsLink: 'Zur ausführlichen Auswertung',
  statPapers: 'Bewertete Arbeiten',
  statAverageGrade: 'Durchschnittsnote',
  statHoursSaved: 'Gesparte Zeit',
  statStudents: 'Schülerinnen und Schüler mit Arbeiten',
  loadFailed: 'Ihre Zahlen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',

  explainButton: 'Wie die KI bewertet',
  explain: [
    'Grundlage ist Ihr Erwartungshorizont: ein im Testgenerator gespeicherter Test oder der Text, den Sie bei der Analyse einfügen – mit Aufgaben, Punkten und auf Wunsch einem Notenschlüssel.',
    'Die eingebaute Bewertung prüft, was sich nachprüfen lässt: Rechnungen und Umformungsketten (Folgefehler bekommen ihre Punkte), Einheiten, Reaktionsgleichungen, geschlossene Fragen wie Multiple Choice und Lückentexte, Rechtschreibung und Grammatik.',
    'Offene Antworten werden nach den Aspekten Ihres Erwartungshorizonts bewertet. Wo die Bewertung unsicher ist, etwa bei einer Verneinung oder einer freien Umschreibung, markiert sie die Stelle für Sie.',
    'Eine Note schlägt die Bewertung nur vor, wenn sie sie tragen kann: Hat sie Punkte abgezogen, weil sie Stichworte Ihres Erwartungshorizonts nicht oder nur verändert fand, und könnten diese Punkte die Note um mehr als eine Stufe ändern, nennt sie die Antworten, die Sie lesen sollten, und die Note folgt Ihrer Bestätigung.',
    'Bewertungskriterien wie „eindeutige Position“, „zwei Argumente“ oder „Sprachrichtigkeit“ liest die Bewertung an der Arbeit ab und schlägt Punkte vor, mit der Stelle, die sie gefunden hat. Hängt die Note an diesen vorgeschlagenen Punkten, entscheiden Sie.',
    'Ohne Erwartungshorizont bleiben Aufgaben offen, die sich nicht nachrechnen lassen; solange etwas offen ist, gibt es keine Note.',
    'Bei Fotos und Scans sehen Sie den erkannten Text neben der Seite und korrigieren ihn, bevor bewertet wird.',
    'Sie entscheiden: Punkte und Fehler können Sie ändern, und erst mit „Bewertung bestätigen“ gilt das Ergebnis.',
  ],
  /**
   * ours (issue 32 §10): the agreement measured on tests nobody tuned the engine to, with date and engine
   * version; the figures and commands are in docs/grading-quality.md
   */
  measured: {
    heading: 'Gemessene Übereinstimmung (Stand 29.11.2026, eingebaute Bewertung builtin-2.16.0)',
    sentences: [
      '45 neue Klassenarbeiten mit je zwei Schülerarbeiten, geschrieben und bewertet von Lehrkräften, die die Bewertung nie gesehen haben: Die vorgeschlagenen Punkte weichen im Mittel um 24 % der Höchstpunktzahl von denen der Lehrkraft ab, und bei 16 von 90 Arbeiten las die Bewertung eine andere Höchstpunktzahl aus dem Erwartungshorizont als die Lehrkraft. Deshalb schlägt die Bewertung bei 72 von 90 Arbeiten keine Note vor und nennt den Grund; von den 18 vorgeschlagenen Noten liegen 14 höchstens eine Stufe neben der Note der Lehrkraft, 4 weiter daneben.',
      'Kurzantworten eines öffentlichen Datensatzes (Deutsch, 247 Antworten auf eine zurückgehaltene Frage): 64 % Übereinstimmung mit der menschlichen Einstufung richtig / teilweise richtig / falsch (Makro-F1 0,64).',
      'Das heißt: Die Bewertung ist ein Vorschlag, den Sie prüfen. Bitte sehen Sie sich jede Note an, bevor Sie sie bestätigen.',
    ],
  },
  /** the last sentence, by the installation's AI_PROVIDER (public config) */
  explainProvider: {
    builtin: 'In dieser Korrigo-Installation bewertet die eingebaute Bewertung, ohne Sprachmodell.',
    'openai-compatible':
      'In dieser Korrigo-Installation ist ein Sprachmodell angebunden: Es bewertet mit Ihrem Erwartungshorizont und den nachgeprüften Befunden als Fakten, und Punkte, Summe und Note rechnet Korrigo nach denselben Regeln wie ohne Modell.',
  },

  toolsHeading: 'Werkzeuge',
  tools: [
    {
      value: 'testgen',
      label: 'Testgenerator',
      title: 'Tests erstellen',
      text: 'Stellen Sie Tests aus Fragen mit Punkten und Musterlösung zusammen, speichern Sie sie als Vorlage und geben Sie sie als PDF aus. Bei der Analyse dient ein gespeicherter Test als Erwartungshorizont.',
      link: 'Zum Testgenerator',
      href: '/dashboard/testgen',
    },
    {
      value: 'lessons',
      label: 'Unterrichtsplanung',
      title: 'Unterricht planen',
      text: 'Planen Sie Ihre Stunden aus bewährten Verläufen wie Einstieg – Erarbeitung – Sicherung oder AVIVA, ordnen Sie sie einem Kurs und einem Datum zu und drucken Sie sie als PDF. Ein guter Ort für die Übungsstunde zu dem, was die Auswertung an Fehlern zeigt.',
      link: 'Zur Unterrichtsplanung',
      href: '/dashboard/lessonsplan',
    },
    {
      value: 'support',
      label: 'Lernunterstützung',
      title: 'Was Ihre Schülerinnen und Schüler bekommen',
      text: 'Der Lern-Assistent ist für Ihre Schülerinnen und Schüler: Er zeigt ihnen aus den Arbeiten, die Sie zurückgeben, und aus eigenen Texten ihre Stärken und Schwächen und stellt Übungen zu ihren eigenen Fehlern zusammen.',
      link: 'Zum Lern-Assistenten (Ansicht für Lernende)',
      href: '/dashboard/essayfeed',
    },
  ],

  scenariosHeading: 'So könnte Ihre Woche aussehen',
  scenariosNote: 'Drei ausgedachte Beispiele, keine Zitate echter Lehrkräfte.',
  scenarioLabel: (n: number, total: number) => `Beispiel ${n} von ${total}`,
  previous: 'Vorheriges Beispiel',
  next: 'Nächstes Beispiel',
  show: (n: number) => `Beispiel ${n} zeigen`,
  scenarios: [
    {
      who: 'Beispiel: Mathematik, Klasse 7',
      text: 'Am Montag laden Sie die 28 Klassenarbeiten als Klassensatz hoch. Korrigo rechnet die Umformungen nach, Sie sehen die markierten Stellen durch und bestätigen. In der Aufgabenanalyse fällt auf: Aufgabe 3 war für fast alle zu schwer.',
    },
    {
      who: 'Beispiel: Deutsch, Klasse 9',
      text: 'Nach dem Aufsatz zeigen die Verbesserungsbereiche, dass die Kommafehler je Arbeit seit dem letzten Monat gestiegen sind. Sie planen dazu eine Übungsstunde und sehen nach der nächsten Arbeit, ob es geholfen hat.',
    },
    {
      who: 'Beispiel: Chemie, Klasse 8',
      text: 'Die Reaktionsgleichungen werden auf ihre Atombilanz geprüft. Nachdem Sie die Ergebnisse zurückgegeben haben, üben Ihre Schülerinnen und Schüler im Lern-Assistenten an ihren eigenen Fehlern.',
    },
  ],

  resourcesHeading: 'Hilfe und Hintergrund',
  resources: [
    {
      title: 'Häufige Fragen',
      text: 'Antworten zu Handschrift, Genauigkeit, Preisen und Datenschutz.',
      href: '/faq',
    },
    { title: 'Funktionen', text: 'Was Korrigo kann, im Überblick.', href: '/features' },
    {
      title: 'Datenschutz',
      text: 'Welche Daten gespeichert werden und wer sie sieht.',
      href: '/datenschutz',
    },
    { title: 'Neuigkeiten', text: 'Was sich in Korrigo zuletzt geändert hat.', href: '/updates' },
  ],

  studentNotice:
    'Insights sind für Lehrkräfte. Deine Stärken, Schwächen und passende Übungen findest du im Lern-Assistenten.',
  studentLink: 'Zum Lern-Assistenten',
} as const;
