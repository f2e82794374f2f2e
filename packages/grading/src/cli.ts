import { createReadStream } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  gradingCliMessages as m,
  gradingScaleIds,
  partialPointsOf,
  savedTestSchema,
  type AnalysisResult,
  type GradingError,
} from '@korrigo/domain';
import { llmConfigFromEnv, type LlmConfig, type LlmEnv } from './llm/llm-config';
import {
  ExtractionError,
  type AnswerKey,
  type ExtractionResult,
  type GradeOptions,
  type GradingProvider,
  type InputFile,
} from './types';

/**
 * `korrigo-grade <files…> [--key erwartungshorizont.txt] [--subject Mathematik] [--json]`: grades a student's
 * files from the shell. `korrigo-grade --jsonl items.jsonl` grades many typed works in one process (the
 * dictionaries load once) and writes one JSON line per item. The builtin engine by default;
 * AI_PROVIDER=openai-compatible with AI_BASE_URL, AI_API_KEY and AI_MODELS switches to the LLM provider.
 * Exit codes: 0 graded, 1 a file or the grading failed, 2 wrong usage.
 */
type CliArgs = {
  files: string[];
  jsonl?: string;
  key?: string;
  subject?: string;
  json: boolean;
  help: boolean;
};

type CliIo = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
};

const defaultIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

// The engines load OCR, PDF and the AI SDK (seconds on a busy machine): only when there is work to do,
// so --help and usage errors answer at once.
let extractModule: Promise<typeof import('./extract')> | undefined;
const loadExtract = () => (extractModule ??= import('./extract'));
const loadLlm = () => import('./llm');
const loadBuiltin = () => import('./index');

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        key: { type: 'string', short: 'k' },
        subject: { type: 'string', short: 's' },
        json: { type: 'boolean', default: false },
        jsonl: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    // node:util reports in English; the user gets our German line plus the offending option.
    const option = /'([^']+)'/.exec(error instanceof Error ? error.message : '')?.[1] ?? '';
    throw new CliError(`${m.unknownOption}${option}\n${m.usage}`, 2);
  }
  const { values, positionals } = parsed;
  return {
    files: positionals,
    ...(values.key !== undefined ? { key: values.key } : {}),
    ...(values.subject !== undefined ? { subject: values.subject } : {}),
    ...(values.jsonl !== undefined ? { jsonl: values.jsonl } : {}),
    json: values.json,
    help: values.help,
  };
}

const mimeTypes: Record<string, string> = {
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

async function readInputFile(filePath: string, unreadableMessage: string): Promise<InputFile> {
  try {
    const data = new Uint8Array(await readFile(filePath));
    const mimeType = mimeTypes[path.extname(filePath).toLowerCase()];
    return { name: path.basename(filePath), data, ...(mimeType ? { mimeType } : {}) };
  } catch {
    throw new CliError(`${unreadableMessage}${filePath}`, 1);
  }
}

/** A saved test as JSON (the test creator's format), or any readable document as an Erwartungshorizont. */
async function readAnswerKey(filePath: string): Promise<AnswerKey> {
  const file = await readInputFile(filePath, m.keyUnreadable);
  if (path.extname(filePath).toLowerCase() === '.json') {
    try {
      const test = savedTestSchema.parse(JSON.parse(new TextDecoder().decode(file.data)));
      return { kind: 'test', test };
    } catch {
      throw new CliError(`${m.keyUnreadable}${filePath}`, 1);
    }
  }
  const extraction = await extractOrFail([file]);
  return { kind: 'text', text: extraction.text };
}

async function extractOrFail(files: InputFile[]): Promise<ExtractionResult> {
  try {
    const { extractText } = await loadExtract();
    return await extractText(files);
  } catch (error) {
    if (error instanceof ExtractionError) throw new CliError(error.message, 1);
    throw error;
  }
}

/**
 * Images go to the vision model when one is configured (handwriting), everything else through extractText;
 * the pages keep the index of their file in the order given.
 */
async function extractStudentWork(files: InputFile[], llm: LlmConfig | null): Promise<ExtractionResult> {
  const { isImageFile, LlmCallError, transcribeImages } = await loadLlm();
  const useVision = llm?.visionModel !== undefined && files.some(isImageFile);
  if (!llm || !useVision) return extractOrFail(files);

  const others = files.map((file, index) => ({ file, index })).filter(({ file }) => !isImageFile(file));
  const fromText = others.length > 0 ? await extractOrFail(others.map(({ file }) => file)) : null;
  let fromVision: ExtractionResult;
  try {
    fromVision = await transcribeImages(llm, files);
  } catch (error) {
    if (error instanceof LlmCallError) throw new CliError(error.message, 1);
    throw error;
  }
  const pages = [
    ...(fromText?.pages ?? []).map((page) => ({ ...page, fileIndex: others[page.fileIndex]!.index })),
    ...fromVision.pages,
  ].sort((a, b) => a.fileIndex - b.fileIndex || a.pageIndex - b.pageIndex);
  return {
    text: pages
      .map((page) => page.text)
      .filter((text) => text !== '')
      .join('\n\n'),
    pages,
    needsReview: (fromText?.needsReview ?? false) || fromVision.needsReview,
    hiddenText: fromText?.hiddenText ?? [],
  };
}

/** Which engine the environment asks for; checked before any file is read, loaded only after. */
function chooseEngine(env: LlmEnv): { kind: 'builtin' } | { kind: 'llm'; config: LlmConfig } {
  const name = env.AI_PROVIDER ?? 'builtin';
  if (name === 'builtin' || name === '') return { kind: 'builtin' };
  if (name !== 'openai-compatible') throw new CliError(`${m.unknownProvider}${name}`, 2);
  let config: LlmConfig | null;
  try {
    config = llmConfigFromEnv(env);
  } catch {
    throw new CliError(m.llmConfigMissing, 2);
  }
  if (!config) throw new CliError(m.llmConfigMissing, 2);
  return { kind: 'llm', config };
}

async function loadProvider(engine: ReturnType<typeof chooseEngine>): Promise<GradingProvider> {
  if (engine.kind === 'builtin') return (await loadBuiltin()).builtinProvider;
  return (await loadLlm()).createLlmProvider(engine.config);
}

const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** "3 von 4 Punkten", "1 von 1 Punkt", "offen (4 Punkte)" */
function points(achieved: number | null, max: number | null): string {
  if (max === null)
    return achieved === null ? m.reportPointsOpen : `${numberFormat.format(achieved)} ${m.reportPoints}`;
  const unit = max === 1 ? m.reportPoint : m.reportPointsDative;
  if (achieved === null)
    return `${m.reportPointsOpen} (${numberFormat.format(max)} ${max === 1 ? m.reportPoint : m.reportPoints})`;
  return `${numberFormat.format(achieved)} von ${numberFormat.format(max)} ${unit}`;
}

/** The result's total, or how far the grading got while some tasks are open. */
function totalPoints(result: AnalysisResult): string {
  const partial = partialPointsOf(result);
  if (!partial) return points(result.achieved_points, result.total_points);
  return m.reportPartly(
    points(partial.scored, partial.scoredMax),
    numberFormat.format(partial.scoredMax),
    numberFormat.format(partial.total),
    numberFormat.format(partial.open),
  );
}

function formatError(error: GradingError, indent: string): string[] {
  const deduction =
    error.point_deduction > 0 ? `, ${m.reportDeduction} ${numberFormat.format(error.point_deduction)} P` : '';
  const lines = [`${indent}- ${error.title} (${error.severity}${deduction})`];
  if (error.location?.quoted_text) lines.push(`${indent}  „${error.location.quoted_text}“`);
  if (error.details) lines.push(`${indent}  ${error.details}`);
  if (error.suggestion) lines.push(`${indent}  → ${error.suggestion}`);
  return lines;
}

function section(title: string, items: readonly string[]): string[] {
  if (items.length === 0) return [];
  return ['', title, ...items.map((item) => `  - ${item}`)];
}

/** The readable German report: what a teacher wants to see first, then the details per task. */
function formatReport(result: AnalysisResult): string {
  const lines = [result.title, '='.repeat(Math.max(3, result.title.length))];
  lines.push(
    `${m.reportStudent}: ${result.metadata.student_name} · ${m.reportSubject}: ${result.metadata.subject} · ${m.reportDate}: ${result.metadata.date}`,
    `${totalPoints(result)} · ${m.reportGrade}: ${result.grade ?? m.reportNoGrade}`,
    `${m.reportStatus}: ${result.status === 'suggested' ? m.statusSuggested : m.statusNeedsReview} (${m.reportEngine}: ${result.engine} ${result.engine_version})`,
  );
  lines.push(
    ...section(
      m.reportReviewFlags,
      result.review_flags.map((flag) => flag.message),
    ),
  );
  if (result.tasks.length > 0) {
    lines.push('', m.reportTasks);
    for (const task of result.tasks) {
      lines.push(`  ${task.title}: ${points(task.achieved_points, task.max_points)}`);
      if (task.overall_feedback) lines.push(`    ${task.overall_feedback}`);
      for (const subtask of task.subtasks) {
        const label = /[).:]$/.test(subtask.subtask_label)
          ? subtask.subtask_label
          : `${subtask.subtask_label})`;
        lines.push(
          `    ${label} ${subtask.description}: ${points(subtask.achieved_points, subtask.max_points)}`,
        );
        if (subtask.feedback) lines.push(`      ${subtask.feedback}`);
        if (subtask.errors.length > 0) {
          lines.push(`      ${m.reportErrors}:`);
          for (const error of subtask.errors) lines.push(...formatError(error, '        '));
        }
      }
    }
  }
  if (result.overall_feedback) lines.push('', m.reportFeedback, `  ${result.overall_feedback}`);
  lines.push(...section(m.reportStrengths, result.strengths));
  lines.push(...section(m.reportWeaknesses, result.weaknesses));
  lines.push(...section(m.reportSuggestions, result.general_improvement_suggestions));
  return `${lines.join('\n')}\n`;
}

/**
 * One line of a --jsonl file: the student's typed text and, as a teacher writes it, the Erwartungshorizont;
 * the options of the analysis screen by their API names.
 */
const jsonlItemSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  text: z.string(),
  key: z.string().optional(),
  title: z.string().optional(),
  studentName: z.string().optional(),
  subject: z.string().optional(),
  gradeLevel: z.string().optional(),
  gradingScale: z.enum(gradingScaleIds).optional(),
  date: z.string().optional(),
});

/**
 * Grades every line of a JSONL file with one provider and writes `{ "id", "result" }` or `{ "id", "error" }`
 * per line, in order. A broken line is reported on its own line and does not stop the others.
 */
async function gradeJsonl(
  filePath: string,
  provider: GradingProvider,
  defaults: { subject?: string },
  io: CliIo,
): Promise<number> {
  let lines: AsyncIterable<string>;
  try {
    await access(filePath);
    lines = createInterface({ input: createReadStream(filePath, 'utf8'), crlfDelay: Infinity });
  } catch {
    throw new CliError(`${m.fileUnreadable}${filePath}`, 1);
  }
  let lineNumber = 0;
  let failed = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    let item: z.infer<typeof jsonlItemSchema>;
    try {
      item = jsonlItemSchema.parse(JSON.parse(line));
    } catch {
      failed++;
      io.stdout(`${JSON.stringify({ line: lineNumber, error: m.jsonlLineInvalid(lineNumber) })}\n`);
      continue;
    }
    const id = item.id ?? lineNumber;
    const subject = item.subject ?? defaults.subject;
    try {
      const result = await provider.grade(
        {
          text: item.text,
          ...(item.key !== undefined ? { answerKey: { kind: 'text' as const, text: item.key } } : {}),
          ...(item.title !== undefined ? { title: item.title } : {}),
          ...(item.studentName !== undefined ? { studentName: item.studentName } : {}),
        },
        {
          ...(subject !== undefined ? { subject } : {}),
          ...(item.gradeLevel !== undefined ? { gradeLevel: item.gradeLevel } : {}),
          ...(item.gradingScale !== undefined ? { gradingScale: item.gradingScale } : {}),
          ...(item.date !== undefined ? { date: item.date } : {}),
        },
      );
      io.stdout(`${JSON.stringify({ id, result })}\n`);
    } catch (error) {
      failed++;
      const reason = error instanceof Error ? error.message : String(error);
      io.stdout(`${JSON.stringify({ id, error: `${m.gradingFailed}${reason}` })}\n`);
    }
  }
  return failed > 0 ? 1 : 0;
}

export async function runCli(argv: readonly string[], env: LlmEnv, io: CliIo = defaultIo): Promise<number> {
  try {
    const args = parseCliArgs(argv);
    if (args.help) {
      io.stdout(`${m.usage}\n`);
      return 0;
    }
    if (args.jsonl !== undefined) {
      if (args.files.length > 0 || args.key !== undefined || args.json)
        throw new CliError(`${m.jsonlAlone}\n${m.usage}`, 2);
      const provider = await loadProvider(chooseEngine(env));
      return await gradeJsonl(
        args.jsonl,
        provider,
        args.subject !== undefined ? { subject: args.subject } : {},
        io,
      );
    }
    if (args.files.length === 0) throw new CliError(`${m.noFiles}\n${m.usage}`, 2);
    const engine = chooseEngine(env);

    const files: InputFile[] = [];
    for (const filePath of args.files) files.push(await readInputFile(filePath, m.fileUnreadable));
    const answerKey = args.key !== undefined ? await readAnswerKey(args.key) : undefined;
    const extraction = await extractStudentWork(files, engine.kind === 'llm' ? engine.config : null);
    const provider = await loadProvider(engine);

    const options: GradeOptions = args.subject !== undefined ? { subject: args.subject } : {};
    let result: AnalysisResult;
    try {
      result = await provider.grade(
        { text: extraction.text, extraction, ...(answerKey ? { answerKey } : {}) },
        options,
      );
    } catch (error) {
      throw new CliError(`${m.gradingFailed}${error instanceof Error ? error.message : String(error)}`, 1);
    }
    io.stdout(args.json ? `${JSON.stringify(result, null, 2)}\n` : formatReport(result));
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  } finally {
    // OCR workers keep the process alive otherwise.
    if (extractModule) await (await extractModule).shutdownOcr();
  }
}
