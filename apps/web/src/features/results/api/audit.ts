import { useQuery } from '@tanstack/react-query';
import { analysisAuditSchema, auditLabels, type AnalysisDetail } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { analysisPath } from '@/lib/api/analysis-detail';
import { downloadFile } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';

/** What makes the trail grow: each logged change (confirm and reopen included) and a release. */
function auditVersion(analysis: Pick<AnalysisDetail, 'changes' | 'release'>): string {
  return `${analysis.changes.length}:${analysis.release.releasedAt ?? ''}`;
}

/**
 * GET /api/analyses/:id/audit (issue 19 point 3), read only once the Verlauf is opened (`enabled`) and again
 * after a change of the result, whose detail then counts one more change.
 */
export function useAnalysisAudit(
  analysis: Pick<AnalysisDetail, 'id' | 'changes' | 'release'>,
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    queryKey: queryKeys.analyses.audit(analysis.id, auditVersion(analysis)),
    queryFn: ({ signal }) =>
      apiFetchParsed(analysisAuditSchema, `${analysisPath(analysis.id)}/audit`, { signal }),
    enabled,
  });
}

/** GET /api/analyses/:id/audit.pdf, saved under the server's file name. */
export function downloadAuditPdf(id: string, title: string): Promise<void> {
  return downloadFile(`${analysisPath(id)}/audit.pdf`, {
    accept: 'application/pdf',
    fallbackName: `${auditLabels.fileName} ${title}`,
    extension: 'pdf',
  });
}
