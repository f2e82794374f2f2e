import { useQuery } from '@tanstack/react-query';
import { classEvaluationDetailSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { classEvaluationPath } from './class-evaluations';

/**
 * GET /api/class-evaluations/:id for a result opened from the set (issue 34 §7): the set's papers and pupils
 * give the order of the walk. The same query as the set screen's, so going back shows the set at once; no
 * event stream here, as the order changes only when a paper is graded, and the next visit reads it anew.
 */
export function useSetForWalk(id: string) {
  return useQuery({
    queryKey: queryKeys.classEvaluations.detail(id),
    queryFn: ({ signal }) => apiFetchParsed(classEvaluationDetailSchema, classEvaluationPath(id), { signal }),
    retry: false,
  });
}
