import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationListResponse, UserNotification } from '@korrigo/domain';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { NotificationsMenu } from './notifications-menu';

const sessionUser = { id: 'u1', email: 'ada@example.org', name: 'Ada Lovelace', image: null };
const session = () => json({ session: { id: 's1' }, user: sessionUser });

function note(overrides: Partial<UserNotification> = {}): UserNotification {
  return {
    id: crypto.randomUUID(),
    type: 'info',
    priority: 'normal',
    title: 'Hinweis',
    message: 'Eine Nachricht',
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    metadata: {},
    ...overrides,
  };
}

const list = (notifications: UserNotification[], unreadCount?: number): NotificationListResponse => ({
  notifications,
  unreadCount: unreadCount ?? notifications.filter((n) => !n.isRead).length,
});

const routes = [
  { path: '/dashboard', element: <NotificationsMenu /> },
  { path: '/analysis/:analysisId', element: <h1>Analyse-Seite</h1> },
];

describe('NotificationsMenu', () => {
  it('caps the badge at 99+ and names the count on the bell', async () => {
    stubFetch({
      'GET /api/auth/get-session': session,
      'GET /api/notifications': () => json(list([note()], 120)),
    });
    renderRoutes(routes, '/dashboard');
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen, 99+ ungelesen' });
    expect(within(bell).getByTestId('notifications-badge')).toHaveTextContent('99+');
  });

  it('shows no badge when everything is read', async () => {
    stubFetch({
      'GET /api/auth/get-session': session,
      'GET /api/notifications': () => json(list([note({ isRead: true })])),
    });
    renderRoutes(routes, '/dashboard');
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen' });
    await waitFor(() => expect(bell).toHaveAccessibleName('Benachrichtigungen'));
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
  });

  it('filters by type and priority through the API', async () => {
    const user = userEvent.setup();
    const warning = note({ type: 'warning', priority: 'high', title: 'Speicher fast voll' });
    const calls = stubFetch({
      'GET /api/auth/get-session': session,
      'GET /api/notifications': () => json(list([note({ title: 'Info' }), warning])),
      'GET /api/notifications?type=warning': () => json(list([warning], 2)),
      'GET /api/notifications?type=warning&priority=low': () => json(list([], 2)),
    });
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' }));
    const popup = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    expect(await within(popup).findAllByTestId('notification-item')).toHaveLength(2);
    expect(within(popup).getAllByText('vor 5 Minuten')).toHaveLength(2);

    await user.selectOptions(within(popup).getByLabelText('Typ'), 'Warnung');
    await waitFor(() => expect(within(popup).getAllByTestId('notification-item')).toHaveLength(1));
    expect(within(popup).getByText('Speicher fast voll')).toBeInTheDocument();
    expect(within(popup).getByText('Wichtig')).toBeInTheDocument();

    await user.selectOptions(within(popup).getByLabelText('Priorität'), 'Niedrig');
    expect(await within(popup).findByText('Keine Benachrichtigungen für diese Filter.')).toBeInTheDocument();
    expect(calls).toContain('GET /api/notifications?type=warning&priority=low');
  });

  it('opens a finished analysis at /analysis/{id} and marks it read', async () => {
    const user = userEvent.setup();
    const done = note({
      type: 'analysis_complete',
      title: 'Analyse fertig',
      metadata: { analysisId: 'a-42', relativeLink: '/analysis/a-42' },
    });
    const calls = stubFetch({
      'GET /api/auth/get-session': session,
      'GET /api/notifications': () => json(list([done])),
      [`POST /api/notifications/${done.id}/read`]: () => json({ notification: { ...done, isRead: true } }),
    });
    const { router } = renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' }));
    await user.click(await screen.findByRole('link', { name: 'Analyse fertig' }));
    expect(await screen.findByRole('heading', { name: 'Analyse-Seite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/analysis/a-42');
    await waitFor(() => expect(calls).toContain(`POST /api/notifications/${done.id}/read`));
  });

  it('marks one as read and deletes one', async () => {
    const user = userEvent.setup();
    const first = note({ title: 'Erste' });
    const second = note({ title: 'Zweite' });
    let current = [first, second];
    const calls = stubFetch({
      'GET /api/auth/get-session': session,
      'GET /api/notifications': () => json(list(current)),
      [`POST /api/notifications/${first.id}/read`]: () => {
        current = current.map((n) => (n.id === first.id ? { ...n, isRead: true } : n));
        return json({ notification: { ...first, isRead: true } });
      },
      [`DELETE /api/notifications/${second.id}`]: () => {
        current = current.filter((n) => n.id !== second.id);
        return json({ ok: true });
      },
    });
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' }));
    await user.click(await screen.findByRole('button', { name: '„Erste“ als gelesen markieren' }));
    expect(
      await screen.findByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '„Erste“ als gelesen markieren' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '„Zweite“ löschen' }));
    await waitFor(() => expect(screen.queryByText('Zweite')).toBeNull());
    expect(calls).toContain(`DELETE /api/notifications/${second.id}`);
    expect(screen.getByRole('button', { name: 'Benachrichtigungen' })).toBeInTheDocument();
  });

  it('clears all only after the confirmation', async () => {
    const user = userEvent.setup();
    let current = [note({ title: 'Eins' }), note({ title: 'Zwei' })];
    const calls = stubFetch({
      'GET /api/auth/get-session': session,
      'GET /api/notifications': () => json(list(current)),
      'DELETE /api/notifications/clear-all': () => {
        const deleted = current.length;
        current = [];
        return json({ ok: true, deleted });
      },
    });
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' }));
    const popup = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    await within(popup).findAllByTestId('notification-item');

    // cancelling keeps everything
    await user.click(within(popup).getByRole('button', { name: 'Alle löschen' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Alle Benachrichtigungen löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(calls).not.toContain('DELETE /api/notifications/clear-all');
    expect(within(popup).getAllByTestId('notification-item')).toHaveLength(2);

    await user.click(within(popup).getByRole('button', { name: 'Alle löschen' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Alle Benachrichtigungen löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Alle löschen' }));
    expect(await within(popup).findByText('Keine Benachrichtigungen vorhanden.')).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/notifications/clear-all');
  });

  it('shows "Fehler beim laden: " with the message when the list cannot be read', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/auth/get-session': session,
      'GET /api/notifications': () =>
        json({ error: { code: 'internal', message: 'Es ist ein interner Fehler aufgetreten.' } }, 500),
    });
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fehler beim laden: Es ist ein interner Fehler aufgetreten.',
    );
  });
});
