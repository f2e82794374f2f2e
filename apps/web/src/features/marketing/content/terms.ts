import { company } from './company';

type TermsSection = { id: string; title: string; paragraphs: string[] };

/** spec 000 §9: last update of the terms. */
export const termsLastUpdated = '1. März 2025';

/**
 * The terms of use (spec 000 §2: 23 sections; §9: minimum age 13, 18 without a parent's consent, price
 * changes 30 days ahead, refund of an annual subscription within 30 days; §6: organisation administrators).
 */
export const termsSections: TermsSection[] = [
  {
    id: 'geltungsbereich',
    title: 'Geltungsbereich',
    paragraphs: [
      `Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für die Nutzung der Web-Anwendung ${company.name} und aller damit verbundenen Leistungen, gleich ob kostenlos oder kostenpflichtig.`,
      'Abweichende Bedingungen von Nutzerinnen und Nutzern gelten nur, wenn wir ihnen ausdrücklich schriftlich zugestimmt haben.',
    ],
  },
  {
    id: 'anbieter',
    title: 'Anbieter',
    paragraphs: [
      `Anbieter ist die ${company.legalName}, ${company.street}, ${company.postalCode} ${company.city}. Die vollständigen Angaben stehen im Impressum.`,
    ],
  },
  {
    id: 'begriffe',
    title: 'Begriffe',
    paragraphs: [
      '„Nutzer“ sind alle Personen mit einem Konto, ob Lehrkraft, Schülerin, Schüler oder Studierende. „Analyse“ ist die Bewertung einer eingereichten Arbeit durch Korrigo. „Organisation“ ist eine Schule oder ein Schulträger, die Korrigo für mehrere Personen nutzt.',
    ],
  },
  {
    id: 'vertragsschluss',
    title: 'Vertragsschluss und Registrierung',
    paragraphs: [
      'Der Vertrag kommt zustande, wenn du dich registrierst und diesen AGB zustimmst. Die Angaben bei der Registrierung müssen wahr und vollständig sein.',
      'Deine Zugangsdaten hältst du geheim. Besteht der Verdacht, dass jemand anderes sie kennt, änderst du dein Passwort und informierst uns.',
    ],
  },
  {
    id: 'mindestalter',
    title: 'Mindestalter und Einwilligung der Eltern',
    paragraphs: [
      'Korrigo darf nutzen, wer mindestens 13 Jahre alt ist.',
      'Wer noch nicht 18 Jahre alt ist, braucht die Einwilligung eines Elternteils oder einer anderen erziehungsberechtigten Person. Ohne diese Einwilligung ist die Nutzung erst ab 18 Jahren erlaubt.',
    ],
  },
  {
    id: 'leistungen',
    title: 'Leistungen von Korrigo',
    paragraphs: [
      'Korrigo bewertet eingereichte Arbeiten mit Hilfe von KI, markiert Fehler, schlägt Punkte und Noten vor und gibt Feedback. Der genaue Umfang richtet sich nach dem gewählten Tarif.',
      'Wir entwickeln Korrigo laufend weiter. Dabei können sich Funktionen ändern, solange der vereinbarte Kern der Leistung erhalten bleibt.',
    ],
  },
  {
    id: 'ki-bewertung',
    title: 'KI-Bewertung und Verantwortung der Lehrkraft',
    paragraphs: [
      'Die Bewertungen von Korrigo sind Vorschläge. Sie können Fehler enthalten. Für Noten, die in Zeugnisse oder andere amtliche Entscheidungen eingehen, bleibt die Lehrkraft verantwortlich und prüft jeden Vorschlag selbst.',
    ],
  },
  {
    id: 'tarife',
    title: 'Tarife und Kontingente',
    paragraphs: [
      'Es gibt die Tarife Freemium, Basic, Premium Student, Premium Lehrer, Pro Team und Enterprise. Der Leistungsumfang jedes Tarifs steht auf der Preisseite; Freemium enthält zum Beispiel 5 Analysen pro Monat für Lehrkräfte und 10 für Schülerinnen und Schüler.',
      'Nicht genutzte Analysen verfallen am Ende des Abrechnungsmonats. Premium Student setzt einen gültigen Schüler- oder Studierendenausweis voraus.',
    ],
  },
  {
    id: 'testphasen',
    title: 'Kostenlose Testphasen',
    paragraphs: [
      'Basic und Premium Student kannst du 7 Tage kostenlos testen, Premium Lehrer und Pro Team 14 Tage. Kündigst du vor dem Ende der Testphase, entstehen keine Kosten.',
    ],
  },
  {
    id: 'preise',
    title: 'Preise und Zahlung',
    paragraphs: [
      'Es gelten die Preise, die bei Vertragsschluss auf der Preisseite stehen: Basic und Premium Student 10 € im Monat oder 96 € im Jahr, Premium Lehrer 15 € oder 144 €, Pro Team 40 € oder 384 €. Enterprise wird individuell vereinbart.',
      'Bei jährlicher Zahlung gewähren wir 20 % Rabatt gegenüber der monatlichen Zahlung. Die Zahlung ist jeweils zu Beginn des Abrechnungszeitraums fällig.',
    ],
  },
  {
    id: 'preisaenderungen',
    title: 'Preisänderungen',
    paragraphs: [
      'Preisänderungen kündigen wir mindestens 30 Tage vor ihrem Inkrafttreten per E-Mail an. Bist du mit der Änderung nicht einverstanden, kannst du bis dahin zum Zeitpunkt des Inkrafttretens kündigen.',
    ],
  },
  {
    id: 'laufzeit',
    title: 'Laufzeit und Kündigung',
    paragraphs: [
      'Monatliche Tarife verlängern sich jeweils um einen Monat, jährliche um ein Jahr, wenn sie nicht vor Ablauf gekündigt werden. Die Kündigung ist jederzeit zum Ende des laufenden Abrechnungszeitraums möglich, im Profil oder per E-Mail.',
      'Das Recht zur Kündigung aus wichtigem Grund bleibt für beide Seiten unberührt.',
    ],
  },
  {
    id: 'erstattung',
    title: 'Erstattung bei Jahresabonnements',
    paragraphs: [
      'Ein Jahresabonnement kannst du innerhalb von 30 Tagen nach Abschluss zurückgeben. Wir erstatten dir dann den gezahlten Betrag vollständig.',
    ],
  },
  {
    id: 'pflichten',
    title: 'Pflichten der Nutzerinnen und Nutzer',
    paragraphs: [
      'Du lädst nur Inhalte hoch, die du verwenden darfst. Arbeiten anderer Personen lädst du nur im Rahmen deiner schulischen Aufgaben hoch und gibst so wenige personenbezogene Daten wie möglich an.',
      'Es ist nicht erlaubt, Korrigo zu manipulieren, automatisiert in großem Umfang abzufragen oder Sicherheitsmaßnahmen zu umgehen.',
    ],
  },
  {
    id: 'inhalte',
    title: 'Hochgeladene Inhalte und Rechte',
    paragraphs: [
      'Die Rechte an hochgeladenen Arbeiten bleiben bei den Berechtigten. Du räumst uns nur die Rechte ein, die wir brauchen, um die Arbeit zu speichern, zu bewerten und dir das Ergebnis anzuzeigen.',
      'Wir verwenden hochgeladene Arbeiten nicht für Werbung und verkaufen sie nicht.',
    ],
  },
  {
    id: 'organisationen',
    title: 'Organisationskonten und Administratoren',
    paragraphs: [
      'Nutzt eine Organisation Korrigo (Pro Team oder Enterprise), bestimmt sie eine oder mehrere Personen als Administratoren. Administratoren verwalten die Mitglieder, deren Rollen und die Einstellungen der Organisation.',
      'Die Organisation ist dafür verantwortlich, dass ihre Mitglieder Korrigo im Einklang mit diesen AGB und dem Datenschutzrecht nutzen.',
    ],
  },
  {
    id: 'datenschutz',
    title: 'Datenschutz',
    paragraphs: [
      'Wie wir personenbezogene Daten verarbeiten, beschreibt unsere Datenschutzerklärung. Für Organisationen schließen wir auf Wunsch einen Vertrag zur Auftragsverarbeitung.',
    ],
  },
  {
    id: 'verfuegbarkeit',
    title: 'Verfügbarkeit und Wartung',
    paragraphs: [
      'Wir bemühen uns um eine möglichst unterbrechungsfreie Verfügbarkeit. Wartungsarbeiten legen wir nach Möglichkeit außerhalb der Unterrichtszeiten und kündigen größere Arbeiten vorher an.',
    ],
  },
  {
    id: 'haftung',
    title: 'Haftung',
    paragraphs: [
      'Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Verletzung von Leben, Körper oder Gesundheit. Bei leichter Fahrlässigkeit haften wir nur für die Verletzung wesentlicher Vertragspflichten und begrenzt auf den vorhersehbaren, vertragstypischen Schaden.',
    ],
  },
  {
    id: 'gewaehrleistung',
    title: 'Gewährleistung',
    paragraphs: [
      'Es gelten die gesetzlichen Vorschriften. Mängel meldest du uns bitte über das Kontaktformular oder per E-Mail, damit wir sie schnell beheben können.',
    ],
  },
  {
    id: 'aenderungen',
    title: 'Änderungen dieser AGB',
    paragraphs: [
      'Änderungen dieser AGB teilen wir dir mindestens 30 Tage vor ihrem Inkrafttreten mit. Widersprichst du nicht bis zum Inkrafttreten, gelten die Änderungen als angenommen; auf diese Folge weisen wir in der Mitteilung hin.',
    ],
  },
  {
    id: 'recht',
    title: 'Anwendbares Recht und Gerichtsstand',
    paragraphs: [
      'Es gilt das Recht der Bundesrepublik Deutschland. Für Verbraucherinnen und Verbraucher gilt diese Rechtswahl nur, soweit ihnen dadurch nicht der Schutz zwingender Vorschriften ihres Aufenthaltsstaats entzogen wird.',
      `Gerichtsstand für Kaufleute und juristische Personen des öffentlichen Rechts ist ${company.city}.`,
    ],
  },
  {
    id: 'schluss',
    title: 'Schlussbestimmungen',
    paragraphs: [
      'Sollte eine Bestimmung dieser AGB unwirksam sein, bleiben die übrigen Bestimmungen wirksam.',
      `Stand: ${termsLastUpdated}.`,
    ],
  },
];
