import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderScreen, stubFetch } from '@/test/render';
import { teamTexts } from '../content/team-texts';
import { TeamLibrary } from './team-library';

const team = {
  id: '9d1c1a52-8c1e-4d53-9a0e-1f2a3b4c5d6e',
  name: 'Fachschaft Mathe',
  ownerName: 'Frau Berg',
  isOwner: false,
  maxMembers: 5,
  members: [],
  invitations: [],
};
const summary = {
  id: 't1',
  title: 'Brüche üben',
  subject: 'Mathematik',
  grade: '6. Klasse',
  topic: 'Brüche',
  questionCount: 1,
  lastSaved: '2026-11-20T08:00:00Z',
  ownerName: 'Frau Berg',
  isMine: false,
};

describe('[TEAMS] Team-Bibliothek', () => {
  it('tells a teacher outside a team where teams are made', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/team': () => json({ team: null, canCreate: false }),
      'GET /api/team/tests': () => json([]),
    });
    renderScreen(<TeamLibrary userId="me" />);
    expect(await screen.findByText(teamTexts.libraryNoTeam)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: teamTexts.libraryNoTeamLink })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('shows an empty library', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/team': () => json({ team, canCreate: false }),
      'GET /api/team/tests': () => json([]),
    });
    renderScreen(<TeamLibrary userId="me" />);
    expect(await screen.findByText(teamTexts.libraryEmpty)).toBeInTheDocument();
  });

  it('reads a colleague’s test and duplicates it into my tests', async () => {
    const duplicated: string[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/team': () => json({ team, canCreate: false }),
      'GET /api/team/tests': () => json([summary]),
      'GET /api/team/tests/t1': () =>
        json({
          id: 't1',
          title: 'Brüche üben',
          subject: 'Mathematik',
          grade: '6. Klasse',
          testType: 'Kombiniert',
          duration: 45,
          topic: 'Brüche',
          learningObjectives: '',
          lastSaved: '2026-11-20T08:00:00Z',
          userId: 'other',
          questions: [
            {
              id: 'q1',
              text: 'Was ist 1/2 + 1/4?',
              type: 'open',
              options: [],
              correctAnswer: '3/4',
              points: 2,
              orderIndex: 0,
              correctionTemplate: '',
              resources: [],
              matchingPairs: [],
            },
          ],
          resources: [],
          ownerName: 'Frau Berg',
          isMine: false,
        }),
      'POST /api/team/tests/t1/duplicate': () => {
        duplicated.push('t1');
        return json({ id: 'copy', title: 'Brüche üben (Kopie)' }, 201);
      },
      'GET /api/tests/me': () => json([]),
    });
    renderScreen(<TeamLibrary userId="me" />);
    const card = await screen.findByTestId('team-test-card');
    expect(within(card).getByText(/^von Frau Berg · 1 Frage · /)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: teamTexts.viewLabel('Brüche üben') }));
    const dialog = await screen.findByRole('dialog', { name: 'Brüche üben' });
    expect(await within(dialog).findByText('Was ist 1/2 + 1/4?')).toBeInTheDocument();
    expect(within(dialog).getByText(teamTexts.readOnly)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));

    await userEvent.click(
      within(card).getByRole('button', { name: teamTexts.duplicateLabel('Brüche üben') }),
    );
    await waitFor(() => expect(duplicated).toEqual(['t1']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
