import { z } from 'zod';

// Release notes (spec 000 §2 'Updates page', §9 'Release-notes service'): categories, the publishing key's
// shape, messages and the schemas of GET and POST /api/updates. The releases shipped with the product live
// with the server's updates module (apps/server/src/modules/updates/built-in-releases.ts).

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

const featureGroupSchema = z.object({
  title: z.string().trim().min(1).max(80),
  items: z.array(z.string().trim().min(1).max(300)).min(1).max(30),
});

export const releaseInputSchema = z.object({
  category: z.enum(releaseCategories),
  version: z
    .string()
    .trim()
    .regex(/^\d+\.\d+(\.\d+)?$/, 'Die Version hat die Form 1.2 oder 1.2.3.'),
  title: z.string().trim().min(1).max(120),
  label: z.string().trim().min(1).max(40),
  /** ISO date (yyyy-mm-dd) */
  date: z.iso.date(),
  model: z.string().trim().max(80).nullable().default(null),
  upcoming: z.boolean().default(false),
  featureGroups: z.array(featureGroupSchema).min(1).max(10),
});
export type ReleaseInput = z.input<typeof releaseInputSchema>;

export const releaseSchema = releaseInputSchema.extend({ id: z.string() });
export type Release = z.infer<typeof releaseSchema>;

export const releaseListSchema = z.object({
  ai: z.array(releaseSchema),
  website: z.array(releaseSchema),
});
export type ReleaseList = z.infer<typeof releaseListSchema>;
