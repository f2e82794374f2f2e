import { z } from 'zod';
import { accountTypes } from './account';

// No zod in account.ts: the web app's first load imports it alone (`@korrigo/domain/account`).

const trimmed = z.string().trim();

/** The sign-up form data (spec 000 §3) as the server receives it. */
export const signupRequestSchema = z
  .object({
    name: trimmed.max(120),
    accountType: z.enum(accountTypes),
    bundesland: trimmed.max(60).default(''),
    school: trimmed.max(200).default(''),
    subjects: z.array(trimmed.min(1).max(60)).max(30).default([]),
    classLevel: trimmed.max(40).default(''),
    termsAccepted: z.boolean(),
    email: trimmed.max(254),
    password: z.string().max(128),
    rememberMe: z.boolean().default(true),
  })
  .strict();
export type SignupRequest = z.input<typeof signupRequestSchema>;
