import type { ContactForm, Release } from './marketing-schemas';

/**
 * The public site's contract and its binding facts (spec 000 §1, §3, §4, §5, §6, §8, §9): contact form,
 * release notes, plans, prices and trials, timings, and the company facts. Strings quoted from the spec are
 * verbatim; the rest is ours in the same tone (Du-form).
 *
 * No zod here: the public pages import this file alone (`@korrigo/domain/marketing`) so that their first load
 * stays small; the request and response schemas live in marketing-schemas.ts.
 */

// Timings (spec 000 §9): in timings.ts, which the home page imports without the rest of this file.
export { marketingTimings } from './timings';

// ---------------------------------------------------------------------------------------------------------
// Company facts (spec 000 §1, §2 'Contact page', §9). The address and phone number are the operator's data
// for the imprint: one place to change them.
// ---------------------------------------------------------------------------------------------------------

export const company = {
  name: 'Korrigo',
  legalName: 'Korrigo UG (haftungsbeschränkt)',
  street: 'Leutragraben 1',
  postalCode: '07743',
  city: 'Jena',
  country: 'Deutschland',
  founded: 2024,
  email: 'kontakt@korrigo.de',
  supportEmail: 'support@korrigo.de',
  privacyEmail: 'datenschutz@korrigo.de',
  hotline: '+49 3641 5529 180',
  hotlineDisplay: '03641 5529 180',
  supportHours: 'Montag bis Freitag, 8:00 bis 20:00 Uhr',
  /** spec 000 §9: contact reply time */
  replyHours: 24,
  /** the about page's map (spec 000 §2): the office in Jena */
  office: { lat: 50.9287, lng: 11.5899, zoom: 13 },
} as const;

// ---------------------------------------------------------------------------------------------------------
// Contact form (spec 000 §3, §4, §5, §8)
// ---------------------------------------------------------------------------------------------------------

export const contactSubjects = ['allgemein', 'support', 'material', 'feedback', 'andere'] as const;
export type ContactSubject = (typeof contactSubjects)[number];
export const contactSubjectLabels: Record<ContactSubject, string> = {
  allgemein: 'Allgemeine Anfrage',
  support: 'Technischer Support',
  material: 'Unterrichtsmaterial',
  feedback: 'Feedback',
  andere: 'Anderes',
};

export const contactRoles = ['lehrer', 'schüler', 'eltern', 'andere'] as const;
export type ContactRole = (typeof contactRoles)[number];
export const contactRoleLabels: Record<ContactRole, string> = {
  lehrer: 'Lehrkraft',
  schüler: 'Schüler/in',
  eltern: 'Eltern',
  andere: 'Andere',
};

export const contactMessages = {
  // spec 000 §5
  privacyRequired: 'Bitte stimme der Datenschutzerklärung zu.',
  // spec 000 §4
  sending: 'Sendet...',
  // spec 000 §8
  success: 'Nachricht erfolgreich gesendet!',
  failure: 'Es ist ein Fehler aufgetreten. Bitte versuche es später erneut.',
  // ours
  nameRequired: 'Bitte gib deinen Namen ein.',
  emailRequired: 'Bitte gib deine E-Mail-Adresse ein.',
  emailInvalid: 'Ungültige E-Mail-Adresse.',
  messageRequired: 'Bitte schreib uns eine Nachricht.',
  tooLong: 'Dieser Text ist zu lang.',
} as const;

export const contactLimits = {
  nameMax: 120,
  emailMax: 254,
  messageMax: 5000,
  /** per IP address: enough for people, little for scripts */
  perWindow: 5,
  windowMinutes: 15,
} as const;

/** spec 000 §5: subject defaults to allgemein. */
export const contactFormDefaults: ContactForm = {
  name: '',
  email: '',
  subject: 'allgemein',
  role: 'lehrer',
  message: '',
  privacy: false,
};

// ---------------------------------------------------------------------------------------------------------
// Release notes (spec 000 §2 'Updates page', §9 'Release-notes service')
// ---------------------------------------------------------------------------------------------------------

export const releaseCategories = ['ai', 'website'] as const;
export type ReleaseCategory = (typeof releaseCategories)[number];
export const releaseCategoryLabels: Record<ReleaseCategory, string> = {
  ai: 'KI-Modell',
  website: 'Website',
};

export const releaseLimits = {
  /** spec 000 §9: 100 requests per 15 minutes per IP */
  perWindow: 100,
  windowMinutes: 15,
  /** spec 000 §9: the key starts with sk- and has at least 10 characters after it */
  keyPattern: /^sk-.{10,}$/,
} as const;

/** spec 000 §9: the shape a publishing key must have before it is compared with the configured one. */
export function isWellFormedReleaseKey(key: string | undefined): key is string {
  return typeof key === 'string' && releaseLimits.keyPattern.test(key);
}

export const releaseMessages = {
  keyMissing: 'Für das Veröffentlichen wird ein gültiger API-Schlüssel benötigt.',
  keyInvalid: 'Der API-Schlüssel ist ungültig.',
  publishingDisabled: 'Das Veröffentlichen von Versionshinweisen ist auf diesem Server nicht eingerichtet.',
  duplicate: 'Diese Version ist in diesem Bereich bereits veröffentlicht.',
  loadFailed: 'Die Versionshinweise konnten nicht geladen werden. Bitte versuche es später erneut.',
} as const;

/** Compares dotted versions numerically, newest first. */
export function compareVersionsDesc(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pb[i] ?? 0) - (pa[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

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

// ---------------------------------------------------------------------------------------------------------
// Plans and prices (spec 000 §6 plan table, §9 prices and trials). The plan table is the one reading the
// whole site shows; the FAQ texts below say the same.
// ---------------------------------------------------------------------------------------------------------

/** spec 000 §9: annual discount 20 %. */
export const annualDiscountPercent = 20;

export type PricingPlan = {
  id: 'freemium' | 'basic' | 'premium-student' | 'premium-lehrer' | 'pro-team' | 'enterprise';
  name: string;
  audience: string;
  /** EUR per month; null: price on request */
  monthly: number | null;
  /** EUR per year */
  annual: number | null;
  trialDays: number | null;
  features: string[];
  note?: string;
  highlighted?: boolean;
};

export const pricingPlans: PricingPlan[] = [
  {
    id: 'freemium',
    name: 'Freemium',
    audience: 'Zum Ausprobieren',
    monthly: 0,
    annual: 0,
    trialDays: null,
    features: ['5 Analysen pro Monat'],
  },
  {
    id: 'basic',
    name: 'Basic',
    audience: 'Für den Einstieg',
    monthly: 10,
    annual: 96,
    trialDays: 7,
    features: ['25 Analysen pro Monat', '50 Anfragen an den KI-Begleiter', '25 KI-Aufgabenerstellungen'],
  },
  {
    id: 'premium-student',
    name: 'Premium Student',
    audience: 'Für Schüler/innen und Studierende',
    monthly: 10,
    annual: 96,
    trialDays: 7,
    features: ['50 Analysen pro Monat', 'Texterkennung (OCR) für Handschrift', 'Lernfeedback'],
    note: 'Nur mit gültigem Schüler- oder Studierendenausweis.',
  },
  {
    id: 'premium-lehrer',
    name: 'Premium Lehrer',
    audience: 'Für Lehrkräfte',
    monthly: 15,
    annual: 144,
    trialDays: 14,
    features: [
      'Unbegrenzte Analysen',
      'Texterkennung (OCR) für Handschrift',
      'Aufsatzanalyse',
      'Massen-Upload',
    ],
    highlighted: true,
  },
  {
    id: 'pro-team',
    name: 'Pro Team',
    audience: 'Für Fachschaften',
    monthly: 40,
    annual: 384,
    trialDays: 14,
    features: ['Alles aus Premium Lehrer', 'Bis zu 5 Lehrkräfte', 'Gemeinsame Bibliothek'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    audience: 'Für Schulen und Träger',
    monthly: null,
    annual: null,
    trialDays: null,
    features: [
      'Alles aus Pro Team',
      'API-Zugang',
      'Mehrbenutzer-Rollen',
      'White-Label',
      'Anbindung an Lernplattformen (LMS)',
    ],
    note: 'Preis nach Anzahl der Schülerinnen und Schüler.',
  },
];

/** Monthly price when paid annually, e.g. 96 € a year = 8 € a month. */
export function monthlyPriceWhenAnnual(plan: PricingPlan): number | null {
  return plan.annual === null ? null : plan.annual / 12;
}

/** spec 000 §6 as a comparison table: one row per feature, one cell per plan (true, false or a text). */
export const planComparison: { feature: string; cells: Record<PricingPlan['id'], string | boolean> }[] = [
  {
    feature: 'Analysen pro Monat',
    cells: {
      freemium: '5',
      basic: '25',
      'premium-student': '50',
      'premium-lehrer': 'unbegrenzt',
      'pro-team': 'unbegrenzt',
      enterprise: 'unbegrenzt',
    },
  },
  {
    feature: 'Anfragen an den KI-Begleiter',
    cells: {
      freemium: false,
      basic: '50',
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: false,
    },
  },
  {
    feature: 'KI-Aufgabenerstellungen',
    cells: {
      freemium: false,
      basic: '25',
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: false,
    },
  },
  {
    feature: 'Texterkennung (OCR)',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': true,
      'premium-lehrer': true,
      'pro-team': true,
      enterprise: true,
    },
  },
  {
    feature: 'Lernfeedback',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': true,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: false,
    },
  },
  {
    feature: 'Aufsatzanalyse',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': true,
      'pro-team': true,
      enterprise: true,
    },
  },
  {
    feature: 'Massen-Upload',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': true,
      'pro-team': true,
      enterprise: true,
    },
  },
  {
    feature: 'Lehrkräfte im Konto',
    cells: {
      freemium: '1',
      basic: '1',
      'premium-student': '1',
      'premium-lehrer': '1',
      'pro-team': 'bis zu 5',
      enterprise: 'nach Vereinbarung',
    },
  },
  {
    feature: 'Gemeinsame Bibliothek',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': true,
      enterprise: true,
    },
  },
  {
    feature: 'API-Zugang',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: true,
    },
  },
  {
    feature: 'Mehrbenutzer-Rollen',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: true,
    },
  },
  {
    feature: 'White-Label',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: true,
    },
  },
  {
    feature: 'LMS-Integration',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: true,
    },
  },
  {
    feature: 'Kostenlos testen',
    cells: {
      freemium: false,
      basic: '7 Tage',
      'premium-student': '7 Tage',
      'premium-lehrer': '14 Tage',
      'pro-team': '14 Tage',
      enterprise: false,
    },
  },
];

export type FaqEntry = { question: string; answer: string };

/**
 * The pricing FAQ. spec 000 §1 gives other figures (10 free gradings, up to 150 for teachers); the site
 * shows the plan table (spec 000 §6), so these answers follow the plan table and never contradict it.
 */
export const pricingFaq: FaqEntry[] = [
  {
    question: 'Gibt es eine kostenlose Version?',
    answer:
      'Ja. Mit Freemium korrigierst du 5 Arbeiten pro Monat, ohne etwas zu bezahlen und ohne Zahlungsdaten anzugeben.',
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
      'Freemium ist kostenlos und enthält 5 Analysen pro Monat. Basic und Premium Student kosten je 10 € im Monat, Premium Lehrer 15 € mit unbegrenzten Analysen, Pro Team 40 €. Bei jährlicher Zahlung sparst du 20 %.',
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

// ---------------------------------------------------------------------------------------------------------
// Demo access (spec 000 §2: a /demo link)
// ---------------------------------------------------------------------------------------------------------

export const demoLimits = {
  /** demo accounts per IP address and hour */
  perHour: 10,
  /** demo accounts are removed after this many hours */
  lifetimeHours: 24,
} as const;

export const demoMessages = {
  preparing: 'Dein Demo-Konto wird vorbereitet …',
  failed: 'Das Demo-Konto konnte nicht geöffnet werden. Bitte versuche es später erneut.',
} as const;
