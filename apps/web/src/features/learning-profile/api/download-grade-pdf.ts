import { downloadFile } from '@/lib/download';
import { gradePath } from './get-grade-detail';

export const gradePdfPath = (analysisId: string) => `${gradePath(analysisId)}/pdf`;

/** GET /api/grades/:analysisId/pdf, saved under the server's file name (else the title, else 'Bewertung'). */
export function downloadGradePdf(analysisId: string, title: string): Promise<void> {
  return downloadFile(gradePdfPath(analysisId), {
    accept: 'application/pdf',
    fallbackName: title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'Bewertung',
    extension: 'pdf',
  });
}
