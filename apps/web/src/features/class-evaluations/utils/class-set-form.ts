import { classEvaluationLimits, classEvaluationMessages as m } from '@korrigo/domain';

export type KeySource = 'test' | 'text' | 'file';

/** One pupil's paper when papers are uploaded one by one: a file, or text typed on a computer. */
export type StudentPaper = { mode: 'file' | 'text'; file: File | null; text: string };

export type ClassSetForm = {
  courseId: string | null;
  testName: string;
  keySource: KeySource;
  selectedTestId: string;
  keyText: string;
  keyFile: File | null;
  /** spec 001 §2 'auto-detection toggle': on, one scanned stack split by the names; off, a paper per pupil */
  autoDetect: boolean;
  stackFiles: File[];
  pagesPerPaper: string;
  perStudent: Record<string, StudentPaper>;
};

export const emptyClassSetForm = (): ClassSetForm => ({
  courseId: null,
  testName: '',
  keySource: 'test',
  selectedTestId: '',
  keyText: '',
  keyFile: null,
  autoDetect: true,
  stackFiles: [],
  pagesPerPaper: '',
  perStudent: {},
});

export type ClassSetField = 'course' | 'key' | 'files' | 'pagesPerPaper';
/** Messages by field, in the order of the form (spec 001 §5: course, test, files). */
export type ClassSetErrors = Partial<Record<ClassSetField, string>>;
export const fieldOrder: ClassSetField[] = ['course', 'key', 'files', 'pagesPerPaper'];

const readable = /\.(pdf|docx|txt|jpe?g|png)$/i;
const stackReadable = /\.(pdf|jpe?g|png)$/i;

/** The papers a per-pupil upload sends: pupils with a file, or with typed text. */
export function filledPapers(form: ClassSetForm, studentIds: string[]) {
  return studentIds.filter((id) => {
    const paper = form.perStudent[id];
    if (!paper) return false;
    return paper.mode === 'file' ? paper.file !== null : paper.text.trim() !== '';
  });
}

/** Every file the form would upload (the key, the stack or the pupils' files). */
export function uploadFiles(form: ClassSetForm, studentIds: string[]): File[] {
  const files: File[] = [];
  if (form.keySource === 'file' && form.keyFile) files.push(form.keyFile);
  if (form.autoDetect) files.push(...form.stackFiles);
  else {
    for (const id of filledPapers(form, studentIds)) {
      const paper = form.perStudent[id]!;
      if (paper.mode === 'file' && paper.file) files.push(paper.file);
    }
  }
  return files;
}

/**
 * The modal's checks before anything is sent (spec 001 §5: a course and at least one file; a class set also
 * needs a key). The contract's messages, so the modal says what the server would say.
 */
export function validateClassSet(form: ClassSetForm, studentIds: string[]): ClassSetErrors {
  const errors: ClassSetErrors = {};
  if (!form.courseId) errors.course = m.courseRequired;

  if (
    (form.keySource === 'test' && !form.selectedTestId) ||
    (form.keySource === 'text' && !form.keyText.trim()) ||
    (form.keySource === 'file' && !form.keyFile)
  ) {
    errors.key = m.keyRequired;
  } else if (form.keySource === 'file' && form.keyFile && !readable.test(form.keyFile.name)) {
    errors.key = m.unsupportedFile(form.keyFile.name);
  }

  const papers = form.autoDetect ? form.stackFiles.length : filledPapers(form, studentIds).length;
  if (papers === 0) errors.files = m.filesRequired;
  else if (!form.autoDetect && papers > classEvaluationLimits.maxPapers) errors.files = m.tooManyPapers;

  const files = uploadFiles(form, studentIds);
  if (!errors.files) {
    const pattern = form.autoDetect ? stackReadable : readable;
    const candidates = form.autoDetect ? form.stackFiles : files.filter((file) => file !== form.keyFile);
    const unreadable = candidates.find((file) => !pattern.test(file.name));
    const tooLarge = files.find((file) => file.size > classEvaluationLimits.maxFileBytes);
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (unreadable) errors.files = m.unsupportedFile(unreadable.name);
    else if (files.length > classEvaluationLimits.maxFiles) errors.files = m.tooManyFiles;
    else if (tooLarge) errors.files = m.fileTooLarge(tooLarge.name);
    else if (total > classEvaluationLimits.maxTotalBytes) errors.files = m.totalTooLarge;
  }

  if (form.autoDetect && form.pagesPerPaper.trim() !== '') {
    const pages = Number(form.pagesPerPaper);
    if (!Number.isInteger(pages) || pages < 1 || pages > classEvaluationLimits.maxPagesPerPaper) {
      errors.pagesPerPaper = m.pagesPerPaperInvalid;
    }
  }
  return errors;
}

/** The server's field names (createClassEvaluationFieldsSchema) mapped to the modal's fields. */
export function fieldOfServerError(path: string): ClassSetField | null {
  if (path === 'courseId') return 'course';
  if (path === 'selectedTestId' || path === 'teacherContent') return 'key';
  if (path === 'pagesPerPaper') return 'pagesPerPaper';
  if (path === 'files' || path.startsWith('studentData')) return 'files';
  return null;
}

/**
 * The multipart body of POST /api/class-evaluations (spec 001 §7 /evaluate-class): `teacher_…` is the key,
 * `{studentId}_…` a pupil's paper, `stack_…` the scanned stack.
 */
export function classSetFormData(form: ClassSetForm, studentIds: string[]): FormData {
  const data = new FormData();
  data.append('courseId', form.courseId ?? '');
  data.append('testName', form.testName.trim());
  if (form.keySource === 'test') data.append('selectedTestId', form.selectedTestId);
  if (form.keySource === 'text') data.append('teacherContent', form.keyText);
  if (form.keySource === 'file' && form.keyFile) {
    data.append('files', form.keyFile, `teacher_${form.keyFile.name}`);
  }
  data.append('options', JSON.stringify({}));
  if (form.autoDetect) {
    // the server reads the field with z.coerce.boolean, so only the stack mode sends it (and only as 'true')
    data.append('autoDetect', 'true');
    if (form.pagesPerPaper.trim() !== '') data.append('pagesPerPaper', form.pagesPerPaper.trim());
    form.stackFiles.forEach((file, index) => {
      // the index keeps the stack's order and its names apart when two photos share a name
      data.append('files', file, `stack_${String(index + 1).padStart(3, '0')}_${file.name}`);
    });
    return data;
  }
  const studentData: { studentId: string; text: string }[] = [];
  for (const id of filledPapers(form, studentIds)) {
    const paper = form.perStudent[id]!;
    if (paper.mode === 'text') studentData.push({ studentId: id, text: paper.text });
    else if (paper.file) data.append('files', paper.file, `${id}_${paper.file.name}`);
  }
  data.append('studentData', JSON.stringify(studentData));
  return data;
}
