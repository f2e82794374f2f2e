import {
  isStructuredOutputMode,
  structuredOutputModes,
  type StructuredOutputMode,
} from './structured-output';

/** How to reach an OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM, LM Studio …). */
export type LlmConfig = {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 */
  baseURL: string;
  apiKey?: string;
  /** the model choices offered to the user (AI_MODELS); options.model must be one of them */
  models: readonly string[];
  /** used when options.model is not given; defaults to `defaultModelOf(models)` */
  defaultModel?: string;
  /** wall-clock limit for one grading call, retries included (default 120 s) */
  timeoutMs?: number;
  /** retries of failed HTTP calls inside the time limit (default 2, as the AI SDK does) */
  maxRetries?: number;
  /** a vision-capable model that transcribes handwriting images; unset: no transcription */
  visionModel?: string;
  /** how structured answers are asked for (AI_STRUCTURED_OUTPUT); default json_schema */
  structuredOutput?: StructuredOutputMode;
  /** for tests and proxies */
  fetch?: typeof globalThis.fetch;
};

export const defaultTimeoutMs = 120_000;
export const defaultMaxRetries = 2;

/**
 * spec 001 §9: three model choices, "an older small one, a small current one that is the default, and a
 * larger one". AI_MODELS lists them in that order, so with three entries the middle one is the default;
 * with fewer, the first.
 */
export function defaultModelOf(models: readonly string[]): string | undefined {
  return models.length === 3 ? models[1] : models[0];
}

/** AI_MODELS as a list: comma-separated, blanks ignored. */
export function parseModelList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter((model) => model !== '');
}

export type LlmEnv = {
  AI_PROVIDER?: string;
  AI_BASE_URL?: string;
  AI_API_KEY?: string;
  AI_MODELS?: string;
  AI_VISION_MODEL?: string;
  AI_TIMEOUT_MS?: string;
  AI_STRUCTURED_OUTPUT?: string;
};

/**
 * The LLM configuration from the environment, or null when AI_PROVIDER is not `openai-compatible`.
 * Throws when the provider is chosen but its settings are missing, so a misconfigured start fails loudly.
 */
export function llmConfigFromEnv(env: LlmEnv): LlmConfig | null {
  if (env.AI_PROVIDER !== 'openai-compatible') return null;
  const models = parseModelList(env.AI_MODELS);
  if (!env.AI_BASE_URL || models.length === 0) {
    throw new Error('AI_PROVIDER=openai-compatible needs AI_BASE_URL and AI_MODELS');
  }
  const structuredOutput = env.AI_STRUCTURED_OUTPUT?.trim() || undefined;
  if (structuredOutput !== undefined && !isStructuredOutputMode(structuredOutput)) {
    throw new Error(`AI_STRUCTURED_OUTPUT must be one of ${structuredOutputModes.join(', ')}`);
  }
  const timeoutMs = env.AI_TIMEOUT_MS ? Number(env.AI_TIMEOUT_MS) : undefined;
  return {
    baseURL: env.AI_BASE_URL,
    ...(env.AI_API_KEY ? { apiKey: env.AI_API_KEY } : {}),
    models,
    ...(env.AI_VISION_MODEL ? { visionModel: env.AI_VISION_MODEL } : {}),
    ...(timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
    ...(structuredOutput ? { structuredOutput } : {}),
  };
}
