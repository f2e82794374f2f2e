import type { Release } from '@korrigo/domain';

/**
 * The releases shipped with the product (spec 000 §2: AI model 1.0 to 1.4 with 2.0 upcoming, website 1.0 to
 * 2.0). Releases published through the API are added to these.
 */
export const builtInReleases: Release[] = [
  {
    id: 'ai-2.0',
    category: 'ai',
    version: '2.0',
    title: 'Korrigo KI 2.0',
    label: 'Demnächst',
    date: '2025-12-01',
    model: 'Korrigo KI 2.0',
    upcoming: true,
    featureGroups: [
      {
        title: 'Geplant',
        items: [
          'Bewertung ganzer Klassensätze in einem Durchgang',
          'Feedback, das sich am individuellen Lernstand orientiert',
          'Bessere Erkennung von Formeln und Skizzen in Handschrift',
        ],
      },
    ],
  },
  {
    id: 'ai-1.4',
    category: 'ai',
    version: '1.4',
    title: 'Genauere Teilpunkte',
    label: 'Aktuell',
    date: '2025-06-16',
    model: 'Korrigo KI 1.4',
    upcoming: false,
    featureGroups: [
      {
        title: 'Bewertung',
        items: [
          'Teilpunkte werden je Teilaufgabe begründet',
          'Rechenfehler werden von Folgefehlern unterschieden',
        ],
      },
      {
        title: 'Sprache',
        items: ['Rechtschreibung und Zeichensetzung werden mit Fundstelle im Text markiert'],
      },
    ],
  },
  {
    id: 'ai-1.3',
    category: 'ai',
    version: '1.3',
    title: 'Kompetenzen und Bewertungsraster',
    label: 'Verbesserung',
    date: '2025-03-03',
    model: 'Korrigo KI 1.3',
    upcoming: false,
    featureGroups: [
      {
        title: 'Neu',
        items: ['Bewertung nach eigenen Kriterien mit Gewichtung', 'Kompetenzstufen je Aufgabe'],
      },
    ],
  },
  {
    id: 'ai-1.2',
    category: 'ai',
    version: '1.2',
    title: 'Handschrift besser lesen',
    label: 'Verbesserung',
    date: '2024-11-18',
    model: 'Korrigo KI 1.2',
    upcoming: false,
    featureGroups: [
      {
        title: 'Texterkennung',
        items: ['Zuverlässigere Erkennung deutscher Handschrift', 'Mehrseitige Scans in einem Schritt'],
      },
    ],
  },
  {
    id: 'ai-1.1',
    category: 'ai',
    version: '1.1',
    title: 'Stärken und Schwächen',
    label: 'Verbesserung',
    date: '2024-08-26',
    model: 'Korrigo KI 1.1',
    upcoming: false,
    featureGroups: [
      {
        title: 'Feedback',
        items: ['Stärken und Schwächen je Arbeit', 'Konkrete Verbesserungsvorschläge für Lernende'],
      },
    ],
  },
  {
    id: 'ai-1.0',
    category: 'ai',
    version: '1.0',
    title: 'Die erste Korrektur-KI',
    label: 'Erste Version',
    date: '2024-05-06',
    model: 'Korrigo KI 1.0',
    upcoming: false,
    featureGroups: [
      {
        title: 'Start',
        items: ['Bewertung getippter Texte mit Punkten und Note', 'Deutsche Notenskala von 1 bis 6'],
      },
    ],
  },
  {
    id: 'website-2.0',
    category: 'website',
    version: '2.0',
    title: 'Neue Website und neues Dashboard',
    label: 'Aktuell',
    date: '2025-09-01',
    model: null,
    upcoming: false,
    featureGroups: [
      {
        title: 'Neu',
        items: [
          'Überarbeitete Startseite, Preise und Funktionen',
          'Demo-Zugang ohne Registrierung',
          'Versionshinweise auf dieser Seite',
        ],
      },
      {
        title: 'Barrierefreiheit',
        items: ['Vollständig per Tastatur bedienbar', 'Bessere Kontraste und Beschriftungen'],
      },
    ],
  },
  {
    id: 'website-1.3',
    category: 'website',
    version: '1.3',
    title: 'Kontakt und Hilfe',
    label: 'Verbesserung',
    date: '2025-04-14',
    model: null,
    upcoming: false,
    featureGroups: [{ title: 'Neu', items: ['Kontaktformular mit Rückmeldung', 'Erweiterte FAQ'] }],
  },
  {
    id: 'website-1.2',
    category: 'website',
    version: '1.2',
    title: 'Verlauf und Benachrichtigungen',
    label: 'Verbesserung',
    date: '2025-01-20',
    model: null,
    upcoming: false,
    featureGroups: [
      {
        title: 'Neu',
        items: ['Suche und Filter im Korrekturverlauf', 'Benachrichtigung, wenn eine Korrektur fertig ist'],
      },
    ],
  },
  {
    id: 'website-1.1',
    category: 'website',
    version: '1.1',
    title: 'Profil und Tarife',
    label: 'Verbesserung',
    date: '2024-10-07',
    model: null,
    upcoming: false,
    featureGroups: [{ title: 'Neu', items: ['Profil mit Foto', 'Tarifübersicht mit Jahresrabatt'] }],
  },
  {
    id: 'website-1.0',
    category: 'website',
    version: '1.0',
    title: 'Start der Website',
    label: 'Erste Version',
    date: '2024-05-06',
    model: null,
    upcoming: false,
    featureGroups: [{ title: 'Start', items: ['Registrierung für Lehrkräfte und Lernende', 'Dashboard'] }],
  },
];
