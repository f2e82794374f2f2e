import { z } from 'zod';
import type { AccountType } from './account';
import { billingIntervals, paidPlanIds, plansById, type PaidPlanId } from './plans';

// Checkout and the customer portal (issue 20 point 2, ADR 0019): what the web app sends and gets back.

export const checkoutRequestSchema = z.object({
  plan: z.enum(paidPlanIds),
  interval: z.enum(billingIntervals),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/**
 * Who may buy a plan (spec 000 §6, issue 20): students Basic and Premium Student, teachers Basic, Premium
 * Lehrer and Pro Team.
 */
export function planForAccountType(plan: PaidPlanId, accountType: AccountType): boolean {
  if (plan === 'basic') return true;
  return accountType === 'student' ? plan === 'premium_student' : plan !== 'premium_student';
}

/** Where the browser goes next: the provider's hosted checkout or customer portal. */
export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

/**
 * Without payment configuration the plan buttons lead to the contact form with the plan preselected: the
 * spec's subjects stay as they are (spec 000 §5), the plan goes into the message (ours).
 */
export function offerRequestLink(plan: PaidPlanId | 'enterprise'): string {
  return `/contact?subject=angebot&plan=${plan}`;
}

/** The first line of the contact form's message when an offer for a plan is asked for (ours). */
export function offerRequestMessage(plan: PaidPlanId | 'enterprise'): string {
  return `Ich möchte ein Angebot für den Tarif ${plansById[plan].name}.`;
}
