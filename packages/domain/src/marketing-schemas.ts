import { z } from 'zod';
import {
  contactLimits,
  contactMessages,
  contactRoles,
  contactSubjects,
  releaseCategories,
} from './marketing';

// The public site's request and response schemas (see marketing.ts for the facts they check against).

/** The form's values as the browser holds them (privacy may still be false). */
export const contactFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(contactLimits.nameMax, contactMessages.tooLong),
  email: z
    .string()
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(contactLimits.emailMax, contactMessages.tooLong)
    .pipe(z.email(contactMessages.emailInvalid)),
  subject: z.enum(contactSubjects),
  role: z.enum(contactRoles),
  message: z
    .string()
    .trim()
    .min(1, contactMessages.messageRequired)
    .max(contactLimits.messageMax, contactMessages.tooLong),
  privacy: z.boolean().refine((value) => value, contactMessages.privacyRequired),
});
export type ContactForm = z.input<typeof contactFormSchema>;

/** POST /api/contact: the same rules; consent must be given. */
export const contactRequestSchema = contactFormSchema.extend({
  privacy: z.literal(true, contactMessages.privacyRequired),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

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

export const demoSessionResponseSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type DemoSessionResponse = z.infer<typeof demoSessionResponseSchema>;
