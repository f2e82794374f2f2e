import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmPapersResponseSchema,
  classEvaluationDetailSchema,
  classEvaluationOverviewSchema,
  classEvaluationQuestionsSchema,
  classEvaluationReleaseResponseSchema,
  classEvaluationSummarySchema,
  createClassEvaluationResponseSchema,
  type ClassEvaluationSplitRequest,
  type ReviewChange,
} from '@korrigo/domain';
import { z } from 'zod';
import { apiFetchParsed } from '@/lib/api-client';
import { postMultipart } from '@/lib/post-multipart';
import { queryKeys } from '@/lib/query-keys';

export const classEvaluationPath = (id: string) => `/api/class-evaluations/${encodeURIComponent(id)}`;

const fallbackPollMs = 3000;
/**
 * With the stream open the detail is still read now and then while the set is unsettled: a change whose
 * event was lost (a restart of the listening connection, a proxy that held the stream back) would otherwise
 * leave the screen at 'Der Stapel wird gelesen …' for good.
 */
const safetyPollMs = 10_000;

const listSchema = z.object({ classEvaluations: z.array(classEvaluationSummarySchema) });

/** GET /api/class-evaluations: the teacher's sets, newest first. */
export function useClassEvaluationList() {
  return useQuery({
    queryKey: queryKeys.classEvaluations.list(),
    queryFn: ({ signal }) => apiFetchParsed(listSchema, '/api/class-evaluations', { signal }),
  });
}

/** POST /api/class-evaluations (multipart) with upload progress; 202 with the new set's id. */
export function createClassEvaluation(form: FormData, onProgress: (percent: number) => void) {
  return postMultipart('/api/class-evaluations', form, createClassEvaluationResponseSchema, onProgress);
}

/**
 * GET /api/class-evaluations/:id, kept current by GET /:id/events: every `status` event (a change of the set
 * or of one of its papers) refetches the detail and what is derived from it. A dropped stream reconnects by
 * itself (the server's `retry`); it ends when the set is done or failed.
 */
export function useClassEvaluation(id: string) {
  const queryClient = useQueryClient();
  // only when the stream cannot open (no EventSource, or the browser gave it up): ask every few seconds instead
  const [streamFailed, setStreamFailed] = useState(typeof EventSource === 'undefined');
  const query = useQuery({
    queryKey: queryKeys.classEvaluations.detail(id),
    queryFn: ({ signal }) => apiFetchParsed(classEvaluationDetailSchema, classEvaluationPath(id), { signal }),
    refetchInterval: (current) => {
      const status = current.state.data?.status;
      if (status === 'done' || status === 'failed') return false;
      return streamFailed ? fallbackPollMs : safetyPollMs;
    },
  });
  const settled = query.data?.status === 'done' || query.data?.status === 'failed';

  useEffect(() => {
    if (settled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${classEvaluationPath(id)}/events`, { withCredentials: true });
    source.addEventListener('status', () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.list() });
    });
    // a dropped stream reconnects by itself; CLOSED means the browser will not try again
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) setStreamFailed(true);
    });
    return () => source.close();
  }, [id, settled, queryClient]);

  return query;
}

/** PUT /:id/papers: the teacher's split, while the set waits for the check. */
export function saveSplit(id: string, body: ClassEvaluationSplitRequest) {
  return apiFetchParsed(classEvaluationDetailSchema, `${classEvaluationPath(id)}/papers`, {
    method: 'PUT',
    body,
  });
}

/** POST /:id/start: one analysis per paper, one credit each. */
export function startGrading(id: string) {
  return apiFetchParsed(classEvaluationDetailSchema, `${classEvaluationPath(id)}/start`, {
    method: 'POST',
    body: {},
  });
}

export function useClassEvaluationQuestions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.classEvaluations.questions(id),
    queryFn: ({ signal }) =>
      apiFetchParsed(classEvaluationQuestionsSchema, `${classEvaluationPath(id)}/questions`, { signal }),
    enabled,
  });
}

export function useClassEvaluationOverview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.classEvaluations.overview(id),
    queryFn: ({ signal }) =>
      apiFetchParsed(classEvaluationOverviewSchema, `${classEvaluationPath(id)}/overview`, { signal }),
    enabled,
  });
}

/** POST /:id/group-review: one change for every paper of an answer group. */
export function groupReview(id: string, analysisIds: string[], change: ReviewChange) {
  return apiFetchParsed(z.object({ updated: z.number() }), `${classEvaluationPath(id)}/group-review`, {
    method: 'POST',
    body: { analysisIds, change },
  });
}

/** POST /:id/confirm: the teacher confirms results; only confirmed ones count and can be returned. */
export function confirmResults(id: string, analysisIds: string[]) {
  return apiFetchParsed(confirmPapersResponseSchema, `${classEvaluationPath(id)}/confirm`, {
    method: 'POST',
    body: { analysisIds },
  });
}

/** PATCH /:id: the share of grades 5 and 6 above which the notice shows. */
export function saveThreshold(id: string, failingShareThreshold: number) {
  return apiFetchParsed(classEvaluationDetailSchema, classEvaluationPath(id), {
    method: 'PATCH',
    body: { failingShareThreshold },
  });
}

/** POST /:id/release: confirmed results go back to the pupils with an account. */
export function releaseResults(id: string) {
  return apiFetchParsed(classEvaluationReleaseResponseSchema, `${classEvaluationPath(id)}/release`, {
    method: 'POST',
    body: {},
  });
}
