import { streamText } from 'ai';
import { createChatModel } from '../llm/chat-model';
import { defaultMaxRetries, defaultTimeoutMs, type LlmConfig } from '../llm/llm-config';
import { buildCompanionMessages, buildCompanionSystemPrompt } from './companion-prompt';
import type { Companion } from './types';

/** Answers are explanations, not creative writing: a low temperature keeps them close to the data. */
const companionTemperature = 0.2;

/**
 * The chat companion through the configured OpenAI-compatible endpoint: the answer streams as the model
 * writes it. Any failure (HTTP error, time-out, a stream that ends with an error, an empty answer) is thrown
 * so that the caller shows the spec's message instead of half an answer.
 */
export function createLlmCompanion(config: LlmConfig): Companion {
  return {
    name: 'llm',
    async *reply(input, options = {}) {
      const timeout = AbortSignal.timeout(config.timeoutMs ?? defaultTimeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      const stream = streamText({
        model: createChatModel(config),
        system: buildCompanionSystemPrompt(input),
        messages: buildCompanionMessages(input),
        temperature: companionTemperature,
        maxRetries: config.maxRetries ?? defaultMaxRetries,
        abortSignal: signal,
        // errors arrive as parts of the stream below; without this the SDK would log them to the console
        onError: () => {},
      });
      let written = false;
      for await (const part of stream.fullStream) {
        if (part.type === 'error')
          throw part.error instanceof Error ? part.error : new Error(String(part.error));
        if (part.type === 'abort') throw new Error('companion reply aborted');
        if (part.type === 'text-delta' && part.text) {
          written = true;
          yield part.text;
        }
      }
      if (!written) throw new Error('the model answered with an empty text');
    },
  };
}
