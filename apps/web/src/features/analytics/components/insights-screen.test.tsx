import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderScreen, stubFetch } from '@/test/render';
import { insightsTexts as t } from '../content/insights-content';
import { overview } from '../test/fixtures';
import { InsightsScreen } from './insights-screen';

const answers = {
  'GET /api/auth/get-session': () => json(null),
  'GET /api/analytics/overview?timeframe=month': () => json(overview),
  'GET /api/config': () =>
    json({
      googleSignIn: false,
      schoolSignIn: [],
      aiProvider: 'builtin',
      aiModels: [],
      defaultAiModel: null,
      paperRetention: { kind: 'school-year' },
    }),
};

const shown = () => within(screen.getByTestId('scenario')).getByText(/^Beispiel:/).textContent;

describe('[ANALYTICS] the insights page', () => {
  it("shows the last month's figures from the analytics overview", async () => {
    const calls = stubFetch(answers);
    renderScreen(<InsightsScreen />);
    const stats = await screen.findByTestId('insights-stats');
    const figure = (label: string) =>
      within(stats).getByText(label).parentElement!.querySelector('dd')!.textContent;
    expect(figure(t.statPapers)).toBe('12');
    expect(figure(t.statAverageGrade)).toBe('2,4');
    expect(figure(t.statHoursSaved)).toBe('3,0 h');
    expect(figure(t.statStudents)).toBe('3');
    expect(calls.filter((call) => call.includes('/api/analytics'))).toEqual([
      'GET /api/analytics/overview?timeframe=month',
    ]);
    expect(screen.getByRole('link', { name: t.statsLink })).toHaveAttribute(
      'href',
      '/dashboard/analytics?timeframe=month',
    );
  });

  it('opens and closes the explanation of the grading', async () => {
    stubFetch(answers);
    renderScreen(<InsightsScreen />);
    const toggle = await screen.findByRole('button', { name: t.explainButton });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(t.explain[5])).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(t.explain[5])).toBeVisible();
    // this installation grades without a model, and says so
    expect(await screen.findByText(t.explainProvider.builtin)).toBeVisible();
    // and what was measured on tests nobody tuned it to, with date and version
    expect(screen.getByRole('heading', { name: t.measured.heading })).toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('leads each of the three tool tabs to its tool', async () => {
    stubFetch(answers);
    renderScreen(<InsightsScreen />);
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('tablist', { name: t.toolsHeading });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Testgenerator', 'Unterrichtsplanung', 'Lernunterstützung']);
    expect(screen.getByRole('link', { name: 'Zum Testgenerator' })).toHaveAttribute(
      'href',
      '/dashboard/testgen',
    );
    await user.click(within(list).getByRole('tab', { name: 'Unterrichtsplanung' }));
    expect(screen.getByRole('link', { name: 'Zur Unterrichtsplanung' })).toHaveAttribute(
      'href',
      '/dashboard/lessonsplan',
    );
    await user.click(within(list).getByRole('tab', { name: 'Lernunterstützung' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lern-Assistent');
    expect(screen.getByRole('link', { name: /Zum Lern-Assistenten/ })).toHaveAttribute(
      'href',
      '/dashboard/essayfeed',
    );
  });

  it('turns the three examples round in both directions and by the dots', async () => {
    stubFetch(answers);
    renderScreen(<InsightsScreen />);
    await screen.findByTestId('scenario-carousel');
    const [first, second, third] = t.scenarios.map((entry) => entry.who);
    expect(shown()).toBe(first);
    expect(screen.getByText(t.scenariosNote)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: t.previous }));
    expect(shown()).toBe(third);
    fireEvent.click(screen.getByRole('button', { name: t.next }));
    expect(shown()).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: t.next }));
    expect(shown()).toBe(second);
    fireEvent.click(screen.getByRole('button', { name: t.next }));
    expect(shown()).toBe(third);
    fireEvent.click(screen.getByRole('button', { name: t.next }));
    expect(shown()).toBe(first);

    fireEvent.click(screen.getByRole('button', { name: t.show(2) }));
    expect(shown()).toBe(second);
    expect(screen.getByRole('button', { name: t.show(2) })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: t.show(1) })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('group', { name: t.scenarioLabel(2, 3) })).toBeInTheDocument();
  });

  it('links the resource cards to pages that exist', async () => {
    stubFetch(answers);
    renderScreen(<InsightsScreen />);
    const section = await screen.findByRole('region', { name: t.resourcesHeading });
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/faq', '/features', '/datenschutz', '/updates']);
  });
});
