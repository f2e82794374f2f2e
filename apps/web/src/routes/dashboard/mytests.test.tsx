import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  analysisScreenMessages,
  gradeMessages,
  invitationMessages,
  learningProfileMessages as m,
  type AccountType,
  type Profile,
} from '@korrigo/domain';
import { gradeDetail, ids, profile as learningProfile } from '@/features/learning-profile/test/fixtures';
import { json, renderScreen, stubFetch } from '@/test/render';
import MytestsRoute from './mytests';

const sessionUser = { id: 'u1', email: 'mia@example.org', name: 'Mia' };

const account = (accountType: AccountType): Profile => ({
  id: 'u1',
  email: 'mia@example.org',
  emailVerified: true,
  pendingEmail: null,
  displayName: 'Mia',
  createdAt: '2026-08-01T08:00:00.000Z',
  photoURL: null,
  accountType,
  bundesland: '',
  school: '',
  subjects: [],
  classLevel: '7',
  plan: 'free',
  credits: 10,
  usedCredits: 0,
  remainingCredits: 10,
  nextReset: '2026-12-01T00:00:00.000Z',
  usage: {
    companionRequests: { used: 0, limit: 10 },
    testGenerations: { used: 0, limit: 3 },
  },
  subscription: null,
  team: null,
});

const myClasses = {
  classes: [
    {
      id: '00000000-0000-4000-8000-00000000c1a5',
      name: '7b',
      gradeLevel: '7',
      schoolName: 'Gymnasium am Park',
      teachers: ['Frau Berg'],
    },
  ],
  courses: [],
};
const noInvitations = { received: [], sent: [], emailVerified: true };

describe('[LEARNING-PROFILE] the /dashboard/mytests route', () => {
  it('shows a student her classes with joining by a code, since the sidebar has no classes screen for her', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/profile': () => json(account('student')),
      'GET /api/learning-profile': () => json(learningProfile),
      'GET /api/my-classes': () => json(myClasses),
      'GET /api/invitations': () => json(noInvitations),
    });
    renderScreen(<MytestsRoute />);
    const classes = await screen.findByRole('region', { name: invitationMessages.myTitle });
    expect(await within(classes).findByRole('heading', { level: 3, name: '7b' })).toBeInTheDocument();
    expect(within(classes).getByText(`${invitationMessages.teachers}: Frau Berg`)).toBeInTheDocument();
    expect(within(classes).getByLabelText(invitationMessages.enterCode)).toBeInTheDocument();
    // her courses are the learning profile's course cards
    expect(await screen.findByRole('heading', { level: 2, name: m.coursesHeading })).toBeInTheDocument();
  });

  it('shows a student the graded work read-only in the detail overlay', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/profile': () => json(account('student')),
      'GET /api/learning-profile': () => json(learningProfile),
      'GET /api/my-classes': () => json(myClasses),
      'GET /api/invitations': () => json(noInvitations),
      [`GET /api/grades/${ids.analysis(1)}`]: () => json(gradeDetail(1)),
    });
    renderScreen(<MytestsRoute />);
    const table = await screen.findByTestId('grades-table');
    fireEvent.click(within(table).getByRole('button', { name: m.showDetails('Bruchrechnung') }));
    const dialog = await screen.findByRole('dialog', { name: m.detailTitle('Bruchrechnung') });
    expect(await within(dialog).findByTestId('result-grade')).toHaveTextContent('2-');
    expect(within(dialog).getByText('Meist richtig gekürzt.')).toBeInTheDocument();
    expect(within(dialog).getByText('Falsch gekürzt')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: m.detailGradedText })).toBeInTheDocument();
    expect(within(dialog).getByTestId('highlighted-text')).toHaveTextContent('2/4 = 1/3');
    // the teacher's review controls are not there
    expect(within(dialog).queryByRole('button', { name: /bearbeiten|verwerfen|bestätigen/i })).toBeNull();
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByText(analysisScreenMessages.editFeedback)).toBeNull();
  });

  it('tells a teacher calmly that the screen is for students, without asking for a profile', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/profile': () => json(account('teacher')),
    });
    renderScreen(<MytestsRoute />);
    expect(await screen.findByText(gradeMessages.studentsOnly)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(calls).not.toContain('GET /api/learning-profile');
  });
});
