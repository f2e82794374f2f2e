import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@korrigo/domain';
import { PhotoPicker } from './photo-picker';

describe('PhotoPicker', () => {
  it('refuses a wrong type and a too large file with the spec messages, accepts a good one', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const onFileChange = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    render(<PhotoPicker name="Ada Lovelace" currentPhoto={null} file={null} onFileChange={onFileChange} />);
    const input = screen.getByTestId('photo-input');

    await user.upload(input, new File(['%PDF'], 'arbeit.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.profile.invalidImageType);
    expect(onFileChange).toHaveBeenLastCalledWith(null);

    const big = new File(['x'], 'gross.png', { type: 'image/png' });
    // Claim the size instead of allocating 5 MB: keeps the test fast.
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.profile.imageTooLarge);

    const good = new File([new Uint8Array(10)], 'foto.webp', { type: 'image/webp' });
    await user.upload(input, good);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onFileChange).toHaveBeenLastCalledWith(good);
  });
});
