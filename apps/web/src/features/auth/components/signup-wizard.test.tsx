import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@korrigo/domain';
import { json, renderRoutes, renderScreen, stubFetch } from '@/test/render';
import { SignupWizard } from './signup-wizard';

async function renderWizard() {
  renderScreen(<SignupWizard />, { path: '/signup' });
  await screen.findByRole('heading', { name: 'Konto erstellen' });
}

// getByRole walks the accessibility tree and is slow in jsdom; text and label queries keep this file fast.
const next = () => screen.getByText('Weiter mit E-Mail');
const errorBox = () => document.querySelector('[role="alert"]');

// Typing through user-event takes ~1.5 s on an idle machine; the margin is for loaded CI machines.
describe('SignupWizard', { timeout: 20_000 }, () => {
  beforeEach(() => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/config': () =>
        json({
          googleSignIn: false,
          schoolSignIn: [],
          aiProvider: 'builtin',
          aiModels: [],
          defaultAiModel: null,
          paperRetention: { kind: 'school-year' },
        }),
    });
  });

  it('shows the step-1 messages in the spec order (teacher, then student)', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    expect(screen.getByRole('progressbar', { name: 'Fortschritt der Registrierung' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    await user.click(next());
    expect(errorBox()).toHaveTextContent(messages.signup.nameRequired);

    await user.type(screen.getByLabelText('Name'), 'Frau Müller');
    await user.click(next());
    expect(errorBox()).toHaveTextContent(messages.signup.termsRequired);

    await user.click(screen.getByLabelText(/Ich akzeptiere/));
    await user.click(screen.getByLabelText('Lehrkraft'));
    await user.click(next());
    expect(errorBox()).toHaveTextContent(messages.signup.bundeslandRequired);

    await user.selectOptions(screen.getByLabelText('Bundesland'), 'Thüringen');
    await user.click(next());
    expect(errorBox()).toHaveTextContent(messages.signup.schoolRequired);

    await user.click(screen.getByLabelText('Schülerin, Schüler oder Studierende'));
    await user.click(next());
    expect(errorBox()).toHaveTextContent(messages.signup.classLevelRequired);

    await user.selectOptions(screen.getByLabelText('Klasse/Semester'), '10. Klasse');
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Zugangsdaten festlegen' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('checks step 1 before Google sign-up and then reports a disabled provider', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    const google = screen.getByRole('button', { name: 'Mit Google fortfahren' });

    await user.click(google);
    expect(errorBox()).toHaveTextContent(messages.signup.nameRequired);

    await user.type(screen.getByLabelText('Name'), 'Ali');
    await user.click(screen.getByLabelText(/Ich akzeptiere/));
    await user.selectOptions(screen.getByLabelText('Klasse/Semester'), '2. Semester');
    await user.click(google);
    expect(await screen.findByText(messages.providerErrors['operation-not-allowed'])).toBeInTheDocument();
  });

  it('adds custom subjects on Enter, trimmed and without duplicates', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await user.click(screen.getByLabelText('Lehrkraft'));
    const custom = screen.getByLabelText('Eigenes Fach hinzufügen');

    await user.type(custom, '  Politik  {Enter}');
    await user.type(custom, 'politik{Enter}');
    expect(screen.getAllByRole('button', { name: 'Politik entfernen' })).toHaveLength(1);
    expect(custom).toHaveValue('');
    // Enter added the subject; it did not submit step 1.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the submit button disabled while the password is invalid', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await user.type(screen.getByLabelText('Name'), 'Ali');
    await user.click(screen.getByLabelText(/Ich akzeptiere/));
    await user.selectOptions(screen.getByLabelText('Klasse/Semester'), '7. Klasse');
    await user.click(next());

    const submit = screen.getByRole('button', { name: 'Registrieren' });
    const password = screen.getByLabelText('Passwort');
    expect(submit).toBeDisabled();
    await user.type(password, 'kurz');
    expect(submit).toBeDisabled();
    await user.type(password, 'abcdef');
    expect(submit).toBeDisabled(); // long enough, but no uppercase letter and no digit
    await user.clear(password);
    await user.type(password, 'Sicher123');
    expect(submit).toBeEnabled();
    const checklist = screen.getByRole('list', { name: 'Passwort-Anforderungen' });
    expect(within(checklist).getAllByText(/\(erfüllt\)/)).toHaveLength(3);

    await user.click(submit);
    expect(errorBox()).toHaveTextContent(messages.signup.credentialsRequired);

    await user.click(screen.getByRole('button', { name: 'Zurück zu Schritt 1' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Ali');
  });
});

// issue 34 §5: a pupil sent here from an invitation link comes back to it, whichever way she signs up
describe('SignupWizard from an invitation link', { timeout: 20_000 }, () => {
  const invitation = '/einladung/ABCD-EFGH';
  const config = (googleSignIn: boolean) => () =>
    json({
      googleSignIn,
      schoolSignIn: [],
      aiProvider: 'builtin',
      aiModels: [],
      defaultAiModel: null,
      paperRetention: { kind: 'school-year' },
    });

  async function renderFrom(path: string) {
    const rendered = renderRoutes(
      [
        { path: '/signup', element: <SignupWizard /> },
        { path: '/einladung/:code', element: <p>Einladungsseite</p> },
        { path: '/dashboard', element: <p>Übersicht</p> },
      ],
      path,
    );
    return rendered;
  }

  async function fillStep1(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByRole('heading', { name: 'Konto erstellen' });
    await user.type(screen.getByLabelText('Name'), 'Mia Neu');
    await user.click(screen.getByLabelText(/Ich akzeptiere/));
    await user.selectOptions(screen.getByLabelText('Klasse/Semester'), '7. Klasse');
  }

  afterEach(() => sessionStorage.clear());

  it('goes on to the invitation after an e-mail sign-up, and links the login with it too', async () => {
    const sent: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/config': config(false),
      'POST /api/signup': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ profile: {} });
      },
    });
    const { router } = await renderFrom(`/signup?next=${encodeURIComponent(invitation)}`);
    const user = userEvent.setup({ delay: null });
    await fillStep1(user);
    expect(screen.getByText('Anmelden').closest('a')).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(invitation)}`,
    );
    await user.click(next());
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'mia@example.de');
    await user.type(screen.getByLabelText('Passwort'), 'Sicher123');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    expect(await screen.findByText('Einladungsseite')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(invitation);
    expect(sent).toEqual([expect.objectContaining({ email: 'mia@example.de', accountType: 'student' })]);
  });

  it('does not follow a target on another site', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/config': config(false),
      'POST /api/signup': () => json({ profile: {} }),
    });
    const { router } = await renderFrom(`/signup?next=${encodeURIComponent('//evil.example/einladung')}`);
    const user = userEvent.setup({ delay: null });
    await fillStep1(user);
    expect(screen.getByText('Anmelden').closest('a')).toHaveAttribute('href', '/login');
    await user.click(next());
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'mia@example.de');
    await user.type(screen.getByLabelText('Passwort'), 'Sicher123');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText('Übersicht')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends the invitation through Google as the return address and goes there once the profile is saved', async () => {
    const social: Array<{ callbackURL: string; errorCallbackURL: string }> = [];
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/config': config(true),
      // no url in the answer: the browser stays (jsdom cannot leave for Google)
      'POST /api/auth/sign-in/social': (init) => {
        social.push(JSON.parse(String(init?.body)));
        return json({ redirect: false });
      },
    });
    const user = userEvent.setup({ delay: null });
    const first = await renderFrom(`/signup?next=${encodeURIComponent(invitation)}`);
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Mit Google fortfahren' }));
    await waitFor(() => expect(social).toHaveLength(1));
    expect(social[0]).toMatchObject({
      callbackURL: `/signup?google=complete&next=${encodeURIComponent(invitation)}`,
      errorCallbackURL: `/signup?next=${encodeURIComponent(invitation)}`,
    });
    first.unmount();

    // back from Google, signed in: the step-1 data is saved, then the invitation opens
    const completed: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () =>
        json({ session: { id: 's1' }, user: { id: 'u1', email: 'mia@gmail.example', name: 'Mia Neu' } }),
      'GET /api/config': config(true),
      'POST /api/signup/complete-google': (init) => {
        completed.push(JSON.parse(String(init?.body)));
        return json({ profile: {} });
      },
    });
    const { router } = await renderFrom(social[0]!.callbackURL);
    expect(await screen.findByText('Einladungsseite')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(invitation);
    expect(completed).toEqual([expect.objectContaining({ name: 'Mia Neu', accountType: 'student' })]);
  });
});
