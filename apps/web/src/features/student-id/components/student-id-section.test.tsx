import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studentIdMessages } from '@korrigo/domain';
import { json, renderScreen, stubFetch } from '@/test/render';
import { studentIdTexts } from '../content/student-id-texts';
import { StudentIdReviewScreen } from './student-id-review-screen';
import { StudentIdSection } from './student-id-section';

const check = {
  id: '5a1c1a52-8c1e-4d53-9a0e-1f2a3b4c5d6e',
  createdAt: '2026-11-20T08:00:00Z',
  reviewedAt: null,
  validUntil: null,
  reviewNote: null,
};

describe('[STUDENT-IDS] Schülerausweis in the profile', () => {
  it('uploads a file and shows the German refusal of a wrong type at the field', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/student-id': () => json({ latest: null, confirmedUntil: null }),
      'POST /api/student-id': () =>
        json({ error: { code: 'unsupported_media_type', message: studentIdMessages.invalidType } }, 415),
    });
    renderScreen(<StudentIdSection />);
    expect(await screen.findByText(studentIdTexts.none)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: studentIdTexts.upload }));
    expect(await screen.findByText(studentIdMessages.missingFile)).toBeInTheDocument();
    // the browser's file field is hidden behind a German button (it would speak the browser's language)
    expect(screen.getByRole('button', { name: studentIdTexts.pickFile })).toBeInTheDocument();
    await userEvent.upload(
      screen.getByTestId('student-id-input'),
      new File(['hallo'], 'ausweis.png', { type: 'image/png' }),
    );
    expect(screen.getByText(studentIdTexts.picked('ausweis.png'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: studentIdTexts.upload }));
    expect(await screen.findByText(studentIdMessages.invalidType)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: studentIdTexts.pickFile })).toHaveAccessibleDescription(
      studentIdMessages.invalidType,
    );
  });

  it('shows a pending upload without a second upload form', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/student-id': () => json({ latest: { ...check, status: 'pending' }, confirmedUntil: null }),
    });
    renderScreen(<StudentIdSection />);
    expect(await screen.findByText('ausstehend')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: studentIdTexts.upload })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: studentIdTexts.viewFile })).toHaveAttribute(
      'href',
      `/api/student-id/reviews/${check.id}/file`,
    );
  });

  it('shows the confirmation with its date, and a rejection with its note and a new upload', async () => {
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/student-id': () =>
        json({
          latest: { ...check, status: 'approved', validUntil: '2027-07-31T21:59:59.999Z' },
          confirmedUntil: '2027-07-31T21:59:59.999Z',
        }),
    });
    const first = renderScreen(<StudentIdSection />);
    expect(await screen.findByText(studentIdTexts.approved('31.07.2027'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: studentIdTexts.upload })).not.toBeInTheDocument();
    first.unmount();

    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/student-id': () =>
        json({ latest: { ...check, status: 'rejected', reviewNote: 'Unscharf.' }, confirmedUntil: null }),
    });
    renderScreen(<StudentIdSection />);
    expect(await screen.findByText(/Grund: Unscharf\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: studentIdTexts.upload })).toBeInTheDocument();
  });
});

describe('[STUDENT-IDS] reviewing', () => {
  it('lists pending uploads and rejects one with a note', async () => {
    const decisions: unknown[] = [];
    const item = {
      id: check.id,
      studentName: 'Lena Schmidt',
      studentEmail: 'lena@example.de',
      schoolNames: ['Gesamtschule Am Park'],
      mimeType: 'image/png',
      sizeBytes: 2048,
      createdAt: '2026-11-20T08:00:00Z',
    };
    stubFetch({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/student-id/reviews': () => json({ operator: false, items: decisions.length ? [] : [item] }),
      [`POST /api/student-id/reviews/${check.id}/decision`]: (init) => {
        decisions.push(JSON.parse(String(init?.body)));
        return json({ ...check, status: 'rejected', reviewNote: 'Unscharf.' });
      },
    });
    renderScreen(<StudentIdReviewScreen />);
    expect(await screen.findByText('Lena Schmidt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: studentIdTexts.openLabel('Lena Schmidt') })).toHaveAttribute(
      'href',
      `/api/student-id/reviews/${check.id}/file`,
    );
    await userEvent.click(screen.getByRole('button', { name: studentIdTexts.rejectLabel('Lena Schmidt') }));
    const dialog = await screen.findByRole('dialog', { name: studentIdTexts.rejectTitle });
    await userEvent.type(within(dialog).getByLabelText(studentIdTexts.rejectNote), 'Unscharf.');
    await userEvent.click(within(dialog).getByRole('button', { name: studentIdTexts.reject }));
    expect(await screen.findByText(studentIdTexts.reviewEmpty)).toBeInTheDocument();
    expect(decisions).toEqual([{ decision: 'reject', note: 'Unscharf.' }]);
  });
});
