import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { alignmentFlag, temperature as temperatureRange } from '@korrigo/domain';
import { APICallError, NoObjectGeneratedError, RetryError, TypeValidationError, JSONParseError } from 'ai';
import type { GradeInput, GradeOptions, GradingProvider } from '../types';
import {
  composeLlmFailure,
  composeLlmResult,
  llmEngineVersion,
  type LlmFailureCode,
} from './compose-llm-result';
import { answerKeyTotal, buildSystemPrompt, buildUserPrompt, PROMPT_VERSION } from './grading-prompt';
import { defaultMaxRetries, defaultModelOf, defaultTimeoutMs, type LlmConfig } from './llm-config';
import { modelGradingSchema } from './model-output-schema';
import { generateStructured } from './structured-output';
import { detectPromptInjection, redactPromptInjection } from '../text/prompt-injection';
import { verifiedFacts } from './verified-facts';

/** The AI SDK provider for one configuration; the name shows up in the SDK's provider metadata. */
export function createCompatibleProvider(config: LlmConfig) {
  return createOpenAICompatible({
    name: 'korrigo-llm',
    baseURL: config.baseURL,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(config.fetch ? { fetch: config.fetch } : {}),
    supportsStructuredOutputs: true,
  });
}

/** The model id to use: the requested one if it is among the configured choices, else the default. */
export function resolveModelId(config: LlmConfig, requested: string | undefined): string {
  if (requested !== undefined) {
    if (!config.models.includes(requested)) {
      throw new RangeError(`Unknown model "${requested}"; configured: ${config.models.join(', ')}`);
    }
    return requested;
  }
  const fallback = config.defaultModel ?? defaultModelOf(config.models);
  if (!fallback) throw new RangeError('No model configured (AI_MODELS is empty)');
  return fallback;
}

function resolveTemperature(value: number | undefined): number {
  const t = value ?? temperatureRange.default;
  if (!(t >= temperatureRange.min && t <= temperatureRange.max)) {
    throw new RangeError(`Temperature must be between ${temperatureRange.min} and ${temperatureRange.max}`);
  }
  return t;
}

/**
 * Runs `call` under the configured time limit and the caller's signal. A caller's abort is rethrown (the job
 * was cancelled); every other failure becomes one of our three failure codes.
 */
export async function withLlmLimits<T>(
  config: LlmConfig,
  callerSignal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: LlmFailureCode; cause: unknown }> {
  const timeout = AbortSignal.timeout(config.timeoutMs ?? defaultTimeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  try {
    return { ok: true, value: await call(signal) };
  } catch (error) {
    if (callerSignal?.aborted) throw error;
    if (timeout.aborted) return { ok: false, code: 'model_timeout', cause: error };
    return { ok: false, code: classifyFailure(error), cause: error };
  }
}

function classifyFailure(error: unknown): LlmFailureCode {
  if (
    NoObjectGeneratedError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    JSONParseError.isInstance(error)
  ) {
    return 'model_output_invalid';
  }
  if (RetryError.isInstance(error)) return classifyFailure(error.lastError);
  if (APICallError.isInstance(error)) {
    // A 2xx answer that is not a chat completion is the model's fault, not the network's.
    return error.statusCode !== undefined && error.statusCode < 300
      ? 'model_output_invalid'
      : 'model_unavailable';
  }
  return 'model_unavailable';
}

/**
 * The LLM grading provider (ARCHITECTURE.md §3, issue 3 point 9). The student's text goes to the model as
 * delimited data, with instruction-like passages blanked out; the model fills the content fields of the
 * result through structured output (generateStructured, in the configured AI_STRUCTURED_OUTPUT mode); points, totals, grade, status and flags are ours (see composeLlmResult).
 * Model failures give a `needs_review` result without points, never a made-up score.
 */
export function createLlmProvider(config: LlmConfig): GradingProvider {
  const provider = createCompatibleProvider(config);
  return {
    name: 'llm',
    describe(options: GradeOptions) {
      const modelId = resolveModelId(config, options.model);
      return {
        engine: 'llm',
        version: llmEngineVersion(modelId),
        model: modelId,
        promptVersion: PROMPT_VERSION,
      };
    },
    async grade(input: GradeInput, options: GradeOptions) {
      const modelId = resolveModelId(config, options.model);
      const temperature = resolveTemperature(options.temperature);
      const findings = detectPromptInjection({
        text: input.text,
        hiddenText: input.extraction?.hiddenText ?? [],
      });
      const context = { input, options, modelId, findings };
      // the key as the builtin engine reads it and what its checks verified, as facts for the model
      const facts = await verifiedFacts(input, options);
      const outcome = await withLlmLimits(config, options.signal, (signal) =>
        generateStructured({
          mode: config.structuredOutput,
          model: provider.chatModel(modelId),
          schema: modelGradingSchema,
          name: 'analysis_result',
          description: 'Bewertung einer Schülerarbeit',
          system: buildSystemPrompt(options),
          prompt: buildUserPrompt({
            studentText: redactPromptInjection(input.text, findings),
            ...(input.answerKey ? { answerKey: input.answerKey } : {}),
            ...(input.title ? { title: input.title } : {}),
            facts: facts.lines,
          }),
          temperature,
          maxRetries: config.maxRetries ?? defaultMaxRetries,
          abortSignal: signal,
        }),
      );
      if (!outcome.ok) return composeLlmFailure(outcome.code, context);
      return composeLlmResult(outcome.value, {
        ...context,
        // a saved test's total, else the total of a text key where every task's points could be read
        expectedTotal:
          answerKeyTotal(input.answerKey) ?? (input.answerKey ? facts.reading.total_points : null),
        alignment: facts.reading.review_flags.find((flag) => flag.code === alignmentFlag),
      });
    },
  };
}
