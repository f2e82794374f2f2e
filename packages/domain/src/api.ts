import { z } from 'zod';
import { planIds } from './plans';
import { paperRetentionSchema } from './retention';

/**
 * One error shape for every API answer that is not a success (docs/conventions.md §4). `message` is German
 * and meant for the user; `code` is for programs; `fields` names form fields with their own messages.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** a refusal by plan (issue 20): the plan that has what was asked for, for the link beside the message */
    plan: z.enum(planIds).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Error codes and their HTTP status: the one table both sides read. */
export const errorStatus = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  plan_feature: 402,
  plan_limit: 402,
  student_id_required: 403,
  plan_for_audience: 403,
  already_subscribed: 409,
  no_subscription: 409,
  checkout_unavailable: 503,
  payment_provider: 502,
  /** the school's LMS refused or failed a service call (LTI token, roster, grades) */
  lms_unavailable: 502,
  bad_signature: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

/** The only configuration the browser gets (docs/conventions.md §2: an explicit allow-list). */
export const publicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  /** the schools' OpenID Connect providers (issue 35 §1): the id for the sign-in call and the button's name */
  schoolSignIn: z.array(z.object({ id: z.string(), name: z.string() })),
  aiProvider: z.enum(['builtin', 'openai-compatible']),
  /** the model choices of the analyse screen (AI_MODELS, in the spec's order); empty with the builtin engine */
  aiModels: z.array(z.string()),
  /** the preselected model (spec 001 §9: the small current one) */
  defaultAiModel: z.string().nullable(),
  /** how long uploaded papers are kept (PAPER_RETENTION): the privacy page says it (issue 19 point 2) */
  paperRetention: paperRetentionSchema,
  /** whether plans can be bought online (STRIPE_* set, issue 20 point 2); else the buttons ask for an offer */
  checkout: z.boolean().default(false),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
