import { z } from 'zod';

// The contact form (spec 000 §3, §4, §5, §8): its choices, limits, messages and the request the server checks.

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
  schüler: 'Schülerin oder Schüler',
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

/** spec 000 §5: subject defaults to allgemein. */
export const contactFormDefaults: ContactForm = {
  name: '',
  email: '',
  subject: 'allgemein',
  role: 'lehrer',
  message: '',
  privacy: false,
};

/** POST /api/contact: the same rules; consent must be given. */
export const contactRequestSchema = contactFormSchema.extend({
  privacy: z.literal(true, contactMessages.privacyRequired),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
