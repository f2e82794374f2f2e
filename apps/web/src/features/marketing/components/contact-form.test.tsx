import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { offerRequestMessage } from '@korrigo/domain';
import { json, renderRoutes, stubFetch } from '@/test/render';
import { ContactForm } from './contact-form';

describe('ContactForm', () => {
  it("'Angebot anfragen' arrives with the plan in the message; the subject stays one of the spec's", async () => {
    stubFetch({ 'GET /api/auth/get-session': () => json(null) });
    renderRoutes(
      [{ path: '/contact', element: <ContactForm /> }],
      '/contact?subject=angebot&plan=premium_teacher',
    );
    const message = await screen.findByLabelText(/Nachricht/);
    expect((message as HTMLTextAreaElement).value).toBe(`${offerRequestMessage('premium_teacher')}\n\n`);
    expect((screen.getByLabelText('Betreff') as HTMLSelectElement).value).toBe('allgemein');
  });

  it('an unknown plan leaves the message empty', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => json(null) });
    renderRoutes([{ path: '/contact', element: <ContactForm /> }], '/contact?plan=gold');
    expect(((await screen.findByLabelText(/Nachricht/)) as HTMLTextAreaElement).value).toBe('');
  });
});
