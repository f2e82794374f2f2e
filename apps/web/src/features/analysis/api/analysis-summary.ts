import { useQuery } from '@tanstack/react-query';
import { analysisDetailQuery } from '@/lib/api/analysis-detail';

/** GET /api/analyses/:id for the preview card; the result view reads the same cache entry. */
export function useAnalysisSummary(id: string | null, enabled: boolean) {
  return useQuery({ ...analysisDetailQuery(id ?? ''), enabled: id !== null && enabled });
}
