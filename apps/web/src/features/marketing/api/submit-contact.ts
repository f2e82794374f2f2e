import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

export function submitContact(request: ContactRequest): Promise<ContactResponse> {
  return apiFetch<ContactResponse>('/api/contact', { body: request });
}

export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact });
}
