import { describe, expect, it } from 'vitest';
import { chatMessages, type Chat } from '@korrigo/domain';
import { ApiClientError } from '@/lib/api-client';
import type { ChatCache } from './chat-cache';
import { createChatStore, type ChatBackend } from './chat-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function chat(id: string, name: string, messages: Chat['messages'] = []): Chat {
  return { id, name, timestamp: 1_700_000_000, messages };
}

/** A backend in memory: a server that can be switched off, a local copy, and the messages shown. */
function fakeBackend(options: { server?: Chat[]; cache?: ChatCache } = {}) {
  let counter = 0;
  const server = new Map((options.server ?? []).map((c) => [c.id, c]));
  const state = {
    online: true,
    server,
    cache: options.cache ?? { chats: [], unsynced: [] },
    notes: [] as { tone: string; message: string }[],
    asked: [] as { message: string; chatId: string; history: Chat['messages'] }[],
    answer: (message: string): Promise<string> | string => `Antwort auf „${message}“`,
  };
  const backend: ChatBackend = {
    async fetchChats() {
      if (!state.online) throw new ApiClientError(0, 'network', 'offline');
      return [...state.server.values()];
    },
    async saveChat(c) {
      if (!state.online) throw new ApiClientError(0, 'network', 'offline');
      state.server.set(c.id, c);
      return c;
    },
    async deleteChat(id) {
      if (!state.online) throw new ApiClientError(0, 'network', 'offline');
      if (!state.server.has(id)) throw new ApiClientError(404, 'not_found', 'Nicht gefunden.');
      state.server.delete(id);
      return { ok: true };
    },
    async ask(question, { onDelta }) {
      state.asked.push(question);
      const answer = await state.answer(question.message);
      onDelta(answer.slice(0, 5));
      onDelta(answer.slice(5));
      return answer;
    },
    readCache: () => state.cache,
    writeCache: (cache) => {
      state.cache = structuredClone(cache);
    },
    notify: (tone, message) => state.notes.push({ tone, message }),
    newId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
    now: () => new Date('2026-03-01T10:00:00Z'),
  };
  return { backend, state };
}

describe('chat store', () => {
  it('loads the server chats and opens the newest; a greeting goes into an empty chat and is saved', async () => {
    const { backend, state } = fakeBackend({ server: [chat('a', 'Chat 1', [])] });
    const store = createChatStore(backend);
    expect(store.getState().status).toBe('loading');
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'ready', activeId: 'a' });

    store.greet('a', 'Bruchrechnung');
    const greeting = chatMessages.greeting('Bruchrechnung');
    expect(store.getState().chats[0]!.messages).toEqual([{ role: 'assistant', content: greeting }]);
    await settle();
    expect(state.server.get('a')!.messages).toEqual([{ role: 'assistant', content: greeting }]);
    // only once
    store.greet('a', 'Bruchrechnung');
    expect(store.getState().chats[0]!.messages).toHaveLength(1);
  });

  it('starts a new blank chat when there is none, on the server or locally', async () => {
    const { backend } = fakeBackend();
    const store = createChatStore(backend);
    await store.load();
    expect(store.getState().chats).toEqual([
      { id: expect.any(String), name: 'Chat 1', timestamp: 1772359200, messages: [] },
    ]);
  });

  it('falls back to the local copy when loading fails, then to a new chat', async () => {
    const local = chat('l', 'Lokal', [{ role: 'assistant', content: 'Hallo' }]);
    const offline = fakeBackend({ cache: { chats: [local], unsynced: [] } });
    offline.state.online = false;
    const store = createChatStore(offline.backend);
    await store.load();
    expect(store.getState().chats).toEqual([local]);

    const empty = fakeBackend();
    empty.state.online = false;
    const fresh = createChatStore(empty.backend);
    await fresh.load();
    expect(fresh.getState().chats.map((c) => c.name)).toEqual(['Chat 1']);
  });

  it('asks with the history, streams the answer, and saves the exchange', async () => {
    const greeting = { role: 'assistant' as const, content: 'Hallo' };
    const { backend, state } = fakeBackend({ server: [chat('a', 'Chat 1', [greeting])] });
    const store = createChatStore(backend);
    await store.load();
    const seen: string[] = [];
    store.subscribe(() => {
      const pending = store.getState().pending;
      if (pending?.text) seen.push(pending.text);
    });
    await store.send('  Wie kam die Note zustande?  ');
    expect(state.asked).toEqual([
      { message: 'Wie kam die Note zustande?', chatId: 'a', history: [greeting] },
    ]);
    expect(seen).toEqual(['Antwo', 'Antwort auf „Wie kam die Note zustande?“']);
    expect(store.getState().pending).toBeNull();
    await settle();
    expect(state.server.get('a')!.messages).toEqual([
      greeting,
      { role: 'user', content: 'Wie kam die Note zustande?' },
      { role: 'assistant', content: 'Antwort auf „Wie kam die Note zustande?“' },
    ]);
  });

  it('sends nothing while the question is blank or an answer is still coming', async () => {
    const { backend, state } = fakeBackend({ server: [chat('a', 'Chat 1')] });
    let release: (answer: string) => void = () => undefined;
    state.answer = () => new Promise<string>((resolve) => (release = resolve));
    const store = createChatStore(backend);
    await store.load();
    await store.send('   ');
    expect(state.asked).toHaveLength(0);

    const first = store.send('Erste Frage');
    await settle();
    expect(store.getState().pending).not.toBeNull();
    await store.send('Zweite Frage');
    expect(state.asked.map((q) => q.message)).toEqual(['Erste Frage']);
    release('Fertig');
    await first;
    expect(store.getState().chats[0]!.messages.map((m) => m.content)).toEqual(['Erste Frage', 'Fertig']);
  });

  it('shows the spec message when the AI fails, and the server message when the question is refused', async () => {
    const { backend, state } = fakeBackend({ server: [chat('a', 'Chat 1')] });
    const store = createChatStore(backend);
    await store.load();
    state.answer = () => Promise.reject(new Error('stream broke'));
    await store.send('Frage');
    expect(store.getState().chats[0]!.messages.at(-1)).toEqual({
      role: 'assistant',
      content: 'Entschuldigung, es gab ein Problem bei der Kommunikation mit der KI.',
    });
    state.answer = () => Promise.reject(new ApiClientError(409, 'conflict', chatMessages.analysisNotReady));
    await store.send('Noch eine');
    expect(store.getState().chats[0]!.messages.at(-1)!.content).toBe(chatMessages.analysisNotReady);
  });

  it('renames locally first; a blank name is refused; a failed sync keeps the name locally and says so', async () => {
    const { backend, state } = fakeBackend({ server: [chat('a', 'Chat 1')] });
    const store = createChatStore(backend);
    await store.load();
    expect(store.rename('a', '   ')).toBe(chatMessages.nameRequired);
    expect(store.getState().chats[0]!.name).toBe('Chat 1');

    state.online = false;
    expect(store.rename('a', '  Notenfragen ')).toBeNull();
    expect(store.getState().chats[0]!.name).toBe('Notenfragen');
    await settle();
    expect(state.notes).toEqual([{ tone: 'error', message: chatMessages.renameLocalOnly }]);
    expect(state.server.get('a')!.name).toBe('Chat 1');
    expect(state.cache.chats[0]!.name).toBe('Notenfragen');
    expect(state.cache.unsynced).toEqual(['a']);

    // the next visit wins over the server's old name and sends the change again
    state.online = true;
    const again = createChatStore(backend);
    await again.load();
    expect(again.getState().chats[0]!.name).toBe('Notenfragen');
    await settle();
    expect(state.server.get('a')!.name).toBe('Notenfragen');
    expect(state.cache.unsynced).toEqual([]);
  });

  it('keeps a failed save locally and says "Sync fehlgeschlagen"', async () => {
    const { backend, state } = fakeBackend({ server: [chat('a', 'Chat 1')] });
    const store = createChatStore(backend);
    await store.load();
    state.online = false;
    await store.send('Frage');
    await settle();
    expect(state.notes).toContainEqual({ tone: 'error', message: chatMessages.syncFailed });
    expect(state.cache.chats[0]!.messages).toHaveLength(2);
  });

  it('never deletes the last chat, deletes others and opens a neighbour, and reports failures', async () => {
    const { backend, state } = fakeBackend({ server: [chat('a', 'Chat 1'), chat('b', 'Chat 2')] });
    const store = createChatStore(backend);
    await store.load();
    expect(store.getState().activeId).toBe('b');

    state.online = false;
    await store.remove('b');
    expect(state.notes.at(-1)).toEqual({ tone: 'error', message: chatMessages.deleteFailed });
    expect(store.getState().chats).toHaveLength(2);

    state.online = true;
    await store.remove('b');
    expect(store.getState().chats.map((c) => c.id)).toEqual(['a']);
    expect(store.getState().activeId).toBe('a');
    expect(state.server.has('b')).toBe(false);

    await store.remove('a');
    expect(state.notes.at(-1)).toEqual({
      tone: 'error',
      message: 'Sie können den letzten Chat nicht löschen.',
    });
    expect(store.getState().chats.map((c) => c.id)).toEqual(['a']);
  });

  it('a new chat gets the next free name and is deleted locally even if it never reached the server', async () => {
    const { backend } = fakeBackend({ server: [chat('a', 'Chat 2')] });
    const store = createChatStore(backend);
    await store.load();
    store.newChat();
    const created = store.getState().chats[1]!;
    expect(created.name).toBe('Chat 3');
    expect(store.getState().activeId).toBe(created.id);
    await store.remove(created.id);
    expect(store.getState().chats.map((c) => c.id)).toEqual(['a']);
  });
});
