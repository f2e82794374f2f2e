import { describe, expect, it } from 'vitest';
import { defaultModelOf, llmConfigFromEnv, parseModelList } from '../src/llm';

describe('LLM configuration from the environment', () => {
  it('is off unless AI_PROVIDER is openai-compatible', () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ AI_PROVIDER: 'builtin', AI_BASE_URL: 'http://x/v1' })).toBeNull();
  });

  it('reads base URL, key, the model list, a vision model and a time limit', () => {
    expect(
      llmConfigFromEnv({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: 'http://127.0.0.1:11434/v1',
        AI_API_KEY: 'sk-1',
        AI_MODELS: ' mini-alt , mini,, gross ',
        AI_VISION_MODEL: 'vision',
        AI_TIMEOUT_MS: '30000',
      }),
    ).toEqual({
      baseURL: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-1',
      models: ['mini-alt', 'mini', 'gross'],
      visionModel: 'vision',
      timeoutMs: 30_000,
    });
  });

  it('reads the structured output mode and refuses one it does not know', () => {
    const env = { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://127.0.0.1:8080/v1', AI_MODELS: 'm' };
    expect(llmConfigFromEnv(env)?.structuredOutput).toBeUndefined();
    expect(llmConfigFromEnv({ ...env, AI_STRUCTURED_OUTPUT: 'json_object' })?.structuredOutput).toBe(
      'json_object',
    );
    expect(llmConfigFromEnv({ ...env, AI_STRUCTURED_OUTPUT: 'prompt' })?.structuredOutput).toBe('prompt');
    expect(() => llmConfigFromEnv({ ...env, AI_STRUCTURED_OUTPUT: 'ollama' })).toThrow(
      /json_schema, json_object, prompt/,
    );
  });

  it('fails loudly when the provider is chosen without URL or models', () => {
    expect(() => llmConfigFromEnv({ AI_PROVIDER: 'openai-compatible', AI_MODELS: 'a' })).toThrow();
    expect(() => llmConfigFromEnv({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://x' })).toThrow();
  });

  it('takes the middle of three models as the default (spec 001 §9), else the first', () => {
    expect(parseModelList('a,b,c')).toEqual(['a', 'b', 'c']);
    expect(defaultModelOf(['old-small', 'small', 'large'])).toBe('small');
    expect(defaultModelOf(['only'])).toBe('only');
    expect(defaultModelOf(['a', 'b'])).toBe('a');
    expect(defaultModelOf([])).toBeUndefined();
  });
});
