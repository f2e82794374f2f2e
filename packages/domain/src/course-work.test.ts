import { describe, expect, it } from 'vitest';
import {
  assignmentStatusOptions,
  courseWorkMessages,
  createAssignmentRequestSchema,
  createExamRequestSchema,
  createMaterialRequestSchema,
  examStatusLabels,
  examStatusOptions,
  newAssignmentDefaults,
  newExamDefaults,
  updateAssignmentRequestSchema,
} from './course-work';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('[COURSE WORK] defaults and validation', () => {
  const now = new Date(2026, 10, 24, 9, 30);

  it('starts a new assignment at 10 points, due tomorrow, announced (spec 001 §4, §9)', () => {
    const values = newAssignmentDefaults(now);
    expect(values.points).toBe(10);
    expect(new Date(values.dueDate).getTime() - now.getTime()).toBe(24 * 60 * 60 * 1000);
    expect(values.status).toBe('announced');
    expect(assignmentStatusOptions).not.toContain('announced');
  });

  it('starts a new exam planned, in 7 days; the options read Geplant, Angekündigt, Abgeschlossen', () => {
    expect(newExamDefaults(now)).toMatchObject({ date: '2026-12-01', status: 'planned' });
    expect(examStatusOptions.map((status) => examStatusLabels[status])).toEqual([
      'Geplant',
      'Angekündigt',
      'Abgeschlossen',
    ]);
  });

  it('needs a title, points from 0 and a due date with time; the server sets the status', () => {
    const valid = { title: 'Referat', points: 0, dueDate: '2026-11-25T09:30:00.000Z' };
    expect(createAssignmentRequestSchema.parse(valid)).toMatchObject({ status: 'announced', links: [] });
    expect(firstMessage(createAssignmentRequestSchema.safeParse({ ...valid, title: '  ' }))).toBe(
      courseWorkMessages.titleRequired,
    );
    expect(firstMessage(createAssignmentRequestSchema.safeParse({ ...valid, points: -1 }))).toBe(
      courseWorkMessages.pointsInvalid,
    );
    expect(firstMessage(createAssignmentRequestSchema.safeParse({ ...valid, dueDate: '2026-11-25' }))).toBe(
      courseWorkMessages.dueDateInvalid,
    );
  });

  it('takes only http and https links and never a client id', () => {
    expect(updateAssignmentRequestSchema.safeParse({ links: ['https://example.org/a'] }).success).toBe(true);
    for (const link of ['javascript:alert(1)', 'ftp://example.org', 'example.org', 'data:text/html,x']) {
      expect(firstMessage(updateAssignmentRequestSchema.safeParse({ links: [link] }))).toBe(
        courseWorkMessages.linkInvalid,
      );
    }
    expect(updateAssignmentRequestSchema.safeParse({ id: 'temp_abc' }).success).toBe(false);
  });

  it('needs an exam name and a material title and type', () => {
    expect(firstMessage(createExamRequestSchema.safeParse({ name: '', date: '2026-12-01' }))).toBe(
      courseWorkMessages.nameRequired,
    );
    expect(createExamRequestSchema.parse({ name: 'Klausur', date: '2026-12-01' }).status).toBe('planned');
    expect(firstMessage(createMaterialRequestSchema.safeParse({ title: 'Skript' }))).toBe(
      courseWorkMessages.typeRequired,
    );
    expect(firstMessage(createMaterialRequestSchema.safeParse({ title: '', type: 'lecture' }))).toBe(
      courseWorkMessages.titleRequired,
    );
  });
});
