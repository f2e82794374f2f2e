import { z } from 'zod';
import { accountTypes, bundeslaender } from './account';
import { billingIntervals, paidPlanIds, planIds } from './plans';

/** spec 000 §2: plan, next billing date; a trial's end and a cancellation that waits for the period's end. */
export const subscriptionSummarySchema = z.object({
  plan: z.enum(paidPlanIds),
  interval: z.enum(billingIntervals),
  status: z.string(),
  /** the next billing date (the current period's end); null once cancelled for good */
  nextBillingDate: z.string().nullable(),
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** The user profile as the API returns it (spec 000 §3 "User profile"; field names in camelCase). */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** a new address that waits for its confirmation link; until then `email` stays the sign-in address */
  pendingEmail: z.string().nullable(),
  displayName: z.string(),
  createdAt: z.string(),
  photoURL: z.string().nullable(),
  accountType: z.enum(accountTypes),
  bundesland: z.string(),
  school: z.string(),
  subjects: z.array(z.string()),
  classLevel: z.string(),
  /** the plan in effect (ADR 0018) */
  plan: z.enum(planIds),
  /** the plan's analyses this month; null: unlimited */
  credits: z.number().int().nullable(),
  usedCredits: z.number().int(),
  /** credits minus used credits (spec 000 §3 client session state); null: unlimited */
  remainingCredits: z.number().int().nullable(),
  nextReset: z.string(),
  /** this month's requests to the KI-Begleiter and AI test generations, and their limits (null: unlimited) */
  usage: z.object({
    companionRequests: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    testGenerations: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  }),
  /** the paid subscription as the payment provider last reported it; null without one */
  subscription: subscriptionSummarySchema.nullable(),
  /** a Pro Team the user belongs to (as owner or member) */
  team: z.object({ id: z.string(), name: z.string(), isOwner: z.boolean() }).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * Profile edit (spec 000 §5): name required; e-mail required and an e-mail; account type; teacher fields
 * Bundesland (one of the 16), school, subjects; student field class/semester; new password optional.
 * A new e-mail or a new password also needs the current password (ours: a session alone is not enough).
 */
export const profileUpdateSchema = z
  .object({
    displayName: z.string().trim().min(1).max(120),
    email: z.string().trim().pipe(z.email()),
    accountType: z.enum(accountTypes),
    bundesland: z.union([z.enum(bundeslaender), z.literal('')]).default(''),
    school: z.string().trim().max(200).default(''),
    subjects: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
    classLevel: z.string().trim().max(40).default(''),
    newPassword: z.string().max(128).default(''),
    currentPassword: z.string().max(128).default(''),
  })
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const profileUpdateResponseSchema = z.object({
  profile: profileSchema,
  /**
   * true when the e-mail changed: a confirmation link went to the new address, which becomes the sign-in
   * address (ending every session, spec 000 §2) only once the link is followed
   */
  emailConfirmationSent: z.boolean(),
});

/** Share of credits used, for the credits bar (spec 000 §9: yellow above 70 %, red above 90 %). */
export function creditsBarTone(credits: number | null, usedCredits: number): 'ok' | 'warning' | 'danger' {
  if (credits === null) return 'ok';
  if (credits <= 0) return usedCredits > 0 ? 'danger' : 'ok';
  const used = usedCredits / credits;
  if (used > 0.9) return 'danger';
  if (used > 0.7) return 'warning';
  return 'ok';
}
