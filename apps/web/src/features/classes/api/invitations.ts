import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitationResponse,
  CreateInvitationRequest,
  InvitationList,
  InvitationPreview,
  MyClasses,
  SentInvitation,
} from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const codeUrl = (code: string) => `/api/invitations/${encodeURIComponent(code)}`;

/** The address of the invitation page for a code: what teachers copy and mails carry. */
export const invitationLink = (code: string) => `${window.location.origin}/einladung/${code}`;

/** GET /api/invitations: received (to my e-mail) and sent (mine, open) invitations. */
export function useInvitations() {
  return useQuery({
    queryKey: queryKeys.invitations.list(),
    queryFn: ({ signal }) => apiFetch<InvitationList>('/api/invitations', { signal }),
  });
}

/** GET /api/invitations/{code}: the invitation page's card; a wrong code is an answer, not a retry. */
export function useInvitationPreview(code: string) {
  return useQuery({
    queryKey: queryKeys.invitations.preview(code),
    queryFn: ({ signal }) => apiFetch<InvitationPreview>(codeUrl(code), { signal }),
    retry: false,
  });
}

/**
 * GET /api/invitations/{code}/details: the same card for a visitor without a session (issue 34 §5), who
 * signs up or in from it.
 */
export function useInvitationDetails(code: string) {
  return useQuery({
    queryKey: queryKeys.invitations.details(code),
    queryFn: ({ signal }) => apiFetch<InvitationPreview>(`${codeUrl(code)}/details`, { signal }),
    retry: false,
  });
}

/** GET /api/my-classes: the student's classes and courses. */
export function useMyClasses() {
  return useQuery({
    queryKey: queryKeys.myClasses,
    queryFn: ({ signal }) => apiFetch<MyClasses>('/api/my-classes', { signal }),
  });
}

export const createInvitation = (body: CreateInvitationRequest) =>
  apiFetch<SentInvitation>('/api/invitations', { method: 'POST', body });
export const acceptInvitation = (code: string) =>
  apiFetch<AcceptInvitationResponse>(`${codeUrl(code)}/accept`, { method: 'POST', body: {} });
export const declineInvitation = (code: string) =>
  apiFetch(`${codeUrl(code)}/decline`, { method: 'POST', body: {} });
export const revokeInvitation = (id: string) => apiFetch(codeUrl(id), { method: 'DELETE' });

/**
 * Every invitation write refreshes the invitations, the classes and the student's own list together, and her
 * learning profile, whose course cards show the courses of a class she joined (issue 33 §5).
 */
function useInvitationMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myClasses }),
        queryClient.invalidateQueries({ queryKey: queryKeys.learningProfile.all }),
      ]),
  });
}

export const useCreateInvitation = () => useInvitationMutation(createInvitation);
export const useAcceptInvitation = () => useInvitationMutation(acceptInvitation);
export const useDeclineInvitation = () => useInvitationMutation(declineInvitation);
export const useRevokeInvitation = () => useInvitationMutation(revokeInvitation);
