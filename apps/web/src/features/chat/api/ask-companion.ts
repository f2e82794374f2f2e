import type { ChatMessage } from '@korrigo/domain';
import { ApiClientError, NETWORK_STATUS, toApiError } from '@/lib/api-client';
import { messages } from '@korrigo/domain';

export type CompanionQuestion = {
  message: string;
  analysisId: string;
  chatId?: string;
  history: ChatMessage[];
};

type StreamEvent = { event: string; data: unknown };

/** Splits server-sent events off the front of `buffer`; the unfinished rest is returned for the next read. */
export function takeEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const normalised = buffer.replace(/\r\n/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) continue;
    try {
      events.push({ event, data: JSON.parse(data.join('\n')) });
    } catch {
      // a broken event is skipped; the answer then ends without 'done' and counts as failed
    }
  }
  return { events, rest };
}

/**
 * POST /api/openai with `Accept: text/event-stream`: the companion's answer arrives in pieces (`onDelta`)
 * and the whole reply is returned at the end. A refused question is an ApiClientError with the server's
 * German message; a broken stream or an `error` event throws too.
 */
export async function askCompanion(
  question: CompanionQuestion,
  options: { onDelta?: (text: string) => void; signal?: AbortSignal } = {},
): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/openai', {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(question),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiClientError(NETWORK_STATUS, 'network', messages.http.network);
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw toApiError(response.status, body);
  }
  if (!response.body) throw new Error('no answer body');

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: !done });
    const { events, rest } = takeEvents(done ? `${buffer}\n\n` : buffer);
    buffer = rest;
    for (const { event, data } of events) {
      const payload = data as { text?: string; reply?: string; message?: string };
      if (event === 'delta' && typeof payload.text === 'string') options.onDelta?.(payload.text);
      if (event === 'done' && typeof payload.reply === 'string') {
        void reader.cancel().catch(() => undefined);
        return payload.reply;
      }
      if (event === 'error') throw new Error(payload.message ?? 'companion error');
    }
    if (done) throw new Error('the answer ended early');
  }
}
