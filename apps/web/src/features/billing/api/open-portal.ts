import { useMutation } from '@tanstack/react-query';
import { billingRedirectSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';

/** POST /api/billing/portal: the provider's customer portal (cancellation, payment methods, invoices). */
export function openPortal() {
  return apiFetchParsed(billingRedirectSchema, '/api/billing/portal', { method: 'POST' });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: openPortal,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
