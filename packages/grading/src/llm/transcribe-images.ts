import { llmGradingMessages } from '@korrigo/domain';
import { generateText } from 'ai';
import type { ExtractedPage, ExtractionResult, InputFile } from '../types';
import type { LlmFailureCode } from './compose-llm-result';
import { transcriptionPrompt } from './grading-prompt';
import { defaultMaxRetries, type LlmConfig } from './llm-config';
import { createCompatibleProvider, withLlmLimits } from './llm-provider';

const failureMessages: Record<LlmFailureCode, string> = {
  model_output_invalid: llmGradingMessages.modelOutputInvalid,
  model_timeout: llmGradingMessages.modelTimeout,
  model_unavailable: llmGradingMessages.modelUnavailable,
};

/** The vision model could not transcribe; `message` is German and can be shown as it is. */
export class LlmCallError extends Error {
  constructor(
    readonly code: LlmFailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmCallError';
  }
}

const imageMimeTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** True for the files a vision model can read (by declared mime type). */
export function isImageFile(file: InputFile): boolean {
  return file.mimeType !== undefined && imageMimeTypes.has(file.mimeType.toLowerCase());
}

const illegibleMark = '[unleserlich]';

/**
 * Handwriting to text with the configured vision model, one call per image in the order given. Files that
 * are not images are skipped (their fileIndex is kept in the pages of the others). A vision model reports no
 * confidence, so `confidence` is null; a page with illegible spots, or with no text at all, asks the teacher
 * to check the transcription (needsReview).
 */
export async function transcribeImages(
  config: LlmConfig,
  files: readonly InputFile[],
  options: { signal?: AbortSignal } = {},
): Promise<ExtractionResult> {
  if (!config.visionModel) throw new RangeError('No vision model configured (visionModel)');
  const model = createCompatibleProvider(config).chatModel(config.visionModel);
  const pages: ExtractedPage[] = [];
  for (const [fileIndex, file] of files.entries()) {
    if (!isImageFile(file)) continue;
    const outcome = await withLlmLimits(config, options.signal, async (signal) => {
      const { text } = await generateText({
        model,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: transcriptionPrompt },
              { type: 'image', image: file.data, mediaType: file.mimeType },
            ],
          },
        ],
        temperature: 0,
        maxRetries: config.maxRetries ?? defaultMaxRetries,
        abortSignal: signal,
      });
      return text;
    });
    if (!outcome.ok) {
      throw new LlmCallError(outcome.code, failureMessages[outcome.code], { cause: outcome.cause });
    }
    pages.push({
      fileIndex,
      pageIndex: 0,
      text: outcome.value.trim(),
      source: 'ocr',
      confidence: null,
      words: [],
    });
  }
  return {
    text: pages.map((page) => page.text).join('\n\n'),
    pages,
    needsReview: pages.some((page) => page.text === '' || page.text.includes(illegibleMark)),
    hiddenText: [],
  };
}
