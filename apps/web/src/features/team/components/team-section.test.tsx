import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { teamMessages, type MyTeam } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { teamTexts } from '../content/team-texts';
import { TeamSection } from './team-section';

const ownersTeam: MyTeam = {
  canCreate: false,
  team: {
    id: '9d1c1a52-8c1e-4d53-9a0e-1f2a3b4c5d6e',
    name: 'Fachschaft Mathe',
    ownerName: 'Frau Berg',
    isOwner: true,
    maxMembers: 5,
    members: [
      {
        userId: 'u1',
        name: 'Frau Berg',
        email: 'berg@example.de',
        isOwner: true,
        joinedAt: '2026-11-01T08:00:00Z',
      },
      {
        userId: 'u2',
        name: 'Herr Weiß',
        email: 'weiss@example.de',
        isOwner: false,
        joinedAt: '2026-11-02T08:00:00Z',
      },
    ],
    invitations: [
      {
        id: '7e1c1a52-8c1e-4d53-9a0e-1f2a3b4c5d6e',
        email: 'neu@example.de',
        createdAt: '2026-11-20T08:00:00Z',
        expiresAt: '2026-12-04T08:00:00Z',
      },
    ],
  },
};

describe('[TEAMS] Team in the profile', () => {
  it('points a teacher without Pro Team to the pricing page', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/team': () => json({ team: null, canCreate: false }),
    });
    renderScreen(<TeamSection />);
    const link = await screen.findByRole('link', { name: teamTexts.noPlanLink });
    expect(link).toHaveAttribute('href', '/pricing?plan=pro_team');
    expect(screen.queryByRole('button', { name: teamTexts.create })).not.toBeInTheDocument();
  });

  it('founds a team with a name', async () => {
    const sent: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/team': () => json({ team: null, canCreate: true }),
      'POST /api/team': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(ownersTeam.team, 201);
      },
      'GET /api/profile': () => json({ error: { code: 'unauthenticated', message: 'x' } }, 401),
    });
    renderScreen(<TeamSection />);
    await userEvent.type(await screen.findByLabelText(teamTexts.createLabel), 'Fachschaft Mathe');
    await userEvent.click(screen.getByRole('button', { name: teamTexts.create }));
    await screen.findByRole('button', { name: teamTexts.create });
    expect(sent).toEqual([{ name: 'Fachschaft Mathe' }]);
  });

  it('shows members, seats and open invitations, and the full team refusal at the field', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/team': () => json(ownersTeam),
      'POST /api/team/invitations': () =>
        json({ error: { code: 'conflict', message: teamMessages.teamFull } }, 409),
    });
    renderScreen(<TeamSection />);
    expect(await screen.findByText('Fachschaft Mathe')).toBeInTheDocument();
    expect(screen.getByText(teamTexts.seats(3))).toBeInTheDocument();
    expect(screen.getByText('neu@example.de')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: teamTexts.removeLabel('Herr Weiß') })).toBeInTheDocument();
    // the owner cannot remove herself; she dissolves the team instead
    expect(
      screen.queryByRole('button', { name: teamTexts.removeLabel('Frau Berg') }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: teamTexts.dissolve })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(teamTexts.inviteLabel), 'fuenf@example.de');
    await userEvent.click(screen.getByRole('button', { name: teamTexts.invite }));
    expect(await screen.findByText(teamMessages.teamFull)).toBeInTheDocument();
    expect(screen.getByLabelText(teamTexts.inviteLabel)).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before a member leaves, and leaves on confirmation', async () => {
    const calls: string[] = [];
    const membersView: MyTeam = {
      canCreate: false,
      team: { ...ownersTeam.team!, isOwner: false, invitations: [] },
    };
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/team': () => json(calls.length ? { team: null, canCreate: false } : membersView),
      'POST /api/team/leave': () => {
        calls.push('leave');
        return json({ ok: true });
      },
      'GET /api/profile': () => json({ error: { code: 'unauthenticated', message: 'x' } }, 401),
    });
    renderScreen(<TeamSection />);
    expect(await screen.findByText(teamTexts.ownerLine('Frau Berg'))).toBeInTheDocument();
    expect(screen.queryByLabelText(teamTexts.inviteLabel)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: teamTexts.leave }));
    const dialog = await screen.findByRole('alertdialog', { name: teamTexts.leaveTitle });
    expect(within(dialog).getByRole('button', { name: teamTexts.cancel })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: teamTexts.leave }));
    expect(await screen.findByRole('link', { name: teamTexts.noPlanLink })).toBeInTheDocument();
    expect(calls).toEqual(['leave']);
  });
});
