import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { invitationMessages, type InvitationList } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { InvitationsPanel } from './invitations-panel';

const list: InvitationList = {
  received: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'school_teacher',
      code: 'ABCD-EFGH',
      schoolName: 'Gesamtschule Am Park',
      className: null,
      invitedByName: 'Frau Berg',
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  sent: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'class_student',
      code: 'JKLM-NPQR',
      schoolId: '00000000-0000-4000-8000-000000000003',
      schoolName: 'Gesamtschule Am Park',
      classId: '00000000-0000-4000-8000-000000000004',
      className: '7b',
      email: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  emailVerified: true,
};

describe('[INVITATIONS] the pending tab of the class list', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists received and sent invitations, and revokes a join code', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/invitations': () => json(list),
      'DELETE /api/invitations/00000000-0000-4000-8000-000000000002': () => json({ ok: true }),
    });
    renderScreen(<InvitationsPanel />);
    expect(await screen.findByText('Gesamtschule Am Park')).toBeInTheDocument();
    expect(screen.getByText(invitationMessages.from('Frau Berg'), { exact: false })).toBeInTheDocument();
    expect(screen.getByText('JKLM-NPQR')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: invitationMessages.accept })).toBeInTheDocument();
    expect(screen.queryByText(invitationMessages.confirmEmailToSeeInvitations.teacher)).toBeNull();

    fireEvent.click(
      screen.getByRole('button', { name: `7b · Gesamtschule Am Park: ${invitationMessages.revoke}` }),
    );
    await waitFor(() =>
      expect(calls).toContain('DELETE /api/invitations/00000000-0000-4000-8000-000000000002'),
    );
  });

  it('says so when nothing is open', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/invitations': () => json({ received: [], sent: [], emailVerified: true }),
    });
    renderScreen(<InvitationsPanel />);
    expect(await screen.findByText(invitationMessages.noReceived)).toBeInTheDocument();
    expect(screen.getByText(invitationMessages.noSent)).toBeInTheDocument();
  });

  it('asks to confirm the address first while it is not confirmed', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/invitations': () => json({ received: [], sent: [], emailVerified: false }),
    });
    renderScreen(<InvitationsPanel />);
    expect(
      await screen.findByText(invitationMessages.confirmEmailToSeeInvitations.teacher),
    ).toBeInTheDocument();
  });
});
