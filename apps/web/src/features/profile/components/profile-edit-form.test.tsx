import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Profile } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { ProfileEditForm } from './profile-edit-form';

const student: Profile = {
  id: 'u1',
  email: 'ali@example.de',
  emailVerified: true,
  pendingEmail: null,
  displayName: 'Ali',
  createdAt: '2025-01-01T00:00:00.000Z',
  photoURL: null,
  accountType: 'student',
  bundesland: '',
  school: '',
  subjects: [],
  classLevel: '9. Klasse',
  plan: 'free',
  credits: 5,
  usedCredits: 0,
  remainingCredits: 5,
  nextReset: '2025-02-01T00:00:00.000Z',
  usage: {
    companionRequests: { used: 0, limit: 10 },
    testGenerations: { used: 0, limit: 3 },
  },
  subscription: null,
  team: null,
};
const teacher: Profile = {
  ...student,
  email: 'mueller@example.de',
  displayName: 'Frau Müller',
  accountType: 'teacher',
  bundesland: 'Bayern',
  school: 'Gymnasium',
  classLevel: '',
};

/** The PUT bodies the form sent, answered by `answer`. */
function stubProfileUpdate(answer: (body: Record<string, unknown>) => Response) {
  const sent: Array<Record<string, unknown>> = [];
  stubFetch({
    'GET /api/auth/get-session': () => json(null),
    'PUT /api/profile': (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    },
  });
  return sent;
}

async function renderForm(profile: Profile) {
  const onDone = vi.fn();
  renderScreen(<ProfileEditForm profile={profile} onDone={onDone} />, { path: '/profile' });
  await screen.findByRole('heading', { name: 'Profil bearbeiten' });
  return onDone;
}

const currentPassword = () => screen.queryByLabelText(/Aktuelles Passwort/);
const save = () => screen.getByText('Speichern');

describe('ProfileEditForm', { timeout: 20_000 }, () => {
  beforeEach(() => {
    stubFetch({ 'GET /api/auth/get-session': () => json(null) });
  });

  it('asks for no current password when only the name changes', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = stubProfileUpdate((body) =>
      json({ profile: { ...student, displayName: body.displayName }, emailConfirmationSent: false }),
    );
    const onDone = await renderForm(student);
    await user.type(screen.getByLabelText(/Name/), ' Yilmaz');
    expect(currentPassword()).toBeNull();
    await user.click(save());
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ displayName: 'Ali Yilmaz', email: student.email, currentPassword: '' });
  });

  it('a new e-mail needs the current password (du), then shows where the link went and the pending address', async () => {
    const user = userEvent.setup({ delay: null });
    const newEmail = 'ali.neu@example.de';
    const sent = stubProfileUpdate(() =>
      json({ profile: { ...student, pendingEmail: newEmail }, emailConfirmationSent: true }),
    );
    const onDone = await renderForm(student);
    const email = screen.getByLabelText(/E-Mail-Adresse/);
    await user.clear(email);
    await user.type(email, newEmail);
    expect(screen.getByText(messages.profile.emailChangeHint)).toBeInTheDocument();
    expect(currentPassword()).not.toBeNull();
    expect(screen.getByText(messages.profile.currentPasswordHint.student)).toBeInTheDocument();

    await user.click(save());
    expect(await screen.findByText(messages.profile.currentPasswordRequired.student)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(currentPassword()!, 'Geheim123!');
    await user.click(save());
    expect(
      await screen.findByText(messages.profile.emailConfirmationSent.student(newEmail)),
    ).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ email: newEmail, currentPassword: 'Geheim123!' });
    // the old address still counts: the field shows it again, the new one waits, and the form stays open
    expect(screen.getByLabelText(/E-Mail-Adresse/)).toHaveValue(student.email);
    expect(screen.getByText(messages.profile.pendingEmail.student(newEmail))).toBeInTheDocument();
    expect(currentPassword()).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a new password needs the current password (Sie); a wrong one shows at its field', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = stubProfileUpdate(() =>
      json(
        {
          error: {
            code: 'wrong-password',
            message: messages.profile.currentPasswordWrong,
            fields: { currentPassword: messages.profile.currentPasswordWrong },
          },
        },
        403,
      ),
    );
    const onDone = await renderForm(teacher);
    await user.type(screen.getByLabelText(/Neues Passwort/), 'GanzNeu2025');
    expect(screen.getByText(messages.profile.currentPasswordHint.teacher)).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText(messages.profile.currentPasswordRequired.teacher)).toBeInTheDocument();

    await user.type(currentPassword()!, 'Falsch123');
    await user.click(save());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ newPassword: 'GanzNeu2025', currentPassword: 'Falsch123' });
    expect(
      await screen.findAllByText(messages.profile.currentPasswordWrong, { exact: false }),
    ).not.toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a pending address from before', async () => {
    await renderForm({ ...teacher, pendingEmail: 'neu@schule.de' });
    expect(screen.getByText(messages.profile.pendingEmail.teacher('neu@schule.de'))).toBeInTheDocument();
  });
});
