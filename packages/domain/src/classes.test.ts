import { describe, expect, it } from 'vitest';
import { classMessages, createClassRequestSchema } from './classes';

describe('[CLASSES] the new class form', () => {
  it("gives the spec's messages in the spec's order: school first, then the required fields", () => {
    const result = createClassRequestSchema.safeParse({ schoolId: '', name: '', gradeLevel: ' ' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      classMessages.schoolRequired,
      classMessages.requiredFields,
      classMessages.requiredFields,
    ]);
  });
});
