import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { analyticsMessages, type AccountType, type Profile } from '@korrigo/domain';
import { insightsTexts } from '@/features/analytics/content/insights-content';
import { overview } from '@/features/analytics/test/fixtures';
import { json, renderScreen, stubFetch } from '@/test/render';
import AnalyticsRoute from './analytics';
import InsightsRoute from './insights';

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

const signedIn = (accountType: AccountType) => ({
  'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
  'GET /api/profile': () => json(account(accountType)),
});

describe('[ANALYTICS] the analytics and insights routes', () => {
  it('tells a student where her own figures are, without asking for the teachers’ ones', async () => {
    const calls = stubFetch(signedIn('student'));
    renderScreen(<AnalyticsRoute />);
    expect(await screen.findByText(analyticsMessages.studentNotice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu „Mein Lernprofil“' })).toHaveAttribute(
      'href',
      '/dashboard/mytests',
    );
    expect(calls.some((call) => call.includes('/api/analytics'))).toBe(false);
  });

  it('points a student from the insights page to the Lern-Assistent', async () => {
    const calls = stubFetch(signedIn('student'));
    renderScreen(<InsightsRoute />);
    expect(await screen.findByText(insightsTexts.studentNotice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: insightsTexts.studentLink })).toHaveAttribute(
      'href',
      '/dashboard/essayfeed',
    );
    expect(calls.some((call) => call.includes('/api/analytics'))).toBe(false);
  });

  it('shows a teacher the analytics', async () => {
    stubFetch({
      ...signedIn('teacher'),
      'GET /api/analytics/overview?timeframe=month': () => json(overview),
      [`GET /api/analytics/questions?timeframe=month&test=${encodeURIComponent(overview.tests[0]!.id)}`]:
        () => json({ test: overview.tests[0], averageGrade: null, questions: [] }),
    });
    renderScreen(<AnalyticsRoute />);
    expect(await screen.findByTestId('analytics-stats')).toBeInTheDocument();
    expect(screen.queryByText(analyticsMessages.studentNotice)).toBeNull();
  });
});
