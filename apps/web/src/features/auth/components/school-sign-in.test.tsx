import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { schoolSignInMessages } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { socialErrorMessage } from '../utils/social-error';
import { SchoolSignInButtons } from './school-sign-in';

const config = (schoolSignIn: Array<{ id: string; name: string }>) => () =>
  json({
    googleSignIn: false,
    schoolSignIn,
    aiProvider: 'builtin',
    aiModels: [],
    defaultAiModel: null,
    paperRetention: { kind: 'school-year' },
  });

describe('[AUTH] „Mit Schulkonto anmelden“ (issue 35 §1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts the round trip with the configured provider and the page to come back to', async () => {
    let sent: unknown;
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/config': config([{ id: 'vidis', name: 'VIDIS' }]),
      'POST /api/auth/sign-in/social': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({ url: 'https://aai.vidis.schule/auth?x=1', redirect: true });
      },
    });
    renderScreen(<SchoolSignInButtons callbackURL="/einladung?code=K7" onError={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: schoolSignInMessages.button }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://aai.vidis.schule/auth?x=1'));
    expect(sent).toEqual({
      provider: 'vidis',
      callbackURL: '/einladung?code=K7',
      errorCallbackURL: '/login',
    });
    vi.unstubAllGlobals();
  });

  it('names each provider when there are several, and shows nothing without one', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/config': config([
        { id: 'vidis', name: 'VIDIS' },
        { id: 'entra', name: 'Microsoft-Konto der Schule' },
      ]),
    });
    renderScreen(<SchoolSignInButtons callbackURL="/" onError={() => {}} />);
    expect(
      await screen.findByRole('button', { name: schoolSignInMessages.buttonFor('VIDIS') }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: schoolSignInMessages.buttonFor('Microsoft-Konto der Schule') }),
    ).toBeInTheDocument();
  });

  it('says in one sentence that a refused school sign-in failed', () => {
    expect(socialErrorMessage('issuer_mismatch')).toBe(schoolSignInMessages.failed);
    expect(socialErrorMessage('state_mismatch')).toBe(schoolSignInMessages.failed);
  });
});
