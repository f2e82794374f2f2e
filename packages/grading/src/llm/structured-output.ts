import {
  asSchema,
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  Output,
  TypeValidationError,
  type LanguageModel,
  type ModelMessage,
} from 'ai';
import type { z } from 'zod';

/**
 * How a structured answer is asked of the model (AI_STRUCTURED_OUTPUT). Named explicitly, never guessed from
 * the server: the same server answers differently by version.
 * - `json_schema`: response_format json_schema, strict (OpenAI, vLLM); the server holds the model to the schema.
 * - `json_object`: response_format json_object (JSON mode of llama.cpp and Ollama); the schema is in the prompt.
 * - `prompt`: no response_format at all, for servers that refuse json_object too; the schema is in the prompt.
 */
export const structuredOutputModes = ['json_schema', 'json_object', 'prompt'] as const;
export type StructuredOutputMode = (typeof structuredOutputModes)[number];
export const defaultStructuredOutputMode: StructuredOutputMode = 'json_schema';

export function isStructuredOutputMode(value: string): value is StructuredOutputMode {
  return (structuredOutputModes as readonly string[]).includes(value);
}

export type StructuredCall<T> = {
  mode: StructuredOutputMode | undefined;
  model: LanguageModel;
  schema: z.ZodType<T>;
  /** the schema's name in response_format (json_schema mode) */
  name: string;
  description?: string;
  system: string;
  prompt: string;
  temperature?: number;
  maxRetries?: number;
  abortSignal?: AbortSignal;
};

/**
 * One structured model call in the configured mode; resolves to the answer checked by `schema`. In the two
 * modes where the server does not enforce the schema, an answer that is no JSON or does not fit gets one
 * repair request (the answer and what is wrong with it); a second bad answer throws JSONParseError or
 * TypeValidationError. Callers treat these as they treat the AI SDK's NoObjectGeneratedError for a bad answer in
 * json_schema mode (grading: model_output_invalid), so invalid model output is handled the same in every mode.
 */
export async function generateStructured<T>(call: StructuredCall<T>): Promise<T> {
  const mode = call.mode ?? defaultStructuredOutputMode;
  const settings = {
    model: call.model,
    ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
    ...(call.maxRetries !== undefined ? { maxRetries: call.maxRetries } : {}),
    ...(call.abortSignal ? { abortSignal: call.abortSignal } : {}),
  };
  if (mode === 'json_schema') {
    const { output } = await generateText({
      ...settings,
      output: Output.object({
        schema: call.schema,
        name: call.name,
        ...(call.description ? { description: call.description } : {}),
      }),
      system: call.system,
      prompt: call.prompt,
    });
    return output;
  }

  // the same JSON schema that json_schema mode sends as response_format
  const jsonSchema = await asSchema(call.schema).jsonSchema;
  const system = `${call.system}\n\n${schemaInstruction(JSON.stringify(jsonSchema))}`;
  const ask = async (messages: ModelMessage[]): Promise<string> => {
    if (mode === 'prompt') return (await generateText({ ...settings, system, messages })).text;
    try {
      // Output.json() without a schema is what makes the provider send response_format json_object
      return (await generateText({ ...settings, system, messages, output: Output.json() })).text;
    } catch (error) {
      // not parseable as sent (e.g. in ``` fences): we read and check the text ourselves below
      if (NoObjectGeneratedError.isInstance(error) && error.text !== undefined) return error.text;
      throw error;
    }
  };

  const messages: ModelMessage[] = [{ role: 'user', content: call.prompt }];
  const first = await ask(messages);
  const checked = checkAnswer(first, call.schema);
  if (checked.ok) return checked.value;
  messages.push(
    { role: 'assistant', content: first },
    { role: 'user', content: repairInstruction(checked.problems) },
  );
  const repaired = checkAnswer(await ask(messages), call.schema);
  if (repaired.ok) return repaired.value;
  throw repaired.error;
}

function schemaInstruction(schema: string): string {
  return [
    'Antworte ausschließlich mit einem JSON-Objekt, das diesem JSON-Schema entspricht: alle Felder vorhanden,',
    'keine weiteren Felder, kein Text davor oder danach, keine Markdown-Codeblöcke.',
    `<json_schema>\n${schema}\n</json_schema>`,
  ].join('\n');
}

function repairInstruction(problems: string[]): string {
  return [
    'Deine Antwort ist kein gültiges JSON nach dem Schema. Fehler:',
    ...problems.map((problem) => `- ${problem}`),
    'Antworte nur mit dem korrigierten JSON-Objekt, ohne weiteren Text.',
  ].join('\n');
}

// enough for the model to see what is wrong, without a whole wrong answer's worth of issues in the prompt
const maxProblems = 20;

type Checked<T> =
  { ok: true; value: T } | { ok: false; problems: string[]; error: JSONParseError | TypeValidationError };

/** The answer's text as JSON (``` fences removed) checked by the schema, or what is wrong with it. */
export function checkAnswer<T>(text: string, schema: z.ZodType<T>): Checked<T> {
  const fenced = /^\s*```[a-zA-Z]*\s*\n([\s\S]*?)\n?\s*```\s*$/.exec(text);
  const json = (fenced ? fenced[1]! : text).trim();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (cause) {
    return {
      ok: false,
      problems: [`kein gültiges JSON (${cause instanceof Error ? cause.message : String(cause)})`],
      error: new JSONParseError({ text, cause }),
    };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = parsed.error.issues
    .slice(0, maxProblems)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(ganzes Objekt)'}: ${issue.message}`);
  return { ok: false, problems, error: new TypeValidationError({ value, cause: parsed.error }) };
}
