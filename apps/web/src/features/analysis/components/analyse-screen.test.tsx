import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { analysisMessages } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { AnalyseScreen } from './analyse-screen';

const sessionUser = { id: 'u1', email: 'ada@example.org', name: 'Ada' };

describe('AnalyseScreen', () => {
  it('refuses an empty analysis and a missing test selection, and clears the text on a method switch', async () => {
    const calls = stubFetch({
      'GET /api/auth/get-session': () => json({ session: {}, user: sessionUser }),
      'GET /api/tests/u1': () => json([]),
    });
    renderScreen(<AnalyseScreen renderResult={() => null} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'AI test analysis' })).toBeInTheDocument();
    expect(screen.getByText('intelligent grading in seconds')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Analysieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(analysisMessages.emptyInput);

    fireEvent.change(screen.getByLabelText('Text der Schülerarbeit'), { target: { value: 'Antwort' } });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Vorhandenen Test wählen' }), { button: 0 });
    expect(await screen.findByText('Noch keine gespeicherten Tests')).toBeInTheDocument();
    expect(calls).toContain('GET /api/tests/u1');
    expect(screen.getByLabelText('Text der Schülerarbeit')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Text der Schülerarbeit'), { target: { value: 'Antwort' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analysieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(analysisMessages.selectTestFirst);
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  });
});
