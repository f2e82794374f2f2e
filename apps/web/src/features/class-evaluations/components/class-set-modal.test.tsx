import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { classEvaluationMessages as m, classEvaluationScreenMessages as t } from '@korrigo/domain';
import { ApiClientError } from '@/lib/api-client';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { createClassEvaluation } from '../api/class-evaluations';
import { ClassSetModal } from './class-set-modal';

vi.mock('../api/class-evaluations', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/class-evaluations')>()),
  createClassEvaluation: vi.fn(),
}));
const create = vi.mocked(createClassEvaluation);

const mia = '00000000-0000-4000-8000-0000000000a1';
const ben = '00000000-0000-4000-8000-0000000000a2';
const mathe = '00000000-0000-4000-8000-00000000000a';
const evaluationId = '00000000-0000-4000-8000-0000000000e1';

const course = {
  id: mathe,
  schoolId: '00000000-0000-4000-8000-000000000001',
  schoolName: 'Schule',
  classIds: ['00000000-0000-4000-8000-000000000002'],
  classNames: ['7b'],
  name: 'Mathe 7b',
  subject: 'Mathematik',
  description: '',
  classroom: '',
  schedule: [],
  startDate: null,
  endDate: null,
  archived: false,
  students: [
    { id: mia, name: 'Mia Kowalski' },
    { id: ben, name: 'Ben Yilmaz' },
  ],
  teachers: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u1',
  lms: null,
};

/** `countsCredits`: a plan that counts credits; the class-set plans of today grade without limit */
function renderModal(countsCredits = false) {
  stubFetch({
    'GET /api/auth/get-session': () =>
      json({ session: {}, user: { id: 'u1', email: 'a@b.de', name: 'Ada' } }),
    'GET /api/courses': () => json([course]),
    'GET /api/tests/u1': () => json([]),
  });
  return renderRoutes(
    [
      {
        path: '/',
        element: <ClassSetModal open onOpenChange={() => undefined} countsCredits={countsCredits} />,
      },
      { path: '/dashboard/class-evaluations/:id', element: <p>Set-Seite</p> },
    ],
    '/',
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: t.submit }));

afterEach(() => create.mockReset());

describe('ClassSetModal (spec 001 §2 Kurs bewerten, §5)', () => {
  it('names each missing part beside its field, in the form’s order, and sends nothing', async () => {
    renderModal();
    await screen.findByRole('radio', { name: /Mathe 7b/ });
    submit();

    expect(await screen.findByText(m.courseRequired)).toBeInTheDocument();
    expect(screen.getByText(m.keyRequired)).toBeInTheDocument();
    expect(screen.getByText(m.filesRequired)).toBeInTheDocument();
    // focus goes to the first field with a problem: the course
    expect(screen.getByRole('radio', { name: /Mathe 7b/ })).toHaveFocus();
    // a plan without limit counts no credits, and the summary names none (issue 34 §8)
    expect(screen.getByTestId('class-set-summary')).not.toHaveTextContent('Credit');
    expect(screen.getByLabelText(t.keyTestLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(create).not.toHaveBeenCalled();

    // a page count outside 1..20 is refused with the contract's message
    fireEvent.change(screen.getByLabelText(t.pagesPerPaperLabel), { target: { value: '25' } });
    submit();
    expect(await screen.findByText(m.pagesPerPaperInvalid)).toBeInTheDocument();
  });

  it('sends typed papers per pupil, shows a 402 in German and keeps everything entered', async () => {
    create.mockRejectedValueOnce(new ApiClientError(402, 'insufficient_credits', m.notEnoughCredits(1, 0)));
    renderModal(true);
    fireEvent.click(await screen.findByRole('radio', { name: /Mathe 7b/ }));
    fireEvent.click(screen.getByRole('radio', { name: t.keySources.text }));
    fireEvent.change(screen.getByLabelText(t.keyTextLabel), { target: { value: '1a) 42' } });
    fireEvent.click(screen.getByRole('switch', { name: new RegExp(t.autoDetect) }));

    // per pupil: one row per participant of the course
    expect(screen.getByText('Ben Yilmaz')).toBeInTheDocument();
    const miaRow = screen.getByText('Mia Kowalski').closest('li')!;
    fireEvent.click(within(miaRow).getByRole('checkbox', { name: t.perStudentTextToggle }));
    fireEvent.change(within(miaRow).getByLabelText(t.perStudentText('Mia Kowalski')), {
      target: { value: 'Meine Antwort: 42' },
    });
    expect(screen.getByTestId('class-set-summary')).toHaveTextContent(t.summaryCreditsPerStudent(1));

    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(m.notEnoughCredits(1, 0));
    const form = create.mock.calls[0]![0];
    expect(form.get('courseId')).toBe(mathe);
    expect(form.get('teacherContent')).toBe('1a) 42');
    expect(form.get('selectedTestId')).toBeNull();
    expect(JSON.parse(String(form.get('studentData')))).toEqual([
      { studentId: mia, text: 'Meine Antwort: 42' },
    ]);
    // nothing the teacher entered is lost
    expect(screen.getByLabelText(t.keyTextLabel)).toHaveValue('1a) 42');
    expect(within(miaRow).getByLabelText(t.perStudentText('Mia Kowalski'))).toHaveValue('Meine Antwort: 42');
    expect(screen.getByRole('link', { name: t.toPricing })).toHaveAttribute('href', '/pricing');
  });

  it('uploads the stack as stack_ files in order and opens the set screen on 202', async () => {
    create.mockResolvedValueOnce({ evaluationId });
    const { router } = renderModal();
    fireEvent.click(await screen.findByRole('radio', { name: /Mathe 7b/ }));
    fireEvent.click(screen.getByRole('radio', { name: t.keySources.text }));
    fireEvent.change(screen.getByLabelText(t.keyTextLabel), { target: { value: 'Lösung' } });
    const first = new File(['a'], 'seite1.jpg', { type: 'image/jpeg' });
    const second = new File(['bb'], 'seite2.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText(t.batchLabel), { target: { files: [first, second] } });
    fireEvent.change(screen.getByLabelText(t.pagesPerPaperLabel), { target: { value: '2' } });
    expect(screen.getByTestId('class-set-summary')).toHaveTextContent(t.summaryStack(2));

    submit();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/class-evaluations/${evaluationId}`),
    );
    const form = create.mock.calls[0]![0];
    const names = form.getAll('files').map((file) => (file as File).name);
    expect(names).toEqual(['stack_001_seite1.jpg', 'stack_002_seite2.jpg']);
    expect(form.get('autoDetect')).toBe('true');
    expect(form.get('pagesPerPaper')).toBe('2');
  });

  it('refuses a stack file that cannot be read', async () => {
    renderModal();
    fireEvent.click(await screen.findByRole('radio', { name: /Mathe 7b/ }));
    fireEvent.click(screen.getByRole('radio', { name: t.keySources.text }));
    fireEvent.change(screen.getByLabelText(t.keyTextLabel), { target: { value: 'Lösung' } });
    fireEvent.change(screen.getByLabelText(t.batchLabel), {
      target: { files: [new File(['x'], 'notizen.odt')] },
    });
    submit();
    expect(await screen.findByText(m.unsupportedFile('notizen.odt'))).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});
