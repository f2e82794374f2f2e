import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountDeletionItems, CACHED_ANALYSES_KEY, privacyMessages } from '@korrigo/domain';
import { CURRENT_USER_KEY } from '@/lib/storage';
import { json, renderRoutes, renderScreen, stubFetch } from '@/test/render';
import { PrivacySection } from './privacy-section';

const running = {
  id: '6f1c1a52-8c1e-4d53-9a0e-1f2a3b4c5d6e',
  status: 'running',
  progress: 40,
  sizeBytes: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  downloadUrl: null,
  errorMessage: null,
};

describe('[PRIVACY] Meine Daten', () => {
  it('shows the running export with its progress and no second start', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/privacy/exports/latest': () => json({ export: running }),
    });
    renderScreen(<PrivacySection />);
    expect(await screen.findByText(privacyMessages.exportRunning(40))).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('button', { name: privacyMessages.exportStart })).not.toBeInTheDocument();
  });

  it('lists what goes and shows the wrong password at the field', async () => {
    const sent: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/privacy/exports/latest': () => json({ export: null }),
      'GET /api/privacy/account-deletion': () =>
        json({ confirmWith: 'password', email: 'lena@example.de', demo: false }),
      'POST /api/privacy/account-deletion': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        const message = privacyMessages.passwordWrong;
        return json({ error: { code: 'wrong-password', message, fields: { password: message } } }, 403);
      },
    });
    renderScreen(<PrivacySection />);
    await userEvent.click(await screen.findByRole('button', { name: privacyMessages.deleteOpen }));
    const dialog = await screen.findByRole('dialog', { name: privacyMessages.deleteDialogTitle });
    for (const item of accountDeletionItems) expect(within(dialog).getByText(item)).toBeInTheDocument();
    await userEvent.type(await within(dialog).findByLabelText(privacyMessages.deletePasswordLabel), 'falsch');
    await userEvent.click(within(dialog).getByRole('button', { name: privacyMessages.deleteConfirm }));
    expect(await within(dialog).findByText(privacyMessages.passwordWrong)).toBeInTheDocument();
    expect(sent).toEqual([{ password: 'falsch' }]);
  });

  it('asks an account without a mailbox (school sign-in, LMS) for the word, not its made-up address', async () => {
    const sent: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/privacy/exports/latest': () => json({ export: null }),
      'GET /api/privacy/account-deletion': () =>
        json({ confirmWith: 'phrase', email: 'lti-0a1b2c3d4e5f@schulkonto.invalid', demo: false }),
      'POST /api/privacy/account-deletion': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        const message = privacyMessages.phraseMismatch;
        return json({ error: { code: 'validation', message, fields: { phrase: message } } }, 400);
      },
    });
    renderScreen(<PrivacySection />);
    await userEvent.click(await screen.findByRole('button', { name: privacyMessages.deleteOpen }));
    const dialog = await screen.findByRole('dialog', { name: privacyMessages.deleteDialogTitle });
    expect(within(dialog).queryByText(/schulkonto\.invalid/)).not.toBeInTheDocument();
    await userEvent.type(await within(dialog).findByLabelText(privacyMessages.deletePhraseLabel), 'LOESCHEN');
    await userEvent.click(within(dialog).getByRole('button', { name: privacyMessages.deleteConfirm }));
    expect(await within(dialog).findByText(privacyMessages.phraseMismatch)).toBeInTheDocument();
    expect(sent).toEqual([{ phrase: 'LOESCHEN' }]);
  });

  it('after the erasure, nothing the app kept in the browser is left', async () => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ uid: 'u1', email: 'lena@example.de' }));
    localStorage.setItem(CACHED_ANALYSES_KEY, JSON.stringify({ userId: 'u1', analyses: [] }));
    localStorage.setItem('chats:u1:a1', '{}');
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/privacy/exports/latest': () => json({ export: null }),
      'GET /api/privacy/account-deletion': () =>
        json({ confirmWith: 'password', email: 'lena@example.de', demo: false }),
      'POST /api/privacy/account-deletion': () => json({ ok: true }),
    });
    const { router } = renderRoutes(
      [
        { path: '/profile', element: <PrivacySection /> },
        { path: '/', element: <h1>Startseite</h1> },
      ],
      '/profile',
    );
    await userEvent.click(await screen.findByRole('button', { name: privacyMessages.deleteOpen }));
    const dialog = await screen.findByRole('dialog', { name: privacyMessages.deleteDialogTitle });
    await userEvent.type(await within(dialog).findByLabelText(privacyMessages.deletePasswordLabel), 'geheim');
    await userEvent.click(within(dialog).getByRole('button', { name: privacyMessages.deleteConfirm }));
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('tells a demo account that it cannot be erased', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/privacy/exports/latest': () => json({ export: null }),
      'GET /api/privacy/account-deletion': () =>
        json({ confirmWith: 'password', email: 'lehrkraft@demo.korrigo.de', demo: true }),
    });
    renderScreen(<PrivacySection />);
    await userEvent.click(await screen.findByRole('button', { name: privacyMessages.deleteOpen }));
    expect(await screen.findByText(privacyMessages.demoRefused)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: privacyMessages.deleteConfirm })).not.toBeInTheDocument();
  });
});
