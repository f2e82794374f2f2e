import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { askCompanion, takeEvents } from './ask-companion';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A fetch answering with these body pieces, one read each. */
function streamingFetch(pieces: string[], init: ResponseInit = {}) {
  const requests: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = (async (url: RequestInfo | URL, requestInit?: RequestInit) => {
    requests.push({ url: String(url), init: requestInit ?? {} });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init });
  }) as typeof fetch;
  return requests;
}

const question = { message: 'Note?', analysisId: 'a1', chatId: 'c1', history: [] };

describe('askCompanion', () => {
  it('reads events split anywhere across reads and returns the whole reply', async () => {
    const requests = streamingFetch([
      'event: delta\ndata: {"text":"Die No',
      'te ist 2."}\n\nevent: delta\r\ndata: {"text":" Gut."}\r\n\r\n',
      'event: done\ndata: {"reply":"Die Note ist 2. Gut."}\n\n',
    ]);
    const pieces: string[] = [];
    const reply = await askCompanion(question, { onDelta: (text) => pieces.push(text) });
    expect(reply).toBe('Die Note ist 2. Gut.');
    expect(pieces).toEqual(['Die Note ist 2.', ' Gut.']);
    expect(requests[0]!.url).toBe('/api/openai');
    expect(requests[0]!.init.headers).toMatchObject({ Accept: 'text/event-stream' });
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual(question);
  });

  it('throws on an error event and on a stream that ends without done', async () => {
    streamingFetch(['event: error\ndata: {"message":"kaputt"}\n\n']);
    await expect(askCompanion(question)).rejects.toThrow('kaputt');
    streamingFetch(['event: delta\ndata: {"text":"halb"}\n\n']);
    await expect(askCompanion(question)).rejects.toThrow('ended early');
  });

  it('turns a refused question into an ApiClientError with the server message', async () => {
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ error: { code: 'conflict', message: 'Noch nicht fertig.' } }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const error = await askCompanion(question).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 409, message: 'Noch nicht fertig.' });
  });

  it('takeEvents keeps an unfinished event for the next read', () => {
    expect(takeEvents('event: delta\ndata: {"text":"a"}\n\nevent: del')).toEqual({
      events: [{ event: 'delta', data: { text: 'a' } }],
      rest: 'event: del',
    });
  });
});
