import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FileDropZone } from './file-drop-zone';

describe('FileDropZone', () => {
  it('shows a photo as its thumbnail, and the file icon when the browser cannot draw it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const photo = new File([new Uint8Array(68)], 'flut.png', { type: 'image/png' });
    const { container } = render(<FileDropZone files={[photo]} onAdd={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.getByText('flut.png')).toBeInTheDocument();
    const thumbnail = await vi.waitFor(() => {
      const img = container.querySelector('img');
      if (!img) throw new Error('no thumbnail yet');
      return img;
    });
    expect(thumbnail).toHaveAttribute('src', 'blob:preview');

    fireEvent.error(thumbnail);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg.lucide-file-text')).not.toBeNull();
  });
});
