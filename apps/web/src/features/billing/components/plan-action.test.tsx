import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planMessages, type PlanId } from '@korrigo/domain';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { PlanAction } from './plan-action';

const config = (checkout: boolean) => () =>
  json({
    googleSignIn: false,
    schoolSignIn: [],
    aiProvider: 'builtin',
    aiModels: [],
    defaultAiModel: null,
    paperRetention: { kind: 'school-year' },
    checkout,
  });
const signedIn = () => json({ user: { id: 'u1', email: 'lehrerin@example.de', name: 'Frau Müller' } });

function renderCard(planId: PlanId, billing: 'monthly' | 'annual' = 'monthly') {
  return renderRoutes(
    [
      { path: '/pricing', element: <PlanAction planId={planId} billing={billing} /> },
      { path: '/contact', element: <p>Kontaktseite</p> },
    ],
    '/pricing',
  );
}

describe('PlanAction', () => {
  it('without online payment asks for an offer, the plan in the link', async () => {
    stubFetch({ 'GET /api/auth/get-session': signedIn, 'GET /api/config': config(false) });
    renderCard('premium_teacher');
    const link = await screen.findByRole('link', { name: planMessages.requestOffer });
    expect(link).toHaveAttribute('href', '/contact?subject=angebot&plan=premium_teacher');
  });

  it('signed out with online payment leads to the sign-up', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => json(null), 'GET /api/config': config(true) });
    renderCard('basic');
    expect(await screen.findByRole('link', { name: '7 Tage kostenlos testen' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('signed in with online payment starts checkout for the plan and the interval', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': signedIn,
      'GET /api/config': config(true),
      'POST /api/billing/checkout': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ error: { code: 'already_subscribed', message: planMessages.alreadySubscribed } }, 409);
      },
    });
    renderCard('pro_team', 'annual');
    await userEvent.click(await screen.findByRole('button', { name: 'Pro Team: 14 Tage kostenlos testen' }));
    await waitFor(() => expect(bodies).toEqual([{ plan: 'pro_team', interval: 'year' }]));
    // refused (the toast says why): the button is there again for another try
    expect(await screen.findByRole('button', { name: 'Pro Team: 14 Tage kostenlos testen' })).toBeEnabled();
  });

  it('Enterprise always asks for an offer', async () => {
    stubFetch({ 'GET /api/auth/get-session': signedIn, 'GET /api/config': config(true) });
    renderCard('enterprise');
    expect(await screen.findByRole('link', { name: planMessages.requestOffer })).toHaveAttribute(
      'href',
      '/contact?subject=angebot&plan=enterprise',
    );
  });
});
