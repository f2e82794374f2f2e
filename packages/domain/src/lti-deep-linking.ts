import { z } from 'zod';

// Deep Linking 2.0 (issue 35 §2, ADR 0031): the page /lti/auswahl on which a teacher, sent by her LMS's
// „Aktivität hinzufügen“, picks a saved test or a class set to place into her course. Teachers only: Sie.

/** What a placed link opens: `custom.korrigo_target` of the content item, e.g. `test:<id>`. */
export const ltiTargetKinds = ['test', 'classset'] as const;
export type LtiTargetKind = (typeof ltiTargetKinds)[number];

/** The line item's resourceId shared with the grade delivery (AGS): `korrigo:test:<id>`, `korrigo:classset:<id>`. */
export const ltiResourceId = (kind: LtiTargetKind, id: string) => `korrigo:${kind}:${id}`;

/** GET /api/lti/deep-linking?t=…: the platform and what she can place. */
export const ltiDeepLinkingItemSchema = z.object({
  kind: z.enum(ltiTargetKinds),
  id: z.string(),
  title: z.string(),
  /** a test's subject and grade, a class set's course */
  detail: z.string(),
  /** the points a pupil can reach; null for a class set none of whose papers is graded yet */
  scoreMaximum: z.number().nullable(),
});
export type LtiDeepLinkingItem = z.infer<typeof ltiDeepLinkingItemSchema>;

export const ltiDeepLinkingSelectionSchema = z.object({
  platformName: z.string(),
  tests: z.array(ltiDeepLinkingItemSchema),
  classSets: z.array(ltiDeepLinkingItemSchema),
});
export type LtiDeepLinkingSelection = z.infer<typeof ltiDeepLinkingSelectionSchema>;

/** POST /api/lti/deep-linking: the chosen object, with the selection's token from the page's address. */
export const ltiDeepLinkingRequestSchema = z.object({
  token: z.string().min(1).max(8000),
  kind: z.enum(ltiTargetKinds),
  id: z.string().min(1).max(64),
});
export type LtiDeepLinkingRequest = z.infer<typeof ltiDeepLinkingRequestSchema>;

/** The signed LtiDeepLinkingResponse and where the browser posts it (form field `JWT`). */
export const ltiDeepLinkingResponseSchema = z.object({
  returnUrl: z.string(),
  jwt: z.string(),
});
export type LtiDeepLinkingResponse = z.infer<typeof ltiDeepLinkingResponseSchema>;

export const ltiDeepLinkingMessages = {
  title: 'Inhalt in den Kurs einfügen',
  intro: (platformName: string) =>
    `Wählen Sie einen gespeicherten Test oder einen Klassensatz. Korrigo fügt ihn als Aktivität mit seiner Höchstpunktzahl in Ihren Kurs in „${platformName}“ ein.`,
  testsTitle: 'Gespeicherte Tests',
  classSetsTitle: 'Klassensätze',
  testsEmpty: 'Sie haben noch keinen Test gespeichert. Tests erstellen Sie im Testgenerator.',
  classSetsEmpty: 'Sie haben noch keinen Klassensatz angelegt.',
  maximum: (points: string) => `Höchstpunktzahl: ${points}`,
  noMaximum: 'Höchstpunktzahl steht noch nicht fest',
  place: 'Einfügen',
  placeLabel: (title: string) => `„${title}“ in den Kurs einfügen`,
  placing: 'Wird eingefügt …',
  sending: 'Korrigo sendet den Inhalt an die Lernplattform …',
  missingToken:
    'Diese Seite öffnet sich aus der Lernplattform („Aktivität hinzufügen“ → Korrigo). Bitte starten Sie dort erneut.',
  loadFailed: 'Die Auswahl konnte nicht geladen werden: ',
  placeFailed: 'Der Inhalt konnte nicht eingefügt werden: ',
  retry: 'Erneut versuchen',
  untitled: 'Ohne Titel',
} as const;
