import { z } from 'zod';

// A teacher's manual registration of an LMS platform (issue 35 §2, ADR 0031) and the settings section
// „Lernplattform (LTI)“ in her profile that makes it. Ours; teachers only, so the texts say Sie.

const urlMessage = 'Bitte eine vollständige Adresse eingeben, die mit https:// beginnt.';
/** An endpoint of the platform: http(s) only (the tests' stand-in platform runs on http://127.0.0.1). */
const platformUrl = z
  .string()
  .trim()
  .min(1, 'Bitte die Adresse eingeben.')
  .max(2000, 'Die Adresse darf höchstens 2000 Zeichen lang sein.')
  .pipe(z.url({ protocol: /^https?$/, error: urlMessage }));

export const ltiDeploymentIdsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Bitte die Deployment-ID eingeben.')
      .max(300, 'Eine Deployment-ID darf höchstens 300 Zeichen lang sein.'),
  )
  // a launch names its deployment, and one that is not registered is refused: without one nothing opens
  .min(1, 'Bitte mindestens eine Deployment-ID eingeben.')
  .max(50, 'Höchstens 50 Deployment-IDs.');

/** POST /api/lti/registrations */
export const ltiRegistrationRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Bitte einen Namen eingeben, z. B. „Moodle der Schule“.')
    .max(100, 'Der Name darf höchstens 100 Zeichen lang sein.'),
  issuer: platformUrl,
  clientId: z
    .string()
    .trim()
    .min(1, 'Bitte die Client-ID eingeben.')
    .max(300, 'Die Client-ID darf höchstens 300 Zeichen lang sein.'),
  authUrl: platformUrl,
  tokenUrl: platformUrl,
  jwksUrl: platformUrl,
  deploymentIds: ltiDeploymentIdsSchema,
});
export type LtiRegistrationRequest = z.infer<typeof ltiRegistrationRequestSchema>;

/** A registration as GET /api/lti/registrations lists it. */
export const ltiRegistrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  authUrl: z.string(),
  tokenUrl: z.string(),
  jwksUrl: z.string(),
});
export type LtiRegistration = z.infer<typeof ltiRegistrationSchema>;

/**
 * GET /api/lti/tool: what the platform's administrator enters for Korrigo, made from the server's public
 * address. `publicUrlSet` is false when PUBLIC_URL is unset and the address is the local fallback, which no
 * platform can reach.
 */
export const ltiToolSchema = z.object({
  launchUrl: z.string(),
  loginUrl: z.string(),
  jwksUrl: z.string(),
  redirectUrl: z.string(),
  /**
   * LTI Dynamic Registration 1.0: the URL her LMS's administrator pastes („Tool-URL…“ in Moodle); it carries a
   * signed token that binds the registration to her and ends after 24 hours
   */
  registrationUrl: z.string(),
  registrationUrlExpiresAt: z.string(),
  publicUrlSet: z.boolean(),
});
export type LtiTool = z.infer<typeof ltiToolSchema>;

/** The deployment ids as typed in the form: one a line (commas separate too), empty ones skipped. */
export const deploymentIdsFromText = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((id) => id.trim())
    .filter(Boolean);

export const ltiSettingsMessages = {
  title: 'Lernplattform (LTI)',
  intro:
    'Verbinden Sie Korrigo mit Moodle oder itslearning (LTI 1.3): Lehrkräfte, Schülerinnen und Schüler öffnen Korrigo dann aus ihrem Kurs und sind sofort angemeldet.',
  toolTitle: 'Werte für die Lernplattform',
  toolIntro:
    'Diese Werte trägt die Administration der Lernplattform ein (Moodle: Website-Administration → Plugins → Aktivitäten → Externes Tool → Tools verwalten → „Tool manuell konfigurieren“, LTI-Version 1.3, Typ des öffentlichen Schlüssels „Keyset-URL“). Wählen Sie „In neuem Fenster öffnen“.',
  toolLoadFailed: 'Die Werte konnten nicht geladen werden: ',
  publicUrlMissing:
    'Korrigo kennt seine öffentliche Adresse nicht (PUBLIC_URL ist nicht gesetzt). Die Adressen unten gelten nur auf diesem Rechner; eine Lernplattform erreicht sie nicht. Bitten Sie den Betrieb, PUBLIC_URL zu setzen.',
  launchUrl: 'Tool-URL (Launch-URL)',
  loginUrl: 'Login-URL (Initiate login)',
  jwksUrl: 'Keyset-URL (öffentliche Schlüssel, JWKS)',
  redirectUrl: 'Weiterleitungs-URL (Redirection URI)',
  registrationTitle: 'Automatisch registrieren (empfohlen)',
  registrationIntro:
    'Moodle ab 4.0: Website-Administration → Plugins → Aktivitäten → Externes Tool → Tools verwalten. Fügen Sie diese Adresse unter „Tool-URL…“ ein und wählen Sie „LTI Advantage hinzufügen“. Korrigo und die Lernplattform tauschen ihre Werte dann selbst aus; danach steht die Lernplattform unten in der Liste. Aktivieren Sie das Tool anschließend in Moodle.',
  registrationUrl: 'Registrierungs-URL',
  registrationUrlExpires: (time: string) =>
    `Gilt bis ${time} und verbindet die Lernplattform mit Ihrem Konto.`,
  manualTitle: 'Von Hand registrieren',
  copy: 'Kopieren',
  copyLabel: (label: string) => `${label} kopieren`,
  listTitle: 'Verbundene Lernplattformen',
  listLoadFailed: 'Die verbundenen Lernplattformen konnten nicht geladen werden: ',
  emptyTitle: 'Noch keine Lernplattform verbunden',
  emptyText:
    'Tragen Sie unten die Werte ein, die Ihnen die Lernplattform nach der Registrierung von Korrigo anzeigt.',
  issuer: 'Plattform-ID (Issuer)',
  clientId: 'Client-ID',
  formTitle: 'Lernplattform verbinden',
  formIntro:
    'Nach der Registrierung zeigt die Lernplattform diese Werte an (Moodle: „Konfigurationsdetails anzeigen“ beim Tool).',
  name: 'Name',
  namePlaceholder: 'z. B. Moodle der Schule',
  issuerHint: 'Bei Moodle die Adresse der Moodle-Seite, z. B. https://moodle.schule.de',
  authUrl: 'Authentifizierungs-URL',
  authUrlHint: 'Moodle: …/mod/lti/auth.php',
  tokenUrl: 'Zugriffstoken-URL',
  tokenUrlHint: 'Moodle: …/mod/lti/token.php',
  platformJwksUrl: 'Keyset-URL der Lernplattform',
  platformJwksUrlHint: 'Moodle: …/mod/lti/certs.php',
  deploymentIds: 'Deployment-IDs',
  deploymentIdsHint: 'Eine je Zeile (Moodle zeigt sie als „Deployment-ID“ an, oft eine Zahl).',
  submit: 'Lernplattform verbinden',
  created: (name: string) => `„${name}“ ist verbunden.`,
  retry: 'Erneut versuchen',
} as const;
