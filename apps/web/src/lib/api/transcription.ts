import { analysisStatusResponseSchema } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import type { AnalysisStatusResponse } from '@/lib/api/analysis-status';

const base = (id: string) => `/api/analyses/${encodeURIComponent(id)}`;

/** PATCH /api/analyses/:id/transcription: the checked text resumes the analysis (then `processing`). */
export async function sendTranscription(id: string, text: string): Promise<AnalysisStatusResponse> {
  return analysisStatusResponseSchema.parse(
    await apiFetch(`${base(id)}/transcription`, { method: 'PATCH', body: { text } }),
  );
}

/** An uploaded file of the own analysis as a File, so the page previews draw it like a picked one. */
export async function fetchAnalysisFile(
  id: string,
  file: { id: string; name: string; mimeType: string },
): Promise<File> {
  const response = await fetch(`${base(id)}/files/${encodeURIComponent(file.id)}`, {
    credentials: 'include',
  });
  if (!response.ok) throw new Error(String(response.status));
  return new File([await response.blob()], file.name, { type: file.mimeType });
}
