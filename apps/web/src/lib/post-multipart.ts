import { messages } from '@korrigo/domain';
import type { z } from 'zod';
import { ApiClientError, NETWORK_STATUS, toApiError } from '@/lib/api-client';

/**
 * A multipart POST with upload progress. XMLHttpRequest instead of apiFetch because only it reports upload
 * progress; errors go through the same German mapping as every other request.
 */
export function postMultipart<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress: (percent: number) => void,
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
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
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, body));
        return;
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        reject(new ApiClientError(request.status, 'parse', messages.http.internal));
        return;
      }
      onProgress(100);
      resolve(parsed.data);
    });
    request.addEventListener('error', () =>
      reject(new ApiClientError(NETWORK_STATUS, 'network', messages.http.network)),
    );
    request.send(form);
  });
}
