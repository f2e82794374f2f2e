import { describe, expect, it } from 'vitest';
import { finalise, grade } from '../index';

// a pupil's own text, typed without an Erwartungshorizont: the engine checks language, nobody sets points
const text = 'Ich glaube das wir morgen einen Test schreiben. Ich hoffe, dass ich gut vorbereitet bin.';
const teacherWords = /\bSie\b|legen Sie|prüfen Sie/;

describe('addressReader: a self-check speaks to the pupil', () => {
  it('tells the teacher to set the points, and the pupil that points need a key', async () => {
    const forTeacher = JSON.stringify(await grade({ text }, { date: '2026-11-24' }));
    expect(forTeacher).toMatch(/die Punkte legen Sie fest/);

    const result = await grade({ text }, { date: '2026-11-24', audience: 'student' });
    expect(result.audience).toBe('student');
    const forPupil = JSON.stringify(result);
    expect(forPupil).not.toMatch(teacherWords);
    expect(forPupil).toContain('Punkte gibt es dafür nur mit einem Erwartungshorizont.');
    // her own words stay as she wrote them
    expect(result.tasks.flatMap((task) => task.subtasks.flatMap((s) => s.errors)).length).toBeGreaterThan(0);
  });

  it('keeps speaking to her after a change runs the finalise step again', async () => {
    const result = await grade({ text }, { date: '2026-11-24', audience: 'student' });
    expect(JSON.stringify(finalise(result, { before: result }))).not.toMatch(teacherWords);
  });
});
