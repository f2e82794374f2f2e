import { useMutation } from '@tanstack/react-query';
import { billingRedirectSchema, type CheckoutRequest } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';

/** POST /api/billing/checkout: the provider's checkout page for one plan and interval. */
export function startCheckout(request: CheckoutRequest) {
  return apiFetchParsed(billingRedirectSchema, '/api/billing/checkout', { body: request });
}

/** Starts checkout and leaves for the provider's page; the page stays busy until the browser has left. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
