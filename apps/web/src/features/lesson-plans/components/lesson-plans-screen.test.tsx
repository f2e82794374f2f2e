import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  draftFromTemplate,
  lessonPlanMessages as m,
  lessonTemplates,
  type LessonPlan,
  type LessonPlanInput,
} from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { LessonPlansScreen } from './lesson-plans-screen';

const session = {
  'GET /api/auth/get-session': () =>
    json({
      session: {},
      user: { id: 't1', email: 'lehrer@schule.de', name: 'Herr Berg', accountType: 'teacher' },
    }),
  'GET /api/config': () =>
    json({
      googleSignIn: false,
      schoolSignIn: [],
      aiProvider: 'builtin',
      aiModels: [],
      defaultAiModel: null,
      paperRetention: { kind: 'school-year' },
    }),
  'GET /api/lesson-plans/templates': () => json(lessonTemplates),
  'GET /api/courses': () => json([]),
};

const template = lessonTemplates[0]!;
const planId = '00000000-0000-4000-8000-0000000000a1';
const courseId = '00000000-0000-4000-8000-0000000000c1';

function savedPlan(overrides: Partial<LessonPlan> = {}): LessonPlan {
  return {
    ...draftFromTemplate(template, {
      templateId: template.id,
      topic: 'Bruchrechnung',
      gradeLevel: '6',
      subject: 'Mathematik',
      durationMinutes: 45,
    }),
    id: planId,
    status: 'planned',
    courseName: null,
    createdAt: '2026-11-30T23:30:00.000Z',
    updatedAt: '2026-11-30T23:30:00.000Z',
    ...overrides,
  };
}

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('[LESSONS] the lesson plans screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts empty, makes a draft from a template and saves it', async () => {
    let saved: LessonPlanInput | null = null;
    const calls = stubFetch({
      ...session,
      'GET /api/lesson-plans': () => json(saved ? [savedPlan(saved)] : []),
      'POST /api/lesson-plans/draft': (init) => {
        const request = bodyOf(init);
        expect(request).toMatchObject({
          templateId: template.id,
          topic: 'Bruchrechnung',
          durationMinutes: 90,
        });
        return json({ draft: draftFromTemplate(template, request as never), source: 'template' });
      },
      'POST /api/lesson-plans': (init) => {
        saved = bodyOf(init) as LessonPlanInput;
        return json(savedPlan(saved), 201);
      },
    });
    renderScreen(<LessonPlansScreen />);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    const cards = await screen.findAllByTestId('lesson-template');
    expect(cards.length).toBeGreaterThanOrEqual(5);

    fireEvent.click(screen.getByRole('button', { name: m.useTemplateFor(template.name) }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(m.draftFromTemplate)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: m.draftCreate }));
    expect(await within(dialog).findByText(m.topicRequired)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(m.fieldTopic), { target: { value: 'Bruchrechnung' } });
    fireEvent.change(within(dialog).getByLabelText(m.fieldDuration), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: m.draftCreate }));

    expect(await screen.findByRole('heading', { level: 1, name: m.editorNew })).toBeInTheDocument();
    expect(screen.getByText(m.draftSourceTemplate)).toBeInTheDocument();
    expect(screen.getByLabelText(m.fieldTitle)).toHaveValue('Bruchrechnung');
    expect(screen.getAllByTestId('lesson-phase')).toHaveLength(template.phases.length);
    expect(screen.getByTestId('minutes-total')).toHaveTextContent(m.minutesTotal(90, 90));

    fireEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByTestId('lesson-plans-table')).toBeInTheDocument();
    expect(saved).toMatchObject({
      title: 'Bruchrechnung',
      durationMinutes: 90,
      status: 'draft',
      templateId: template.id,
    });
    expect(calls).toContain('POST /api/lesson-plans');
  });

  it('shows the table with German dates and statuses, and deletes after confirming', async () => {
    let plans = [
      savedPlan(),
      savedPlan({
        id: '00000000-0000-4000-8000-0000000000a2',
        title: 'Gedichte',
        status: 'completed',
        subject: 'Deutsch',
      }),
    ];
    stubFetch({
      ...session,
      'GET /api/lesson-plans': () => json(plans),
      [`DELETE /api/lesson-plans/${planId}`]: () => {
        plans = plans.filter((plan) => plan.id !== planId);
        return json({ ok: true });
      },
    });
    renderScreen(<LessonPlansScreen />);
    const table = await screen.findByTestId('lesson-plans-table');
    const rows = within(table).getAllByTestId('lesson-plan-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('01.12.2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Geplant')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(m.minutes(45))).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Abgeschlossen')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(m.filterStatus), { target: { value: 'completed' } });
    expect(within(table).getAllByTestId('lesson-plan-row')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(m.filterStatus), { target: { value: 'all' } });

    // the filter unmounted the first row: read it again
    const first = within(table).getAllByTestId('lesson-plan-row')[0]!;
    const actions = within(first).getByRole('group', { name: m.actionsFor('Bruchrechnung') });
    fireEvent.click(within(actions).getByRole('button', { name: m.delete }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(m.deleteTitle('Bruchrechnung'))).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: m.delete }));
    await waitFor(() => expect(within(table).getAllByTestId('lesson-plan-row')).toHaveLength(1));
  });

  it('edits the phases, warns about the minutes, refuses an empty title and guards unsaved changes', async () => {
    const calls = stubFetch({
      ...session,
      'GET /api/lesson-plans': () => json([savedPlan()]),
      // linked to a course that is not among hers (any more): the select still names it
      [`GET /api/lesson-plans/${planId}`]: () => json(savedPlan({ courseId, courseName: 'Mathe 6a' })),
    });
    renderScreen(<LessonPlansScreen />);
    const row = (await screen.findAllByTestId('lesson-plan-row'))[0]!;
    fireEvent.click(within(row).getByRole('button', { name: m.edit }));
    expect(await screen.findByRole('heading', { level: 1, name: m.editorEdit })).toBeInTheDocument();
    expect(screen.getByLabelText(m.fieldCourse)).toHaveDisplayValue('Mathe 6a');
    const total = screen.getByTestId('minutes-total');
    expect(total).toHaveTextContent(m.minutesTotal(45, 45));

    fireEvent.click(screen.getByRole('button', { name: m.addPhase }));
    expect(screen.getAllByTestId('lesson-phase')).toHaveLength(4);
    await waitFor(() => expect(total).toHaveTextContent(m.minutesOver(10)));
    fireEvent.change(screen.getAllByLabelText(m.phaseName)[3]!, { target: { value: 'Hausaufgabe' } });
    fireEvent.click(screen.getByRole('button', { name: m.moveUp(4) }));
    await waitFor(() => expect(screen.getAllByLabelText(m.phaseName)[2]).toHaveValue('Hausaufgabe'));
    expect(screen.getByRole('button', { name: m.moveUp(1) })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: m.removePhase(3) }));
    await waitFor(() => expect(total).toHaveTextContent(m.minutesTotal(45, 45)));

    fireEvent.change(screen.getByLabelText(m.fieldTitle), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.titleRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: m.cancel }));
    const guard = await screen.findByRole('alertdialog');
    expect(within(guard).getByText(m.unsavedTitle)).toBeInTheDocument();
    fireEvent.click(within(guard).getByRole('button', { name: m.keepEditing }));
    expect(screen.getByRole('heading', { level: 1, name: m.editorEdit })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: m.cancel }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: m.discard }));
    expect(await screen.findByTestId('lesson-plans-table')).toBeInTheDocument();
  });
});
