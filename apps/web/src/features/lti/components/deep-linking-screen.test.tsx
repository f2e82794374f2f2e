import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ltiDeepLinkingMessages as text, type LtiDeepLinkingSelection } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { DeepLinkingScreen } from './deep-linking-screen';

const token = 'eyJhbGciOiJIUzI1NiJ9.sel.sig';
const url = `GET /api/lti/deep-linking?t=${encodeURIComponent(token)}`;
const selection: LtiDeepLinkingSelection = {
  platformName: 'Moodle der Schule',
  tests: [
    {
      kind: 'test',
      id: 'test-1',
      title: 'Bruchrechnung',
      detail: 'Mathematik, 6. Klasse',
      scoreMaximum: 24.5,
    },
  ],
  classSets: [
    {
      kind: 'classset',
      id: '0b6f0d3e-6d1c-4a55-9f8e-2c9a7b1d3e4f',
      title: 'Klassenarbeit Optik',
      detail: 'Physik 7a',
      scoreMaximum: null,
    },
  ],
};

describe('[LTI] /lti/auswahl, the deep linking selection', () => {
  it('lists her tests and class sets with their maximum points, each placed by a form to the server', async () => {
    stubFetch({ [url]: () => json(selection) });
    renderScreen(<DeepLinkingScreen token={token} />);
    expect(await screen.findByRole('status', { name: 'Wird geladen …' })).toBeInTheDocument();
    expect(await screen.findByText(text.intro('Moodle der Schule'))).toBeInTheDocument();

    const tests = screen.getByRole('group', { name: text.testsTitle });
    expect(within(tests).getByText('Bruchrechnung')).toBeInTheDocument();
    expect(within(tests).getByText(text.maximum('24,5'))).toBeInTheDocument();
    const place = within(tests).getByRole('button', { name: text.placeLabel('Bruchrechnung') });
    const form = place.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/lti/deep-linking');
    expect(Object.fromEntries(new FormData(form))).toEqual({ token, kind: 'test', id: 'test-1' });

    // a class set without a maximum cannot be placed yet, and says why
    const sets = screen.getByRole('group', { name: text.classSetsTitle });
    expect(within(sets).getByText(text.noMaximum)).toBeInTheDocument();
    expect(within(sets).getByRole('button', { name: text.placeLabel('Klassenarbeit Optik') })).toBeDisabled();

    // while the form goes out, the page says so and no second choice is possible
    fireEvent.submit(form);
    expect(await screen.findByText(text.sending)).toBeInTheDocument();
    expect(place).toBeDisabled();
  });

  it('shows the empty lists', async () => {
    stubFetch({ [url]: () => json({ platformName: 'Moodle', tests: [], classSets: [] }) });
    renderScreen(<DeepLinkingScreen token={token} />);
    expect(await screen.findByText(text.testsEmpty)).toBeInTheDocument();
    expect(screen.getByText(text.classSetsEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /einfügen/ })).not.toBeInTheDocument();
  });

  it("shows the server's German reason when the selection has expired", async () => {
    const expired = 'Diese Auswahl ist abgelaufen oder gehört zu einer anderen Anmeldung.';
    stubFetch({ [url]: () => json({ error: { code: 'not_found', message: expired } }, 404) });
    renderScreen(<DeepLinkingScreen token={token} />);
    expect(await screen.findByText(text.loadFailed + expired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.retry })).toBeInTheDocument();
  });

  it('tells her to start from the LMS when the page is opened without a selection', async () => {
    stubFetch({});
    renderScreen(<DeepLinkingScreen token="" />);
    expect(await screen.findByText(text.missingToken)).toBeInTheDocument();
  });
});
