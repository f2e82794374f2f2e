import { downloadFile } from '@/lib/download';
import { lessonPlanPath } from './get-lesson-plan';

/** GET /api/lesson-plans/:id/pdf, saved under the server's file name. */
export function downloadLessonPlanPdf(id: string, title: string): Promise<void> {
  return downloadFile(`${lessonPlanPath(id)}/pdf`, {
    accept: 'application/pdf',
    fallbackName: title,
    extension: 'pdf',
  });
}
