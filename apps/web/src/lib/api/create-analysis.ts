import { createAnalysisResponseSchema, type AnalysisOptions } from '@korrigo/domain';
import type { z } from 'zod';
import { postMultipart } from '@/lib/post-multipart';

export type CreateAnalysisInput = {
  text: string;
  title: string;
  studentName: string;
  selectedTestId: string | null;
  answerKeyText: string;
  options: AnalysisOptions;
  files: File[];
  /** the Analysis record's course and pupil (spec 001 §3), or null */
  courseLink?: { course: { id: string }; student: { id: string } } | null;
};

export type CreateAnalysisResponse = z.infer<typeof createAnalysisResponseSchema>;

/** POST /api/analyses (multipart) with upload progress. */
export function createAnalysis(
  input: CreateAnalysisInput,
  onProgress: (percent: number) => void,
): Promise<CreateAnalysisResponse> {
  const form = new FormData();
  form.append('text', input.text);
  form.append('title', input.title);
  form.append('studentName', input.studentName);
  if (input.selectedTestId) form.append('selectedTestId', input.selectedTestId);
  if (input.answerKeyText.trim()) form.append('answerKeyText', input.answerKeyText);
  form.append('options', JSON.stringify(input.options));
  if (input.courseLink) {
    form.append('courseId', input.courseLink.course.id);
    form.append('studentId', input.courseLink.student.id);
  }
  for (const file of input.files) form.append('files', file, file.name);

  return postMultipart('/api/analyses', form, createAnalysisResponseSchema, onProgress);
}
