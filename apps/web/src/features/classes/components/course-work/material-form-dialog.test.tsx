import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { courseWorkMessages } from '@korrigo/domain';
import { Toaster } from '@/components/ui';
import { createQueryClient } from '@/lib/query-client';
import { json, stubFetch } from '@/test/render';
import { MaterialFormDialog } from './material-form-dialog';

const courseId = '11111111-1111-4111-8111-111111111111';

function renderDialog(onClose = () => undefined) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MaterialFormDialog courseId={courseId} material={null} onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('[CLASSES] MaterialFormDialog', () => {
  it('sends a new material with its files in one request; a refused upload creates nothing and says why', async () => {
    const user = userEvent.setup();
    const sent: FormData[] = [];
    const calls = stubFetch({
      [`POST /api/courses/${courseId}/materials/upload`]: (init) => {
        sent.push(init?.body as FormData);
        return json(
          {
            error: {
              code: 'validation',
              message: courseWorkMessages.unsupportedFile('tarnung.pdf'),
            },
          },
          400,
        );
      },
      [`GET /api/courses/${courseId}/materials`]: () => json([]),
      [`GET /api/courses/${courseId}/assignments`]: () => json([]),
      [`GET /api/courses/${courseId}/exams`]: () => json([]),
    });
    let closed = false;
    renderDialog(() => {
      closed = true;
    });
    await user.type(screen.getByLabelText(/Titel/), 'Arbeitsblatt');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'tarnung.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: courseWorkMessages.create }));

    expect(
      await screen.findByText(
        `${courseWorkMessages.uploadFailed} ${courseWorkMessages.unsupportedFile('tarnung.pdf')}`,
      ),
    ).toBeInTheDocument();
    // one request with the fields and the file; no material was created on its own before it
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      `POST /api/courses/${courseId}/materials/upload`,
    ]);
    expect(sent[0]!.get('title')).toBe('Arbeitsblatt');
    expect(sent[0]!.get('type')).toBe('exercise');
    expect((sent[0]!.get('files') as File).name).toBe('tarnung.pdf');
    await waitFor(() => expect(closed).toBe(false));
    expect(screen.getByLabelText(/Titel/)).toHaveValue('Arbeitsblatt');
  });
});
