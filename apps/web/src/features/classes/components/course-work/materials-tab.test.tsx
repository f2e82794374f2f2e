import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { courseWorkMessages, type Material } from '@korrigo/domain';
import { createQueryClient } from '@/lib/query-client';
import { json, stubFetch } from '@/test/render';
import { MaterialsTab } from './materials-tab';

const courseId = '11111111-1111-4111-8111-111111111111';
const material: Material = {
  id: '22222222-2222-4222-8222-222222222222',
  courseId,
  title: 'Skript Zellbiologie',
  description: '',
  type: 'lecture',
  author: 'Frau Berger',
  text: '',
  files: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'zellen.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 2048,
      uploadedAt: '2026-11-24T09:30:00.000Z',
    },
  ],
  uploadDate: '2026-11-24T09:30:00.000Z',
  updatedAt: '2026-11-24T09:30:00.000Z',
};

function renderTab(canEdit: boolean) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MaterialsTab courseId={courseId} canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

describe('[CLASSES] MaterialsTab', () => {
  it('shows a teacher the material with its type, date, download and the edit and delete buttons', async () => {
    stubFetch({ [`GET /api/courses/${courseId}/materials`]: () => json([material]) });
    renderTab(true);
    expect(await screen.findByRole('heading', { name: 'Skript Zellbiologie' })).toBeInTheDocument();
    expect(screen.getByText('Vorlesung')).toBeInTheDocument();
    expect(screen.getByText(/24\.11\.2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: courseWorkMessages.download('zellen.pdf') })).toHaveAttribute(
      'href',
      `/api/courses/${courseId}/materials/${material.id}/files/${material.files[0]!.id}`,
    );
    expect(screen.getByRole('button', { name: courseWorkMessages.newMaterial })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skript Zellbiologie bearbeiten' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skript Zellbiologie löschen' })).toBeInTheDocument();
  });

  it('lets a participant read and download, with no button that writes', async () => {
    stubFetch({ [`GET /api/courses/${courseId}/materials`]: () => json([material]) });
    renderTab(false);
    expect(
      await screen.findByRole('link', { name: courseWorkMessages.download('zellen.pdf') }),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells an empty list from a failed one', async () => {
    stubFetch({ [`GET /api/courses/${courseId}/materials`]: () => json([]) });
    const { unmount } = renderTab(true);
    expect(await screen.findByText(courseWorkMessages.emptyMaterials)).toBeInTheDocument();
    unmount();
    stubFetch({
      [`GET /api/courses/${courseId}/materials`]: () =>
        json({ error: { code: 'internal', message: 'Es ist ein interner Fehler aufgetreten.' } }, 500),
    });
    renderTab(true);
    expect(await screen.findByText(courseWorkMessages.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: courseWorkMessages.retry })).toBeInTheDocument();
  });
});
