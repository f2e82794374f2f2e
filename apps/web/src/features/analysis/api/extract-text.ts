import { extractTextResponseSchema } from '@korrigo/domain';
import type { z } from 'zod';
import { postMultipart } from './post-multipart';

export type ExtractTextResponse = z.infer<typeof extractTextResponseSchema>;

/** POST /api/extract-text: the recognised text of the files, page by page, for the transcription check. */
export function extractText(files: File[], onProgress: (percent: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return postMultipart('/api/extract-text', form, extractTextResponseSchema, onProgress);
}
