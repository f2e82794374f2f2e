/**
 * The German message catalogue. Strings quoted from the product spec (shared/spec/000_*, 001_*) are copied
 * verbatim and must not be reworded; the section numbers say where each one comes from.
 * Strings we add (marked "ours") follow the same tone: Du-form on account screens as the spec does.
 *
 * Rules for every catalogue of ours (issue 34 §8):
 * - One written form for pupils: „Schülerinnen und Schüler“ for more than one, „Schülerin oder Schüler“ for
 *   one (with its article: „die Schülerin oder der Schüler“, „an die Schülerin oder den Schüler“); as a count
 *   `pupilCount(n)` (plural.ts). Never „Schüler/innen“, „Schüler:innen“, „Schüler/in“ or a bare generic
 *   „Schüler“. Compounds stay as German writes them (Schülerliste, Schülerausweis, Schülerarbeit), and so do
 *   the spec's own strings („Keine Schüler eingeschrieben“, „Fehler beim Hinzufügen des Schülers“).
 * - A count never meets the wrong number: `countOf(n, 'Arbeit', 'Arbeiten')` / `plural(…)` from plural.ts,
 *   never a noun in the plural after a number that may be 1.
 */

import { plural, pupilCount } from './plural';

// spec 000 §8: sign-up errors by provider error code
const providerErrors = {
  'email-already-in-use': 'Diese E-Mail-Adresse wird bereits verwendet.',
  'invalid-email': 'Ungültige E-Mail-Adresse.',
  'weak-password': 'Dieses Passwort ist zu schwach.',
  'operation-not-allowed': 'Diese Anmeldemethode ist nicht aktiviert.',
  'account-exists-with-different-credential': 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse.',
  'popup-closed-by-user': 'Der Anmeldevorgang wurde abgebrochen.',
  'cancelled-popup-request': 'Die Anmeldeanfrage wurde abgebrochen.',
  'popup-blocked': 'Das Popup wurde blockiert. Bitte erlaube Popups für diese Seite.',
} as const;

// ours: one answer for unknown e-mail and wrong password, so nobody can probe for accounts
const invalidCredentials = 'E-Mail-Adresse oder Passwort ist falsch.';
// ours: a state-changing request from a page that is not Korrigo's (our origin check and better-auth's)
const foreignOrigin = 'Diese Anfrage kommt von einer fremden Seite und wurde abgelehnt.';

// spec 000 §5; also the answers of better-auth's own routes, which enforce the same rules
const passwordInvalid = 'Dein Passwort entspricht nicht den Anforderungen.';
const termsRequired = 'Du musst den AGB zustimmen, um dich zu registrieren.';

export const messages = {
  signup: {
    // spec 000 §5, checked in this order
    nameRequired: 'Bitte gib deinen Namen ein.',
    termsRequired,
    bundeslandRequired: 'Bitte wähle dein Bundesland aus.',
    schoolRequired: 'Bitte gib deine Schule ein.',
    classLevelRequired: 'Bitte gib deine Klasse/Semester ein.',
    passwordInvalid,
    credentialsRequired: 'E-Mail und Passwort sind erforderlich.',
    // spec 000 §8
    profileSaveFailed:
      'Dein Konto wurde erstellt, aber es gab ein Problem beim Speichern deiner Profildaten.',
  },
  providerErrors,
  /** spec 000 §8: "any other code" and login failures */
  errorPrefix: 'Fehler: ',
  /** better-auth's error codes in German (ours); unknown codes fall back to `fallback` */
  authErrors: {
    INVALID_EMAIL_OR_PASSWORD: invalidCredentials,
    INVALID_PASSWORD: invalidCredentials,
    USER_NOT_FOUND: invalidCredentials,
    CREDENTIAL_ACCOUNT_NOT_FOUND: invalidCredentials,
    INVALID_EMAIL: providerErrors['invalid-email'],
    PASSWORD_TOO_SHORT: providerErrors['weak-password'],
    PASSWORD_TOO_LONG: 'Dieses Passwort ist zu lang.',
    INVALID_TOKEN: 'Der Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.',
    EMAIL_NOT_VERIFIED: 'Bitte bestätige zuerst deine E-Mail-Adresse.',
    EMAIL_ALREADY_VERIFIED: 'Deine E-Mail-Adresse ist bereits bestätigt.',
    USER_ALREADY_EXISTS: providerErrors['email-already-in-use'],
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: providerErrors['email-already-in-use'],
    FAILED_TO_CREATE_SESSION: 'Die Anmeldung ist fehlgeschlagen. Bitte versuche es erneut.',
    SESSION_EXPIRED: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
    PROVIDER_NOT_FOUND: 'Diese Anmeldemethode ist nicht aktiviert.',
    // our rules on better-auth's own routes (apps/server/src/platform/auth.ts)
    PASSWORD_INVALID: passwordInvalid,
    TERMS_NOT_ACCEPTED: termsRequired,
    CHANGE_IN_PROFILE: 'E-Mail-Adresse und Passwort werden im Profil geändert.',
    INVALID_ORIGIN: foreignOrigin,
    MISSING_OR_NULL_ORIGIN: foreignOrigin,
    fallback: 'Die Anfrage konnte nicht verarbeitet werden. Bitte versuche es erneut.',
  },
  logout: {
    // spec 000 §2, §8
    question: 'Möchtest du dich wirklich abmelden?',
    success: 'Erfolgreich abgemeldet. Weiterleitung...',
    failedPrefix: 'Fehler beim Abmelden: ',
  },
  passwordReset: {
    // ours
    requested:
      'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir dir einen Link zum Zurücksetzen geschickt.',
    done: 'Dein Passwort wurde geändert. Bitte melde dich mit dem neuen Passwort an.',
    invalidToken: 'Der Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.',
  },
  profile: {
    // spec 000 §5, §8
    invalidImageType: 'Ungültiges Dateiformat. Erlaubt sind: JPG, PNG, GIF, WEBP',
    imageTooLarge: 'Die Datei ist zu groß. Maximale Größe: 5 MB',
    loadFailedPrefix: 'Fehler beim Laden der Profildaten: ',
    uploadFailedPrefix: 'Fehler beim Hochladen des Bildes: ',
    updateFailedPrefix: 'Fehler beim Aktualisieren des Profils: ',
    verificationFailedPrefix: 'Fehler beim Senden der Verifizierungs-E-Mail: ',
    photoUpdated: 'Profilbild erfolgreich aktualisiert!',
    updated: 'Profil erfolgreich aktualisiert!',
    // ours: the spec names this message without its wording
    verificationSent: 'Wir haben dir eine E-Mail zur Bestätigung deiner Adresse geschickt.',
    // spec 000 §2 'A changed e-mail requires signing in again (notice shown)': on the login, where it is
    // not known whether a teacher (Sie) or a student (du) reads it, so it addresses nobody
    emailChangedRelogin: 'Die E-Mail-Adresse wurde geändert. Bitte mit der neuen Adresse erneut anmelden.',
    // ours: changing the e-mail or the password needs the current password; teachers read Sie, students du
    currentPasswordLabel: 'Aktuelles Passwort',
    currentPasswordHint: {
      teacher:
        'Zum Schutz Ihres Kontos: Eine neue E-Mail-Adresse oder ein neues Passwort braucht Ihr aktuelles Passwort.',
      student:
        'Zum Schutz deines Kontos: Eine neue E-Mail-Adresse oder ein neues Passwort braucht dein aktuelles Passwort.',
    },
    currentPasswordRequired: {
      teacher: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
      student: 'Bitte gib dein aktuelles Passwort ein.',
    },
    currentPasswordWrong: 'Das aktuelle Passwort ist falsch.',
    // ours (issue 31): the account type follows what depends on it; addressed as the account is now
    /** issue 35 §1: an account from a school's sign-in has the role the school gave it */
    accountTypeFromSchool: {
      teacher: 'Ihre Rolle kommt von der Anmeldung Ihrer Schule und kann hier nicht geändert werden.',
      student: 'Deine Rolle kommt von der Anmeldung deiner Schule und kann hier nicht geändert werden.',
    },
    accountTypeLocked: {
      teacher:
        'Sie unterrichten Klassen oder Kurse oder haben Noten freigegeben. Deshalb bleibt Ihr Konto ein Lehrkraftkonto.',
      student:
        'Du stehst in der Schülerliste einer Klasse oder hast Noten von Lehrkräften. Deshalb bleibt dein Konto ein Schülerkonto.',
    },
    emailChangeHint: 'An die neue Adresse geht ein Bestätigungslink; erst danach gilt sie.',
    emailConfirmationSent: {
      teacher: (email: string) =>
        `Wir haben einen Bestätigungslink an ${email} geschickt. Die neue Adresse gilt erst, wenn Sie den Link geöffnet haben; bis dahin melden Sie sich mit der bisherigen Adresse an.`,
      student: (email: string) =>
        `Wir haben einen Bestätigungslink an ${email} geschickt. Die neue Adresse gilt erst, wenn du den Link geöffnet hast; bis dahin meldest du dich mit der bisherigen Adresse an.`,
    },
    pendingEmail: {
      teacher: (email: string) => `Neue Adresse ${email} wartet auf Ihre Bestätigung.`,
      student: (email: string) => `Neue Adresse ${email} wartet auf deine Bestätigung.`,
    },
    emailChangeAlreadyConfirmed: 'Die neue E-Mail-Adresse ist bereits bestätigt. Bitte mit ihr anmelden.',
    emailChangeInvalid:
      'Der Bestätigungslink ist ungültig oder abgelaufen. Die E-Mail-Adresse wurde nicht geändert.',
    emailChangeTaken:
      'Die neue E-Mail-Adresse wird inzwischen von einem anderen Konto verwendet. Die E-Mail-Adresse wurde nicht geändert.',
    nameRequired: 'Bitte gib deinen Namen ein.',
    emailInvalid: 'Ungültige E-Mail-Adresse.',
    noPasswordAccount:
      'Dein Konto nutzt die Google-Anmeldung und hat kein Passwort. Setze ein Passwort über „Passwort vergessen“.',
  },
  auth: {
    // spec 001 §5
    notSignedIn: 'Du bist nicht angemeldet. Bitte melde dich an, um fortzufahren.',
  },
  // LTI 1.3 (issue 35 §2, ADR 0031): what a refused launch from Moodle or itslearning shows; teachers and
  // pupils both read it, so it addresses nobody
  lti: {
    unknownPlatform: 'Diese Lernplattform ist bei Korrigo nicht eingerichtet.',
    unknownDeployment: 'Diese Einbindung der Lernplattform ist bei Korrigo nicht eingerichtet.',
    badLogin: 'Die Anmeldung über die Lernplattform ist unvollständig.',
    stateMismatch:
      'Die Anmeldung über die Lernplattform hat nicht geklappt. Bitte Korrigo in einem neuen Fenster öffnen.',
    badToken: 'Die Anmeldung der Lernplattform ist ungültig.',
    expired: 'Die Anmeldung der Lernplattform ist abgelaufen. Bitte die Aktivität erneut öffnen.',
    replayed: 'Diese Anmeldung der Lernplattform wurde schon verwendet. Bitte die Aktivität erneut öffnen.',
    unknownRole: 'Die Rolle in der Lernplattform ist für Korrigo nicht freigegeben.',
    unsupportedMessage: 'Diese Art von Aufruf unterstützt Korrigo nicht.',
    duplicateRegistration: 'Diese Lernplattform ist schon verbunden.',
    teachersOnly: 'Nur Lehrkräfte können Lernplattformen verbinden.',
    /** the name of an account whose platform sent no name (a pseudonymous LMS); the teacher can rename it */
    unnamedPerson: 'Person aus der Lernplattform',
    pageTitle: 'Anmeldung über die Lernplattform',
    /** the course an instructor's first launch creates: its name when the LMS sent no title, its subject and
     * its class's grade level until the teacher changes them (the LMS sends neither) */
    untitledCourse: 'Kurs aus der Lernplattform',
    courseSubject: 'Lernplattform',
    classGradeLevel: 'Lernplattform',
    // the LMS's services (token, roster, grades) as the teacher reads their failure
    platformUnreachable:
      'Die Lernplattform ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
    tokenRefused:
      'Die Lernplattform hat Korrigo den Zugriff verweigert. Bitte prüfen Sie die LMS-Verbindung (Client-ID und Token-Adresse) und ob der Dienst für Korrigo in der Lernplattform freigegeben ist.',
    platformFailed:
      'Die Lernplattform hat nicht wie erwartet geantwortet. Bitte versuchen Sie es später erneut.',
    // „Teilnehmende aus der Lernplattform übernehmen“ (NRPS): a platform's failure leaves the roster as it was
    noRosterService:
      'Die Lernplattform bietet für diesen Kurs keine Teilnehmerliste an. Bitte prüfen Sie, ob der Dienst „Namen und Rollen“ für Korrigo freigegeben ist, und öffnen Sie Korrigo danach einmal aus dem Kurs der Lernplattform.',
    rosterSynced: (added: number, alreadyThere: number) =>
      alreadyThere === 0
        ? `${pupilCount(added)} neu in den Kurs übernommen.`
        : `${pupilCount(added)} neu in den Kurs übernommen, ${alreadyThere} ${plural(alreadyThere, 'war', 'waren')} schon darin.`,
    // Deep Linking 2.0 (ADR 0031): the teacher places a test or a class set into her LMS course
    deepLinkingTeachersOnly: 'Nur Lehrkräfte können Inhalte von Korrigo in den Kurs einfügen.',
    deepLinkingUnsupported:
      'Die Lernplattform erwartet einen Inhalt, den Korrigo nicht anbietet (Korrigo fügt Links zu Aktivitäten ein).',
    deepLinkingExpired:
      'Diese Auswahl ist abgelaufen oder gehört zu einer anderen Anmeldung. Bitte fügen Sie den Inhalt erneut aus der Lernplattform hinzu.',
    deepLinkingNoMaximum:
      'Für diesen Klassensatz steht die Höchstpunktzahl noch nicht fest: Sie ergibt sich, sobald eine Arbeit bewertet ist.',
    // Dynamic Registration 1.0 (ADR 0031): the page the LMS shows after pasting Korrigo's registration URL
    registrationPageTitle: 'Korrigo mit der Lernplattform verbinden',
    registrationDone: (name: string) =>
      `Korrigo ist mit „${name}“ verbunden. Sie können dieses Fenster schließen; die Lernplattform zeigt Korrigo jetzt in ihrer Liste der Tools.`,
    registrationLinkInvalid:
      'Die Registrierungs-URL ist ungültig oder abgelaufen (sie gilt 24 Stunden). Bitte kopieren Sie in Korrigo unter Profil → „Lernplattform (LTI)“ eine neue.',
    registrationIncomplete:
      'Die Lernplattform hat die Registrierung ohne die nötigen Angaben gestartet (openid_configuration und registration_token fehlen). Bitte fügen Sie die Registrierungs-URL in der Lernplattform als „Tool-URL“ ein.',
    registrationUnreachable:
      'Die Konfiguration der Lernplattform konnte nicht abgerufen werden. Bitte prüfen Sie, ob die Lernplattform erreichbar ist, und versuchen Sie es erneut.',
    registrationIssuerMismatch:
      'Die Konfiguration der Lernplattform passt nicht zu ihrer Adresse (der Issuer muss der Anfang der Konfigurationsadresse sein). Korrigo wurde nicht verbunden.',
    registrationUnsupported:
      'Die Lernplattform bietet nicht an, was Korrigo braucht (LTI 1.3 mit RS256-Schlüsseln und eine Registrierungsadresse). Korrigo wurde nicht verbunden.',
    registrationRefused:
      'Die Lernplattform hat die Registrierung abgelehnt. Bitte starten Sie sie in der Lernplattform erneut.',
    // grades back (AGS): the teacher reads the state of a release's delivery, and why one failed
    gradesRejected: (status: number) =>
      `Die Lernplattform hat die Bewertung nicht angenommen (Fehler ${status}). Bitte prüfen Sie, ob der Dienst „Bewertungen“ für Korrigo freigegeben ist.`,
    gradeComment: (grade: string) => `Note ${grade}`,
    deliveriesSummary: (counts: { total: number; sent: number; pending: number; failed: number }) =>
      [
        `An die Lernplattform übertragen: ${counts.sent} von ${counts.total}`,
        ...(counts.pending > 0 ? [`${counts.pending} ausstehend`] : []),
        ...(counts.failed > 0 ? [`${counts.failed} fehlgeschlagen`] : []),
      ].join(' · '),
    retryDeliveries: 'Erneut senden',
    deliveriesFailedTitle: 'Noten nicht an die Lernplattform übertragen',
    deliveriesFailedMessage: (title: string, failed: number, reason: string) =>
      `${plural(failed, 'Ein Ergebnis', `${failed} Ergebnisse`)} von „${title}“ ${plural(failed, 'konnte', 'konnten')} nicht an die Lernplattform übertragen werden. ${reason} Sie können ${plural(failed, 'es', 'sie')} in Korrigo erneut senden.`,
  },
  http: {
    // ours: the error shape's messages by cause. Teachers (Sie) and students (du) both read them, so they
    // address nobody (issue 14 §10: a teacher's screen never says du).
    notFound: 'Nicht gefunden.',
    forbidden: 'Dafür fehlt die Berechtigung.',
    validation: 'Bitte die Eingaben prüfen.',
    rateLimited: 'Zu viele Versuche. Bitte einen Moment warten und es dann erneut versuchen.',
    foreignOrigin,
    payloadTooLarge: 'Die Anfrage ist zu groß.',
    internal: 'Es ist ein interner Fehler aufgetreten. Bitte später erneut versuchen.',
    // the database did not answer in time (issue 31): trying again in a moment may work
    unavailable: 'Der Dienst antwortet gerade nicht. Bitte in einem Moment erneut versuchen.',
    network: 'Keine Verbindung zum Server. Bitte die Internetverbindung prüfen.',
    sessionExpired: 'Die Sitzung ist abgelaufen. Bitte erneut anmelden.',
  },
  common: {
    inProgress: 'Dieser Bereich ist in Arbeit und folgt in Kürze.',
    loading: 'Wird geladen …',
    copied: 'In die Zwischenablage kopiert.',
  },
  // ours: texts of the web app shell and account screens
  web: {
    errorBoundaryTitle: 'Etwas ist schiefgelaufen',
    errorBoundaryText:
      'Diese Seite konnte nicht geladen werden. Bitte die Seite neu laden. Bleibt der Fehler, bitte die Internetverbindung prüfen oder es später erneut versuchen.',
    reload: 'Seite neu laden',
    toHome: 'Zur Startseite',
    notFoundTitle: 'Diese Seite gibt es nicht',
    notFoundText:
      'Die Adresse ist vielleicht veraltet oder falsch geschrieben. Von der Startseite aus ist alles Wichtige zu finden.',
    passwordRules: {
      minLength: 'Mindestens 8 Zeichen',
      uppercase: 'Mindestens ein Großbuchstabe',
      digit: 'Mindestens eine Ziffer',
    },
    passwordHint: 'Mindestens 8 Zeichen, ein Großbuchstabe und eine Ziffer.',
    photoHint: 'JPG, PNG, GIF oder WEBP, höchstens 5 MB.',
    googleProfileSaving: 'Dein Profil wird gespeichert …',
    notSet: 'Nicht angegeben',
  },
} as const;

export type ProviderErrorCode = keyof typeof messages.providerErrors;

/** spec 000 §8: a known provider code maps to its sentence, any other to "Fehler: " plus the provider's text. */
export function providerErrorMessage(code: string | undefined, providerMessage: string): string {
  if (code && code in messages.providerErrors) {
    return messages.providerErrors[code as ProviderErrorCode];
  }
  return messages.errorPrefix + providerMessage;
}
