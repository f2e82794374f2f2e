import { describe, expect, it } from 'vitest';
import { classMessages, createClassRequestSchema, parseRosterList } from './classes';

describe('[CLASSES] roster lists and the new class form', () => {
  it('reads one student per line with an optional e-mail in the usual shapes', () => {
    expect(
      parseRosterList(
        'Anna Schmidt, anna@example.de\n\n  Ben Weber  \nCarla Roth <carla@example.de>\nDavid\tdavid@example.de\nanna@example.de\nben weber\nemil@example.de',
      ),
    ).toEqual([
      { name: 'Anna Schmidt', email: 'anna@example.de' },
      { name: 'Ben Weber' },
      { name: 'Carla Roth', email: 'carla@example.de' },
      { name: 'David', email: 'david@example.de' },
      { name: 'emil@example.de', email: 'emil@example.de' },
    ]);
  });

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
