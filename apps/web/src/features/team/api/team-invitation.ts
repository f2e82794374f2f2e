import { useQuery } from '@tanstack/react-query';
import { okSchema, teamInvitationPreviewSchema, teamSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useTeamMutation } from './team-mutations';

const tokenUrl = (token: string) => `/api/team-invitations/${encodeURIComponent(token)}`;

/** GET /api/team-invitations/{token}: the accept page's card; a used or foreign link is an answer, not a retry. */
export function useTeamInvitationPreview(token: string) {
  return useQuery({
    queryKey: queryKeys.team.invitation(token),
    queryFn: ({ signal }) => apiFetchParsed(teamInvitationPreviewSchema, tokenUrl(token), { signal }),
    retry: false,
  });
}

export const acceptTeamInvitation = (token: string) =>
  apiFetchParsed(teamSchema, `${tokenUrl(token)}/accept`, { method: 'POST', body: {} });
export const declineTeamInvitation = (token: string) =>
  apiFetchParsed(okSchema, `${tokenUrl(token)}/decline`, { method: 'POST', body: {} });

export const useAcceptTeamInvitation = () => useTeamMutation(acceptTeamInvitation);
export const useDeclineTeamInvitation = () => useTeamMutation(declineTeamInvitation);
