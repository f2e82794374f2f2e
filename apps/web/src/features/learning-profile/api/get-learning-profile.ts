import { useQuery } from '@tanstack/react-query';
import { learningProfileSchema, type LearningProfile } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const learningProfilePath = '/api/learning-profile';

/** GET /api/learning-profile: the student's courses, grades (newest first) and upcoming exams. */
export function fetchLearningProfile(signal?: AbortSignal): Promise<LearningProfile> {
  return apiFetchParsed(learningProfileSchema, learningProfilePath, { signal });
}

export function useLearningProfile() {
  return useQuery({
    queryKey: queryKeys.learningProfile.overview(),
    queryFn: ({ signal }) => fetchLearningProfile(signal),
    // a grade released or changed meanwhile shows on every visit; the cached profile stands in meanwhile
    refetchOnMount: 'always',
  });
}
