import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  teamInvitationSchema,
  teamSchema,
  type CreateTeamRequest,
  type TeamInviteRequest,
} from '@korrigo/domain';
import { apiFetch, apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createTeam = (body: CreateTeamRequest) =>
  apiFetchParsed(teamSchema, '/api/team', { method: 'POST', body });
export const inviteToTeam = (body: TeamInviteRequest) =>
  apiFetchParsed(teamInvitationSchema, '/api/team/invitations', { method: 'POST', body });
export const revokeTeamInvitation = (id: string) =>
  apiFetch(`/api/team/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const removeTeamMember = (userId: string) =>
  apiFetch(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
export const leaveTeam = () => apiFetch('/api/team/leave', { method: 'POST', body: {} });

/**
 * Every team write refreshes the team, its library and the profile together: joining or leaving changes the
 * plan the profile shows.
 */
export function useTeamMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.team.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
      ]),
  });
}

export const useCreateTeam = () => useTeamMutation(createTeam);
export const useInviteToTeam = () => useTeamMutation(inviteToTeam);
export const useRevokeTeamInvitation = () => useTeamMutation(revokeTeamInvitation);
export const useRemoveTeamMember = () => useTeamMutation(removeTeamMember);
export const useLeaveTeam = () => useTeamMutation(leaveTeam);
