import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ltiSettingsMessages, privacyMessages, type AccountType, type Profile } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import ProfileRoute from './profile';

const account = (accountType: AccountType): Profile => ({
  id: 'u1',
  email: 'berg@example.org',
  emailVerified: true,
  pendingEmail: null,
  displayName: 'Frau Berg',
  createdAt: '2026-08-01T08:00:00.000Z',
  photoURL: null,
  accountType,
  bundesland: '',
  school: '',
  subjects: [],
  classLevel: accountType === 'student' ? '7' : '',
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

/** The profile's own requests; the other sections' are not answered here (their tests are theirs). */
const signedIn = (accountType: AccountType) =>
  stubFetch({
    'GET /api/auth/get-session': () =>
      json({ session: {}, user: { id: 'u1', email: 'berg@example.org', name: 'Frau Berg' } }),
    'GET /api/profile': () => json(account(accountType)),
    'GET /api/lti/tool': () =>
      json({
        launchUrl: 'https://korrigo.schule.de/lti/launch',
        loginUrl: 'https://korrigo.schule.de/lti/login',
        jwksUrl: 'https://korrigo.schule.de/lti/jwks',
        redirectUrl: 'https://korrigo.schule.de/lti/launch',
        registrationUrl: 'https://korrigo.schule.de/lti/register?k=abc',
        registrationUrlExpiresAt: '2026-11-29T12:00:00.000Z',
        publicUrlSet: true,
      }),
    'GET /api/lti/registrations': () => json([]),
  });

describe('[LTI] the profile shows „Lernplattform (LTI)“ to teachers only', () => {
  it('a teacher finds the section in her profile', async () => {
    signedIn('teacher');
    renderScreen(<ProfileRoute />, { path: '/profile' });
    expect(
      await screen.findByRole('heading', { level: 2, name: ltiSettingsMessages.title }),
    ).toBeInTheDocument();
  });

  it('a pupil never sees it, and her profile asks nothing of the LMS routes', async () => {
    const calls = signedIn('student');
    renderScreen(<ProfileRoute />, { path: '/profile' });
    // the other sections are drawn with the profile's view, in the same render
    expect(await screen.findByRole('heading', { level: 1, name: 'Frau Berg' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: privacyMessages.title })).toBeInTheDocument();
    expect(screen.queryByText(ltiSettingsMessages.title)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.includes('/api/lti'))).toEqual([]);
  });
});
