import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { Toaster, toast, TOAST_DURATION_MS, toastTypes } from './toaster';

afterEach(() => {
  vi.useRealTimers();
});

describe('Toaster (spec 000 §4 toast types, §9 default duration)', () => {
  it('has the four types, 4000 ms by default', () => {
    expect(toastTypes).toEqual(['success', 'error', 'warning', 'info']);
    expect(TOAST_DURATION_MS).toBe(4000);
  });

  it('shows every type in one polite live region, with its description and a close button', async () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: /Hinweise/ });
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => {
      toast.success('Gespeichert', { description: 'Alles da.' });
      toast.error('Fehlgeschlagen');
      toast.warning('Achtung');
      toast.info('Zur Info');
    });
    for (const [type, text] of [
      ['success', 'Gespeichert'],
      ['error', 'Fehlgeschlagen'],
      ['warning', 'Achtung'],
      ['info', 'Zur Info'],
    ] as const) {
      const item = (await within(region).findByText(text)).closest('[data-sonner-toast]');
      expect(item, text).toHaveAttribute('data-type', type);
    }
    expect(within(region).getByText('Alles da.')).toBeInTheDocument();
    expect(within(region).getAllByRole('button', { name: 'Schließen' }).length).toBeGreaterThanOrEqual(1);
  });

  it('disappears after 4000 ms, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    render(<Toaster />);
    act(() => {
      toast.info('Kurz sichtbar');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Kurz sichtbar')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 300);
    });
    expect(screen.getByText('Kurz sichtbar')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('Kurz sichtbar')).toBeNull();
  });
});
