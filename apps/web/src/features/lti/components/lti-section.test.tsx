import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ltiSettingsMessages as text, messages, type LtiRegistration, type LtiTool } from '@korrigo/domain';
import { Toaster } from '@/components/ui';
import { json, renderScreen, stubFetch } from '@/test/render';
import { LtiSection } from './lti-section';

const tool: LtiTool = {
  launchUrl: 'https://korrigo.schule.de/lti/launch',
  loginUrl: 'https://korrigo.schule.de/lti/login',
  jwksUrl: 'https://korrigo.schule.de/lti/jwks',
  redirectUrl: 'https://korrigo.schule.de/lti/launch',
  registrationUrl: 'https://korrigo.schule.de/lti/register?k=eyJhbGciOiJIUzI1NiJ9.e30.c2ln',
  registrationUrlExpiresAt: '2026-11-29T12:00:00.000Z',
  publicUrlSet: true,
};
const moodle: LtiRegistration = {
  id: '4f0c1a52-8c1e-4d53-9a0e-1f2a3b4c5d6e',
  name: 'Moodle der Schule',
  issuer: 'https://moodle.schule.de',
  clientId: 'Xy12AbCd',
  authUrl: 'https://moodle.schule.de/mod/lti/auth.php',
  tokenUrl: 'https://moodle.schule.de/mod/lti/token.php',
  jwksUrl: 'https://moodle.schule.de/mod/lti/certs.php',
};
const typed = {
  [text.name]: moodle.name,
  [text.issuer]: moodle.issuer,
  [text.clientId]: moodle.clientId,
  [text.authUrl]: moodle.authUrl,
  [text.tokenUrl]: moodle.tokenUrl,
  [text.platformJwksUrl]: moodle.jwksUrl,
};

/** The section as the profile shows it, with the app's toasts. */
const renderSection = () =>
  renderScreen(
    <>
      <LtiSection />
      <Toaster />
    </>,
  );

async function fill(values: Record<string, string>, deploymentIds: string) {
  await screen.findByLabelText(text.name);
  for (const [label, value] of Object.entries(values))
    await userEvent.type(screen.getByLabelText(label), value);
  if (deploymentIds) await userEvent.type(screen.getByLabelText(text.deploymentIds), deploymentIds);
}

describe('[LTI] the settings section „Lernplattform (LTI)“', () => {
  it('shows the tool’s values with copy buttons, and the empty list', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/lti/tool': () => json(tool),
      'GET /api/lti/registrations': () => json([]),
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: text.title })).toBeInTheDocument();
    expect(await screen.findByText(text.emptyTitle)).toBeInTheDocument();
    const values = screen.getByRole('group', { name: text.toolTitle });
    expect(within(values).getByText(tool.loginUrl)).toBeInTheDocument();
    expect(within(values).getByText(tool.jwksUrl)).toBeInTheDocument();
    expect(within(values).getAllByText(tool.launchUrl)).toHaveLength(2);
    // no warning while the server knows its public address
    expect(screen.queryByText(text.publicUrlMissing)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: text.copyLabel(text.loginUrl) }));
    expect(writeText).toHaveBeenCalledWith(tool.loginUrl);

    // the registration URL for Moodle's dynamic registration, with its copy button and its end
    const registration = screen.getByRole('group', { name: text.registrationTitle });
    expect(within(registration).getByText(tool.registrationUrl)).toBeInTheDocument();
    expect(within(registration).getByText(/^Gilt bis .*29\.11\.2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.copyLabel(text.registrationUrl) }));
    expect(writeText).toHaveBeenCalledWith(tool.registrationUrl);
    expect(await screen.findByText(messages.common.copied)).toBeInTheDocument();
  });

  it('warns when the server has no public address, and lists the connected platforms', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/lti/tool': () => json({ ...tool, publicUrlSet: false }),
      'GET /api/lti/registrations': () => json([moodle]),
    });
    renderSection();
    expect(await screen.findByText(text.publicUrlMissing)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: text.listTitle });
    expect(within(list).getByText(moodle.name)).toBeInTheDocument();
    expect(within(list).getByText(moodle.issuer)).toBeInTheDocument();
    expect(within(list).getByText(moodle.clientId)).toBeInTheDocument();
  });

  it('says that a part is loading while its answer is on the way', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/lti/tool': () => json(tool),
      'GET /api/lti/registrations': () => new Promise<Response>(() => undefined),
    });
    renderSection();
    const list = await screen.findByRole('group', { name: text.listTitle });
    expect(within(list).getByRole('status', { name: messages.common.loading })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(await screen.findByText(tool.loginUrl)).toBeInTheDocument();
  });

  it('says when a part could not be loaded, and tries again', async () => {
    let failing = true;
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/lti/tool': () => json(tool),
      'GET /api/lti/registrations': () =>
        failing
          ? json({ error: { code: 'unavailable', message: messages.http.unavailable } }, 503)
          : json([moodle]),
    });
    renderSection();
    expect(await screen.findByText(text.listLoadFailed + messages.http.unavailable)).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByText(moodle.name)).toBeInTheDocument();
  });

  it('checks the form in German at each field before anything is sent', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/lti/tool': () => json(tool),
      'GET /api/lti/registrations': () => json([]),
    });
    renderSection();
    await fill({ [text.issuer]: 'moodle.schule.de', [text.tokenUrl]: 'ftp://moodle.schule.de/t' }, ' , ');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));

    const name = screen.getByLabelText(text.name);
    expect(
      await screen.findByText('Bitte einen Namen eingeben, z. B. „Moodle der Schule“.'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // the first field in error takes the focus
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(text.issuer)).toHaveAccessibleDescription(
      `${text.issuerHint} Bitte eine vollständige Adresse eingeben, die mit https:// beginnt.`,
    );
    expect(screen.getByLabelText(text.tokenUrl)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(text.clientId)).toHaveAccessibleDescription('Bitte die Client-ID eingeben.');
    expect(screen.getByLabelText(text.deploymentIds)).toHaveAccessibleDescription(
      `${text.deploymentIdsHint} Bitte mindestens eine Deployment-ID eingeben.`,
    );
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('sends the platform with its deployment ids one a line, and lists it', async () => {
    const sent: unknown[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/lti/tool': () => json(tool),
      'GET /api/lti/registrations': () => json(sent.length ? [moodle] : []),
      'POST /api/lti/registrations': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(moodle, 201);
      },
    });
    renderSection();
    await fill(typed, '3{Enter}7');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(text.created(moodle.name))).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: moodle.name,
        issuer: moodle.issuer,
        clientId: moodle.clientId,
        authUrl: moodle.authUrl,
        tokenUrl: moodle.tokenUrl,
        jwksUrl: moodle.jwksUrl,
        deploymentIds: ['3', '7'],
      },
    ]);
    expect(await screen.findByRole('list', { name: text.listTitle })).toHaveTextContent(moodle.name);
    // the form is empty again for the next platform
    expect(screen.getByLabelText(text.name)).toHaveValue('');
  });

  it('shows the server’s refusals at their fields', async () => {
    let answer = 0;
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/lti/tool': () => json(tool),
      'GET /api/lti/registrations': () => json([]),
      'POST /api/lti/registrations': () =>
        (answer += 1) === 1
          ? json(
              {
                error: {
                  code: 'validation',
                  message: messages.http.validation,
                  fields: { 'deploymentIds.0': 'Eine Deployment-ID darf höchstens 300 Zeichen lang sein.' },
                },
              },
              400,
            )
          : json({ error: { code: 'conflict', message: messages.lti.duplicateRegistration } }, 409),
    });
    renderSection();
    await fill(typed, '3');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(
      await screen.findByText('Eine Deployment-ID darf höchstens 300 Zeichen lang sein.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(text.deploymentIds)).toHaveFocus();

    // the same platform twice: the client id names it
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(messages.lti.duplicateRegistration)).toBeInTheDocument();
    expect(screen.getByLabelText(text.clientId)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(text.clientId)).toHaveFocus();
  });
});
