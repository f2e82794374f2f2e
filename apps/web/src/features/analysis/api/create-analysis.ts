import { createAnalysisResponseSchema, messages, type AnalysisOptions } from '@korrigo/domain';
import type { z } from 'zod';
import { ApiClientError, NETWORK_STATUS, toApiError } from '@/lib/api-client';

export type CreateAnalysisInput = {
  text: string;
  title: string;
  studentName: string;
  selectedTestId: string | null;
  options: AnalysisOptions;
  files: File[];
};

export type CreateAnalysisResponse = z.infer<typeof createAnalysisResponseSchema>;

/**
 * POST /api/analyses (multipart). XMLHttpRequest instead of apiFetch because only it reports upload progress;
 * errors go through the same German mapping as every other request.
 */
export function createAnalysis(
  input: CreateAnalysisInput,
  onProgress: (percent: number) => void,
): Promise<CreateAnalysisResponse> {
  const form = new FormData();
  form.append('text', input.text);
  form.append('title', input.title);
  form.append('studentName', input.studentName);
  if (input.selectedTestId) form.append('selectedTestId', input.selectedTestId);
  form.append('options', JSON.stringify(input.options));
  for (const file of input.files) form.append('files', file, file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/analyses');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = createAnalysisResponseSchema.safeParse(body);
        if (parsed.success) {
          onProgress(100);
          resolve(parsed.data);
        } else reject(new ApiClientError(request.status, 'parse', messages.http.internal));
        return;
      }
      reject(toApiError(request.status, body));
    });
    request.addEventListener('error', () =>
      reject(new ApiClientError(NETWORK_STATUS, 'network', messages.http.network)),
    );
    request.send(form);
  });
}
