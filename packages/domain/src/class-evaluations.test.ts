import { describe, expect, it } from 'vitest';
import { classEvaluationMessages, createClassEvaluationFieldsSchema } from './class-evaluations';

const courseId = '0b7f5d1e-2f43-4a53-9f7e-3f2f4a0c9d11';

describe('createClassEvaluationFieldsSchema', () => {
  it('reads the auto-detection toggle from a multipart text field and from JSON', () => {
    const read = (autoDetect: unknown) =>
      createClassEvaluationFieldsSchema.parse({ courseId, autoDetect }).autoDetect;
    expect(read('false')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read(false)).toBe(false);
    expect(read(undefined)).toBe(true);
  });

  it('names the course first when it is missing, and checks the page count', () => {
    const missing = createClassEvaluationFieldsSchema.safeParse({});
    expect(missing.error?.issues[0]?.message).toBe(classEvaluationMessages.courseRequired);
    const pages = createClassEvaluationFieldsSchema.safeParse({ courseId, pagesPerPaper: '0' });
    expect(pages.error?.issues[0]?.message).toBe(classEvaluationMessages.pagesPerPaperInvalid);
    expect(createClassEvaluationFieldsSchema.parse({ courseId, pagesPerPaper: '2' }).pagesPerPaper).toBe(2);
  });
});
