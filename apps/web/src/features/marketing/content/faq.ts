export type FaqEntry = { question: string; answer: string };

/**
 * The pricing FAQ. spec 000 §1 gives other figures (10 free gradings, up to 150 for teachers); ADR 0018 joins
 * the two readings (Freemium: 5 for teachers, 10 for students; Premium Lehrer unlimited), and these answers
 * say what the plan table in packages/domain enforces.
 */
export const pricingFaq: FaqEntry[] = [
  {
    question: 'Gibt es eine kostenlose Version?',
    answer:
      'Ja. Mit Freemium lässt du als Lehrkraft 5 Arbeiten pro Monat korrigieren, als Schülerin oder Schüler 10 – ohne etwas zu bezahlen und ohne Zahlungsdaten anzugeben.',
  },
  {
    question: 'Wie viel kostet Korrigo für Lehrkräfte?',
    answer:
      'Premium Lehrer kostet 15 € im Monat oder 144 € im Jahr und enthält unbegrenzte Analysen, Texterkennung, Aufsatzanalyse und Massen-Upload. Du kannst den Tarif 14 Tage kostenlos testen.',
  },
  {
    question: 'Gibt es Lizenzen für ganze Schulen?',
    answer:
      'Ja. Pro Team deckt bis zu 5 Lehrkräfte ab (40 € im Monat). Für ganze Schulen gibt es Enterprise mit einem Preis nach Anzahl der Schülerinnen und Schüler – schreib uns über das Kontaktformular.',
  },
];

/** The FAQ page (spec 000 §2): 9 questions, the first open. Figures follow the plan table. */
export const faqEntries: FaqEntry[] = [
  {
    question: 'Was ist Korrigo?',
    answer:
      'Korrigo korrigiert Tests und Klassenarbeiten mit KI – handschriftlich oder digital. Du bekommst Punkte je Aufgabe, markierte Fehler, Stärken, Schwächen und einen Notenvorschlag, den du als Lehrkraft prüfst und anpasst.',
  },
  {
    question: 'Für wen ist Korrigo gedacht?',
    answer:
      'Für Lehrkräfte, die Zeit beim Korrigieren sparen wollen, und für Schülerinnen, Schüler und Studierende, die ihre Arbeiten selbst prüfen und verstehen möchten.',
  },
  {
    question: 'Kann Korrigo Handschrift lesen?',
    answer:
      'Ja. Fotos und Scans werden per Texterkennung (OCR) gelesen. Texterkennung ist in Premium Student, Premium Lehrer, Pro Team und Enterprise enthalten.',
  },
  {
    question: 'Wie genau ist die Bewertung?',
    answer:
      'In unseren Vergleichen stimmt Korrigo zu etwa 93,3 % mit der Bewertung von Fachlehrkräften überein. Die letzte Entscheidung liegt immer bei dir: Jede Bewertung lässt sich prüfen und ändern.',
  },
  {
    question: 'Was kostet Korrigo?',
    answer:
      'Freemium ist kostenlos und enthält 5 Analysen pro Monat für Lehrkräfte und 10 für Schülerinnen und Schüler. Basic und Premium Student kosten je 10 € im Monat, Premium Lehrer 15 € mit unbegrenzten Analysen, Pro Team 40 €. Bei jährlicher Zahlung sparst du 20 %.',
  },
  {
    question: 'Gibt es Schullizenzen?',
    answer:
      'Ja. Pro Team ist für bis zu 5 Lehrkräfte gedacht. Enterprise richtet sich an ganze Schulen; der Preis richtet sich nach der Anzahl der Schülerinnen und Schüler.',
  },
  {
    question: 'Ist Korrigo datenschutzkonform?',
    answer:
      'Ja. Korrigo ist nach der DSGVO gebaut: Daten werden nur für die Korrektur verarbeitet, nicht verkauft und nicht für Werbung genutzt. Details stehen in unserer Datenschutzerklärung.',
  },
  {
    question: 'Funktioniert Korrigo mit unserer Lernplattform?',
    answer:
      'Die Anbindung an Lernplattformen (LMS) ist Teil von Enterprise. Sprich uns an, welche Plattform deine Schule nutzt.',
  },
  {
    question: 'Kann ich kündigen, wann ich will?',
    answer:
      'Monatliche Tarife kannst du zum Ende des Abrechnungsmonats kündigen. Ein Jahresabo kannst du innerhalb von 30 Tagen nach Abschluss zurückgeben und bekommst den Betrag erstattet.',
  },
];
