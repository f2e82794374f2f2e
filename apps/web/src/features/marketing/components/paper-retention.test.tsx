import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PaperRetention as Setting } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { PaperRetention } from './paper-retention';

const config = (paperRetention: Setting) => ({
  'GET /api/auth/get-session': () => json(null),
  'GET /api/config': () =>
    json({
      googleSignIn: false,
      schoolSignIn: [],
      aiProvider: 'builtin',
      aiModels: [],
      defaultAiModel: null,
      paperRetention,
    }),
});

describe('[PRIVACY] the retention period on the privacy page', () => {
  it("says the operator's setting: the end of the school year by default", async () => {
    stubFetch(config({ kind: 'school-year' }));
    renderScreen(<PaperRetention />);
    expect(
      await screen.findByText(
        'am Ende des Schuljahres, in dem sie hochgeladen wurden, also nach dem 31. Juli',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('paper-retention')).toHaveTextContent('Das Ergebnis der Bewertung');
  });

  it('or the number of days the operator set', async () => {
    stubFetch(config({ kind: 'days', days: 90 }));
    renderScreen(<PaperRetention />);
    expect(await screen.findByText('90 Tage nach dem Hochladen')).toBeInTheDocument();
  });
});
