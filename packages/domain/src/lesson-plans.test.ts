import { describe, expect, it } from 'vitest';
import {
  draftFromTemplate,
  germanDateOf,
  lessonPlanInputSchema,
  lessonPlanMessages,
  lessonTemplates,
  phaseMinutesTotal,
  scalePhaseMinutes,
  topicPlaceholder,
} from './lesson-plans';

describe('[LESSONS] templates', () => {
  it('offers at least five structures, each adding up to a 45-minute lesson', () => {
    expect(lessonTemplates.length).toBeGreaterThanOrEqual(5);
    expect(new Set(lessonTemplates.map((t) => t.id)).size).toBe(lessonTemplates.length);
    for (const template of lessonTemplates) {
      expect(phaseMinutesTotal(template.phases), template.id).toBe(45);
      for (const phase of template.phases) {
        expect(phase.content.length, `${template.id} ${phase.name}`).toBeGreaterThan(20);
        expect(phase.method).not.toBe('');
      }
    }
    expect(lessonTemplates.map((t) => t.name)).toContain('Einstieg – Erarbeitung – Sicherung');
  });

  it.each([45, 90, 60, 5, 135])('scales every template to %i minutes exactly', (duration) => {
    for (const template of lessonTemplates) {
      const scaled = scalePhaseMinutes(
        template.phases.map((p) => p.minutes),
        duration,
      );
      expect(
        scaled.reduce((a, b) => a + b, 0),
        template.id,
      ).toBe(duration);
      expect(Math.min(...scaled), template.id).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps the proportions: a double lesson doubles each phase', () => {
    expect(scalePhaseMinutes([5, 25, 15], 90)).toEqual([10, 50, 30]);
    expect(scalePhaseMinutes([5, 25, 15], 45)).toEqual([5, 25, 15]);
    // 60/45 of 5, 25, 15 = 6.67, 33.33, 20: the largest remainder gets the spare minute
    expect(scalePhaseMinutes([5, 25, 15], 60)).toEqual([7, 33, 20]);
  });

  it('makes a draft with the topic put in, the minutes scaled and the status draft', () => {
    const template = lessonTemplates.find((t) => t.id === 'einstieg-erarbeitung-sicherung')!;
    const draft = draftFromTemplate(template, {
      templateId: template.id,
      topic: 'Bruchrechnung',
      gradeLevel: '6',
      subject: 'Mathematik',
      durationMinutes: 90,
    });
    expect(draft).toMatchObject({
      title: 'Bruchrechnung',
      topic: 'Bruchrechnung',
      subject: 'Mathematik',
      gradeLevel: '6',
      status: 'draft',
      templateId: template.id,
      durationMinutes: 90,
    });
    expect(phaseMinutesTotal(draft.phases)).toBe(90);
    expect(draft.phases[0]!.content).toContain('„Bruchrechnung“');
    expect(JSON.stringify(draft)).not.toContain(topicPlaceholder);
    expect(lessonPlanInputSchema.safeParse(draft).success).toBe(true);
  });

  it("takes the template's subject when none is given", () => {
    const template = lessonTemplates.find((t) => t.id === 'schreibkonferenz')!;
    const draft = draftFromTemplate(template, {
      templateId: template.id,
      topic: 'Bildergeschichte',
      gradeLevel: '4',
      subject: '',
      durationMinutes: 45,
    });
    expect(draft.subject).toBe('Deutsch');
  });
});

describe('[LESSONS] the plan input', () => {
  const valid = {
    title: 'Brüche',
    subject: 'Mathematik',
    gradeLevel: '6',
    durationMinutes: 45,
    date: '2026-12-01',
    courseId: null,
    status: 'planned',
    topic: '',
    goals: '',
    phases: [{ name: 'Einstieg', minutes: 50, content: '', method: '', materials: '' }],
    notes: '',
    templateId: null,
  };

  it('accepts phases longer than the lesson (the editor only warns)', () => {
    expect(lessonPlanInputSchema.safeParse(valid).success).toBe(true);
  });

  it('answers in German: title, duration, phases', () => {
    const result = lessonPlanInputSchema.safeParse({ ...valid, title: ' ', durationMinutes: 2, phases: [] });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      title: lessonPlanMessages.titleRequired,
      durationMinutes: lessonPlanMessages.duration,
      phases: lessonPlanMessages.phasesMin,
    });
  });

  it('writes German dates', () => {
    expect(germanDateOf('2026-12-01')).toBe('01.12.2026');
    expect(germanDateOf('2026-11-30T23:30:00.000Z')).toBe('01.12.2026');
  });
});
