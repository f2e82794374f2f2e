import { useMutation, useQuery } from '@tanstack/react-query';
import { accountDeletionInfoSchema, okSchema, type AccountDeletionRequest } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Whether the account confirms with its password or its e-mail address, and whether it is a demo account. */
export function useDeletionInfo(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.privacy.deletionInfo,
    queryFn: ({ signal }) =>
      apiFetchParsed(accountDeletionInfoSchema, '/api/privacy/account-deletion', { signal }),
    enabled,
  });
}

export function deleteAccount(request: AccountDeletionRequest) {
  return apiFetchParsed(okSchema, '/api/privacy/account-deletion', { method: 'POST', body: request });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
