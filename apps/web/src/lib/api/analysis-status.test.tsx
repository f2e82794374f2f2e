import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { json, stubFetch } from '@/test/render';
import { useAnalysisStatus } from './analysis-status';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data }));
    }
  }
  close() {
    this.closed = true;
  }
}

// the status hook's own requests: another component's request left over from a test before (the app's
// public config, read once) may reach the stub on a busy machine and is no request of this hook
const statusCalls = (calls: string[]) => calls.filter((call) => call.includes('/api/analyses/'));

const status = (value: string) =>
  JSON.stringify({ id: 'a1', status: value, errorMessage: null, updatedAt: '2026-11-24T10:00:00.000Z' });

function renderStatus() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useAnalysisStatus('a1'), { wrapper });
}

describe('useAnalysisStatus', () => {
  const original = globalThis.EventSource;
  afterEach(() => {
    globalThis.EventSource = original;
    FakeEventSource.last = undefined;
  });

  it('follows the event stream and asks nothing while it works; closes it when done', async () => {
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    const calls = stubFetch({});
    const { result } = renderStatus();
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/analyses/a1/events');

    act(() => source.emit('status', status('processing')));
    await waitFor(() => expect(result.current.data?.status).toBe('processing'));
    act(() => source.emit('status', status('needs_transcription')));
    await waitFor(() => expect(result.current.data?.status).toBe('needs_transcription'));
    expect(source.closed).toBe(false);
    // a dropped stream after its first event reconnects by itself: no fallback
    act(() => source.emit('error'));
    act(() => source.emit('status', status('done')));
    await waitFor(() => expect(result.current.data?.status).toBe('done'));
    expect(source.closed).toBe(true);
    expect(statusCalls(calls)).toEqual([]);
  });

  it('reads the status every 10 s while the stream is open but silent, so a lost event costs seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
      const calls = stubFetch({ 'GET /api/analyses/a1/status': () => json(JSON.parse(status('done'))) });
      const { result } = renderStatus();
      act(() => FakeEventSource.last!.emit('status', status('processing')));
      await waitFor(() => expect(result.current.data?.status).toBe('processing'));
      expect(statusCalls(calls)).toEqual([]);
      // the 'done' event never comes
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      await waitFor(() => expect(result.current.data?.status).toBe('done'));
      expect(statusCalls(calls)).toEqual(['GET /api/analyses/a1/status']);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(statusCalls(calls)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks /status instead when the stream cannot open', async () => {
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    const calls = stubFetch({ 'GET /api/analyses/a1/status': () => json(JSON.parse(status('done'))) });
    const { result } = renderStatus();
    act(() => FakeEventSource.last!.emit('error'));
    await waitFor(() => expect(result.current.data?.status).toBe('done'));
    expect(FakeEventSource.last!.closed).toBe(true);
    expect(statusCalls(calls)).toEqual(['GET /api/analyses/a1/status']);
  });
});
