import { z } from 'zod';
import {
  analysisMessages,
  analysisOptionsSchema,
  analysisUploadLimits,
  createAnalysisFieldsSchema,
  type AnalysisOptions,
  type SavedTest,
} from '@korrigo/domain';

export const inputMethods = ['manual', 'select', 'class'] as const;
export type InputMethod = (typeof inputMethods)[number];

const allowedExtensions = analysisUploadLimits.accept.split(',');

/** The picker filters by extension; a drop can bring anything, so both the type and the name are checked. */
export function isAllowedFile(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  const byExtension = allowedExtensions.some((extension) => name.endsWith(extension));
  const byType = (analysisUploadLimits.mimeTypes as readonly string[]).includes(file.type);
  return file.type ? byType && byExtension : byExtension;
}

export type FileAddition = { files: File[]; notices: string[]; error: string | null };

/**
 * spec 001 §5: files of other types are ignored with a notice; more than 3 files or more than 9 MB in total
 * refuse the whole addition so the teacher sees exactly which files are in.
 */
export function addFiles(current: File[], incoming: File[]): FileAddition {
  const allowed = incoming.filter(isAllowedFile);
  const notices = allowed.length < incoming.length ? [analysisMessages.ignoredFiles] : [];
  const next = [...current, ...allowed];
  if (next.length > analysisUploadLimits.maxFiles) {
    return { files: current, notices, error: analysisMessages.tooManyFiles };
  }
  const total = next.reduce((sum, file) => sum + file.size, 0);
  if (total > analysisUploadLimits.maxTotalBytes) {
    return { files: current, notices, error: analysisMessages.totalTooLarge };
  }
  return { files: next, notices, error: null };
}

export type SubmitInput = {
  method: InputMethod;
  text: string;
  files: File[];
  selectedTestId: string | null;
};

/** spec 001 §5: the message that blocks the analysis, or null when it may start. */
export function validateSubmit({ method, text, files, selectedTestId }: SubmitInput): string | null {
  if (method === 'select' && !selectedTestId) return analysisMessages.selectTestFirst;
  if (!text.trim() && files.length === 0 && !selectedTestId) return analysisMessages.emptyInput;
  return null;
}

/**
 * The analyse screen's form: the fields of `POST /api/analyses` as the domain checks them, plus what only
 * the screen has (the method tab, the picked files). Then spec 001 §5's blocking message, in its order.
 */
const fields = createAnalysisFieldsSchema.shape;
export const analyseFormSchema = z
  .object({
    // the domain's own checks without their defaults: the form always holds every value
    title: fields.title.unwrap(),
    studentName: fields.studentName.unwrap(),
    text: fields.text.unwrap(),
    answerKeyText: fields.answerKeyText.unwrap(),
    options: z.custom<AnalysisOptions>((value) => analysisOptionsSchema.safeParse(value).success),
    method: z.enum(inputMethods),
    files: z.array(z.custom<File>((value) => value instanceof Blob)),
    selectedTestId: z.string().min(1).nullable(),
  })
  .superRefine((values, context) => {
    const message = validateSubmit(values);
    if (!message) return;
    const path = message === analysisMessages.selectTestFirst ? 'selectedTestId' : 'text';
    context.addIssue({ code: 'custom', message, path: [path] });
  });
export type AnalyseFormValues = z.output<typeof analyseFormSchema>;

/** An empty form: no text, no files, no test, the screen's default options. */
export function emptyAnalyseForm(method: InputMethod = 'manual'): AnalyseFormValues {
  return {
    method,
    title: '',
    studentName: '',
    text: '',
    files: [],
    selectedTestId: null,
    answerKeyText: '',
    options: analysisOptionsSchema.parse({}),
  };
}
export function filterTests(tests: SavedTest[], query: string): SavedTest[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return tests;
  return tests.filter((test) =>
    [test.title, test.subject, test.topic, test.grade].some((field) => field.toLowerCase().includes(needle)),
  );
}
