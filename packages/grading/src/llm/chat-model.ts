import type { LanguageModel } from 'ai';
import { defaultModelOf, type LlmConfig } from './llm-config';
import { createCompatibleProvider, resolveModelId } from './llm-provider';

/**
 * A chat model with the same endpoint configuration as grading, for plain (streamed) text: the chat
 * companion and test generation pass it to `streamText` / `generateText` themselves.
 */
export function createChatModel(config: LlmConfig, modelId?: string): LanguageModel {
  const id = resolveModelId(config, modelId ?? config.defaultModel ?? defaultModelOf(config.models));
  return createCompatibleProvider(config).chatModel(id);
}
