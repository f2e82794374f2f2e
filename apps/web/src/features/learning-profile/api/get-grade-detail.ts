import { useQuery } from '@tanstack/react-query';
import {
  analysisResultSchema,
  gradeDetailSchema,
  type AnalysisResult,
  type GradeRecord,
} from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const gradePath = (analysisId: string) => `/api/grades/${encodeURIComponent(analysisId)}`;

export type GradeDetailView = {
  record: GradeRecord;
  /** the graded text */
  text: string;
  /** null when `ai_analysis` is not a result of our shape (the overlay says it cannot show it) */
  result: AnalysisResult | null;
};

/** `ai_analysis` is JSON text (spec 001 §3): read it with the result schema, never trust it blindly. */
export function readResult(aiAnalysis: string): AnalysisResult | null {
  try {
    const parsed = analysisResultSchema.safeParse(JSON.parse(aiAnalysis));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** GET /api/grades/:analysisId: the graded work behind one row of the grades table. */
export async function fetchGradeDetail(analysisId: string, signal?: AbortSignal): Promise<GradeDetailView> {
  const detail = await apiFetchParsed(gradeDetailSchema, gradePath(analysisId), { signal });
  return { record: detail.record, text: detail.test, result: readResult(detail.ai_analysis) };
}

/** Loaded only while the overlay is open. */
export function useGradeDetail(analysisId: string | null) {
  return useQuery({
    queryKey: queryKeys.learningProfile.grade(analysisId ?? ''),
    queryFn: ({ signal }) => fetchGradeDetail(analysisId!, signal),
    enabled: analysisId !== null,
    // a teacher may have changed a released result: each opening reads it again (showing the cached one meanwhile)
    staleTime: 0,
  });
}
