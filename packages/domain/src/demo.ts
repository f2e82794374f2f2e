import { z } from 'zod';

// Demo access (spec 000 §2: a /demo link): POST /api/demo opens a short-lived demo account.

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

export const demoSessionResponseSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type DemoSessionResponse = z.infer<typeof demoSessionResponseSchema>;
