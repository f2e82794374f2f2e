import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analysisResultSchema } from '@korrigo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStandIn, type OpenAiStandIn } from './support/openai-stand-in';

const bin = fileURLToPath(new URL('../bin/korrigo-grade.mjs', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the real bin as a user would, with AI_* taken only from `env` so the host's settings do not leak in. */
function runBin(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('AI_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: repoRoot,
      env: { ...baseEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const studentText = [
  'Name: Jonas Weber',
  'Aufgabe 1 (2 P): Berechne 7 * 8.',
  '7 * 8 = 56',
  'Aufgabe 2 (2 P): Berechne 9 * 6.',
  '9 * 6 = 52',
].join('\n');

const keyText = ['Aufgabe 1: 7 * 8 = 56 (2 P)', 'Aufgabe 2: 9 * 6 = 54 (2 P)'].join('\n');

let dir: string;
let studentFile: string;
let keyFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'korrigo-cli-'));
  studentFile = path.join(dir, 'arbeit.txt');
  keyFile = path.join(dir, 'erwartungshorizont.txt');
  await writeFile(studentFile, studentText, 'utf8');
  await writeFile(keyFile, keyText, 'utf8');
  await writeFile(path.join(dir, 'leer.txt'), '', 'utf8');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Each test starts a fresh process that compiles the engine through tsx and loads OCR, PDF and dictionary
// modules: seconds each, more on a loaded machine. The processes share nothing (each reads its own files and
// prints to its own pipes), so the tests of a block run concurrently: the server project has one vitest worker
// on two cores, and a child process waiting to start on the other core saves most of this file's wall time.
const spawnTimeout = { timeout: 120_000 };

describe.concurrent('korrigo-grade: arguments and errors', spawnTimeout, () => {
  it('prints the usage with --help', async () => {
    const run = await runBin(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Aufruf: korrigo-grade <Dateien…> [--key erwartungshorizont.txt]');
  });

  it('asks for a file when none is given (exit 2)', async () => {
    const run = await runBin([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Bitte gib mindestens eine Datei an.');
  });

  it('names an unknown option in German (exit 2)', async () => {
    const run = await runBin([studentFile, '--punkte', '5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unbekannte Option: --punkte');
  });

  it('reports an unreadable file in German with exit code 1', async () => {
    const missing = path.join(dir, 'fehlt.txt');
    const run = await runBin([missing]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`Datei kann nicht gelesen werden: ${missing}`);
    expect(run.stdout).toBe('');
  });

  it('reports an unreadable key file with exit code 1', async () => {
    const run = await runBin([studentFile, '--key', path.join(dir, 'kein-key.txt')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Erwartungshorizont kann nicht gelesen werden: ');
  });

  it('passes on the extraction error of an empty file with exit code 1', async () => {
    const run = await runBin([path.join(dir, 'leer.txt')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('leer.txt');
    expect(run.stdout).toBe('');
  });

  it('refuses an unknown AI_PROVIDER and an incomplete LLM configuration (exit 2)', async () => {
    const unknown = await runBin([studentFile], { AI_PROVIDER: 'magic' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unbekannter AI_PROVIDER (erlaubt: builtin, openai-compatible): magic');
    const incomplete = await runBin([studentFile], { AI_PROVIDER: 'openai-compatible' });
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toContain('AI_BASE_URL und AI_MODELS');
  });
});

describe.concurrent('korrigo-grade: the builtin engine', spawnTimeout, () => {
  it('prints the result as JSON with --json', async () => {
    const run = await runBin([studentFile, '--key', keyFile, '--subject', 'Mathematik', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = analysisResultSchema.parse(JSON.parse(run.stdout));
    expect(result.engine).toBe('builtin');
    expect(result.metadata.subject).toBe('Mathematik');
    expect(result.total_points).toBe(4);
    expect(result.achieved_points).toBeLessThan(4);
  });

  it('prints a readable German report by default', async () => {
    const run = await runBin([studentFile, '--key', keyFile, '--subject', 'Mathematik']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/von 4 Punkten · Note: /);
    expect(run.stdout).toContain('Fach: Mathematik');
    expect(run.stdout).toContain('Aufgaben');
    expect(run.stdout).not.toMatch(/^\s*[{[]/);
  });
});

describe.concurrent('korrigo-grade --jsonl: many items in one process', spawnTimeout, () => {
  it('writes one JSON line per item, in order, and reports a broken line without stopping', async () => {
    const file = path.join(dir, 'items.jsonl');
    const items = [
      { id: 'a', text: studentText, key: keyText, subject: 'Mathematik', date: '2025-03-12' },
      'kein JSON',
      {
        id: 'b',
        text: 'Aufgabe 1\nDie Leber entgiftet das Blut.',
        key: 'Aufgabe 1 (2 P)\nDie Leber entgiftet das Blut (1 P) und bildet Galle (1 P).',
      },
    ];
    await writeFile(
      file,
      items.map((i) => (typeof i === 'string' ? i : JSON.stringify(i))).join('\n'),
      'utf8',
    );
    const run = await runBin(['--jsonl', file]);
    expect(run.code).toBe(1);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]!.id).toBe('a');
    const first = analysisResultSchema.parse(lines[0]!.result);
    expect([first.achieved_points, first.total_points, first.metadata.date]).toEqual([2, 4, '2025-03-12']);
    expect(lines[1]).toEqual({
      line: 2,
      error: expect.stringContaining('Zeile 2 ist kein gültiges JSON-Objekt'),
    });
    const third = analysisResultSchema.parse(lines[2]!.result);
    expect([third.achieved_points, third.total_points]).toEqual([1, 2]);
  });

  it('refuses files or --key beside --jsonl (exit 2)', async () => {
    const run = await runBin(['--jsonl', 'x.jsonl', studentFile]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--jsonl steht allein');
  });
});

// not concurrent: a test reads the stand-in's last request, which must be its own
describe('korrigo-grade: the LLM provider through AI_* settings', spawnTimeout, () => {
  let standIn: OpenAiStandIn;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn(() => ({
      kind: 'content',
      content: JSON.stringify({
        title: 'Einmaleins',
        achieved_points: 2,
        total_points: 4,
        metadata: { subject: 'Mathematik', student_name: 'Jonas Weber', grade_level: '3', date: '' },
        tasks: [
          {
            title: 'Aufgabe 1',
            achieved_points: 2,
            max_points: 2,
            overall_feedback: 'Richtig.',
            subtasks: [],
          },
          {
            title: 'Aufgabe 2',
            achieved_points: 0,
            max_points: 2,
            overall_feedback: 'Falsches Ergebnis.',
            subtasks: [
              {
                subtask_label: 'a',
                description: '9 * 6',
                achieved_points: 0,
                max_points: 2,
                feedback: '9 * 6 ist 54.',
                improvement_suggestion: 'Neunerreihe üben.',
                errors: [
                  {
                    title: 'Rechenfehler',
                    point_deduction: 2,
                    details: '9 * 6 = 54, nicht 52.',
                    suggestion: '54',
                    severity: 'severe',
                    message: 'Falsches Ergebnis',
                    location: { type: 'text', start: 0, end: 2, quoted_text: '52' },
                    category: 'maths',
                  },
                ],
              },
            ],
          },
        ],
        overall_feedback: 'Aufgabe 1 richtig, Aufgabe 2 verrechnet.',
        strengths: ['Aufgabe 1 sicher'],
        weaknesses: ['Aufgabe 2: 9 * 6'],
        general_improvement_suggestions: ['Neunerreihe üben'],
        evaluation_criteria: { rubrics: [], competencies: [] },
      }),
    }));
  });

  afterAll(async () => {
    await standIn.close();
  });

  const llmEnv = () => ({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: standIn.baseURL,
    AI_API_KEY: 'sk-cli-test',
    AI_MODELS: 'mini-alt,mini,gross',
  });

  it('grades through the configured endpoint and prints the German report', async () => {
    const run = await runBin([studentFile, '--key', keyFile, '--subject', 'Mathematik'], llmEnv());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const request = standIn.requests.at(-1)!;
    expect(request.body.model).toBe('mini');
    expect(request.headers.authorization).toBe('Bearer sk-cli-test');
    expect(JSON.stringify(request.body.messages)).toContain('9 * 6 = 52');
    expect(run.stdout).toContain('Einmaleins');
    expect(run.stdout).toContain('2 von 4 Punkten · Note: 4-');
    expect(run.stdout).toContain('Aufgabe 2: 0 von 2 Punkten');
    expect(run.stdout).toContain('- Rechenfehler (severe, Abzug 2 P)');
    expect(run.stdout).toContain('„52“');
    expect(run.stdout).toContain('Stärken\n  - Aufgabe 1 sicher');
  });

  it('prints the LLM result as JSON with --json', async () => {
    const run = await runBin([studentFile, '--json'], llmEnv());
    expect(run.code).toBe(0);
    const result = analysisResultSchema.parse(JSON.parse(run.stdout));
    expect(result.engine).toBe('llm');
    expect(result.achieved_points).toBe(2);
    expect(result.grade).toBe('4-');
    const location = result.tasks[1]!.subtasks[0]!.errors[0]!.location!;
    expect(studentText.slice(location.start, location.end)).toBe('52');
  });
});
