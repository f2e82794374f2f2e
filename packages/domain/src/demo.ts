import { z } from 'zod';

// Demo access (spec 000 §2: a /demo link): POST /api/demo opens a short-lived demo account.

export const demoLimits = {
  /** demo accounts per IP address and hour: each one is seeded with a class set and analyses to grade */
  perHour: 5,
  /**
   * uploads (analyses, text recognitions, class-set papers) of demo accounts per IP address and hour, whichever
   * demo account: a demo is Premium Lehrer without a bill, and a new one is a click away
   */
  uploadsPerHour: 10,
  /** demo accounts are removed after this many hours */
  lifetimeHours: 24,
} as const;

/** Every demo account, seeded (lehrkraft@…) or opened by a visitor (demo-…@…), has an address here. */
export const demoEmailDomain = '@demo.korrigo.de';

export const isDemoEmail = (email: string) => email.toLowerCase().endsWith(demoEmailDomain);

export const demoMessages = {
  preparing: 'Dein Demo-Konto wird vorbereitet …',
  failed: 'Das Demo-Konto konnte nicht geöffnet werden. Bitte versuche es später erneut.',
} as const;

export const demoSessionResponseSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type DemoSessionResponse = z.infer<typeof demoSessionResponseSchema>;
