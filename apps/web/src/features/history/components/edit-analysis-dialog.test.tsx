import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { HistoryItem } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { EditAnalysisDialog } from './edit-analysis-dialog';

const sessionUser = { id: 'u1', email: 'ada@example.org', name: 'Ada' };

const item: HistoryItem = {
  id: 'a1',
  status: 'done',
  title: 'Bruchrechnung',
  student_name: 'Max',
  grade_level: '6',
  subject: 'Mathematik',
  grade: '3',
  achieved_points: 2,
  total_points: 4,
  reviewState: 'suggested',
  createdAt: '2026-11-22T10:00:00.000Z',
  courseLink: null,
};

function open(shown: HistoryItem) {
  const onSaved = vi.fn();
  const onView = vi.fn();
  renderScreen(<EditAnalysisDialog item={shown} onClose={() => {}} onSaved={onSaved} onView={onView} />);
  return { onSaved, onView };
}

describe('EditAnalysisDialog', () => {
  it('reads points with the decimal comma and says the range before sending anything', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'PATCH /api/analyses/a1': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ ...item, achieved_points: 1.5 });
      },
    });
    const { onSaved } = open(item);
    const achieved = await screen.findByLabelText('Achieved Points');
    fireEvent.change(achieved, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Bitte eine Zahl zwischen 0 und 4 eingeben (z. B. 1,5).'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    fireEvent.change(achieved, { target: { value: '1,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies).toEqual([expect.objectContaining({ achieved_points: '1,5', total_points: '4' })]);
  });

  it('edits nothing of a confirmed grading and leads to the analysis, where it is reopened', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
    });
    const { onView } = open({ ...item, reviewState: 'confirmed' });
    expect(
      await screen.findByText(/Diese Bewertung ist bestätigt. Um sie zu ändern, öffnen Sie die Analyse/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Achieved Points')).toBeDisabled();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Analyse öffnen' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }));
    expect(calls.filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });
});
