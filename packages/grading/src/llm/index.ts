export { createLlmProvider, resolveModelId } from './llm-provider';
export { createChatModel } from './chat-model';
export { generateStructured, structuredOutputModes, type StructuredOutputMode } from './structured-output';
export { transcribeImages, isImageFile, LlmCallError } from './transcribe-images';
export { PROMPT_VERSION } from './grading-prompt';
export {
  detectPromptInjection,
  promptInjectionFlag,
  redactPromptInjection,
  type PromptInjectionFinding,
  type PromptInjectionKind,
} from '../text/prompt-injection';
export { llmConfigFromEnv, parseModelList, defaultModelOf, type LlmConfig, type LlmEnv } from './llm-config';
export type { LlmFailureCode } from './compose-llm-result';
