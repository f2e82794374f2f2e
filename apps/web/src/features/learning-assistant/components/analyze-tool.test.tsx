import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { analysisScreenMessages, learningAssistantMessages as t } from '@korrigo/domain';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { AnalyzeTool } from './analyze-tool';

const analysisId = '00000000-0000-4000-8000-0000000000a9';

/** The multipart upload goes through XMLHttpRequest (for its progress): a fake that answers 202. */
class FakeXhr {
  static sent: { url: string; form: FormData }[] = [];
  status = 0;
  responseText = '';
  upload = { addEventListener: () => {} };
  withCredentials = false;
  private url = '';
  private listeners: Record<string, () => void> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = listener;
  }
  send(form: FormData) {
    FakeXhr.sent.push({ url: this.url, form });
    this.status = 202;
    this.responseText = JSON.stringify({ id: analysisId, status: 'processing', remainingCredits: 4 });
    queueMicrotask(() => this.listeners.load?.());
  }
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('AnalyzeTool', () => {
  it('sends her text through the analyse flow with the chosen subject and opens her view of the result', async () => {
    stubFetch({
      'GET /api/auth/get-session': () =>
        json({ session: {}, user: { id: 'u1', email: 'mia@schule.de', name: 'Mia' } }),
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/', element: <AnalyzeTool subject="Deutsch" /> },
        { path: '/analysis/:analysisId', element: <Where /> },
      ],
      '/',
    );
    expect(await screen.findByText(t.analyzeHint)).toBeInTheDocument();
    const subject = screen.getByRole('combobox', { name: analysisScreenMessages.subject });
    expect(subject).toHaveValue('Deutsch');
    expect(screen.getByRole('button', { name: t.analyzeSubmit })).toBeDisabled();
    await user.selectOptions(subject, 'Geschichte');
    await user.type(screen.getByRole('textbox', { name: t.analyzeText }), 'Mein Aufsatz über Rom.');
    await user.click(screen.getByRole('button', { name: t.analyzeSubmit }));

    expect(await screen.findByTestId('where')).toHaveTextContent(`/analysis/${analysisId}`);
    const sent = FakeXhr.sent[0]!;
    expect(sent.url).toBe('/api/analyses');
    expect(sent.form.get('text')).toBe('Mein Aufsatz über Rom.');
    expect(JSON.parse(String(sent.form.get('options')))).toMatchObject({ subject: 'Geschichte' });
  });
});
