import { useQuery } from '@tanstack/react-query';
import { myTeamSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/team: the signed-in teacher's team, or none with whether her plan lets her found one. */
export function useMyTeam() {
  return useQuery({
    queryKey: queryKeys.team.mine(),
    queryFn: ({ signal }) => apiFetchParsed(myTeamSchema, '/api/team', { signal }),
  });
}
