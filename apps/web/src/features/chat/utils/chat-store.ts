import { chatLimits, chatMessages as t, chatNameSchema, type Chat, type ChatMessage } from '@korrigo/domain';
import { ApiClientError } from '@/lib/api-client';
import { mergeChats, type ChatCache } from './chat-cache';

/** What the store needs from the outside world; the screen passes the real calls, tests pass fakes. */
export type ChatBackend = {
  fetchChats(): Promise<Chat[]>;
  saveChat(chat: Chat): Promise<unknown>;
  deleteChat(chatId: string): Promise<unknown>;
  ask(
    question: { message: string; chatId: string; history: ChatMessage[] },
    options: { onDelta: (text: string) => void; signal: AbortSignal },
  ): Promise<string>;
  readCache(): ChatCache;
  writeCache(cache: ChatCache): void;
  /** a message for the user (a toast on screen) */
  notify(tone: 'error' | 'success', message: string): void;
  newId(): string;
  now(): Date;
};

export type ChatState = {
  status: 'loading' | 'ready';
  chats: Chat[];
  activeId: string | null;
  /** the answer being written, while a question is open */
  pending: { chatId: string; text: string } | null;
};

/**
 * The chat companion's state for one analysis (spec 000 §4 Chat): load with fallbacks (server, then the
 * local copy, then a new blank chat), the greeting, new chat, rename (locally first), delete (never the
 * last), and questions with their streamed answers. Every change is written to the local copy at once and
 * then saved on the server, one save per chat at a time so that an older save never lands last.
 */
export function createChatStore(backend: ChatBackend) {
  let state: ChatState = { status: 'loading', chats: [], activeId: null, pending: null };
  const listeners = new Set<() => void>();
  const unsynced = new Set<string>();
  const saving = new Map<string, Promise<void>>();
  /** the question under way, so that leaving the screen can stop its answer */
  let asking: AbortController | null = null;
  let started = false;

  function set(next: Partial<ChatState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function cache() {
    backend.writeCache({ chats: state.chats, unsynced: [...unsynced] });
  }

  function replace(chat: Chat) {
    set({ chats: state.chats.map((c) => (c.id === chat.id ? chat : c)) });
  }

  const find = (id: string | null) => state.chats.find((chat) => chat.id === id);

  function blankChat(): Chat {
    const names = new Set(state.chats.map((chat) => chat.name));
    let n = state.chats.length + 1;
    while (names.has(t.defaultName(n))) n += 1;
    return {
      id: backend.newId(),
      name: t.defaultName(n),
      timestamp: Math.floor(backend.now().getTime() / 1000),
      messages: [],
    };
  }

  /** Saves the chat's latest state after any save of it still under way; false when it failed. */
  function sync(chatId: string): Promise<boolean> {
    unsynced.add(chatId);
    cache();
    const previous = saving.get(chatId) ?? Promise.resolve();
    let ok = false;
    const next = previous.then(async () => {
      const chat = find(chatId);
      if (!chat || !unsynced.has(chatId)) {
        ok = true;
        return;
      }
      try {
        // the newest messages when a very long chat exceeds what one chat may hold
        await backend.saveChat({ ...chat, messages: chat.messages.slice(-chatLimits.messagesPerChat) });
        if (find(chatId) === chat) unsynced.delete(chatId);
        cache();
        ok = true;
      } catch {
        ok = false;
      }
    });
    saving.set(chatId, next);
    return next.then(() => ok);
  }

  async function persist(chatId: string, failure: string = t.syncFailed) {
    if (!(await sync(chatId))) backend.notify('error', failure);
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads once: the server's chats (with unsynced local changes on top), else the local copy, else a new chat. */
    async load() {
      if (started) return;
      started = true;
      const local = backend.readCache();
      let chats: Chat[];
      try {
        const server = await backend.fetchChats();
        for (const id of local.unsynced) unsynced.add(id);
        chats = mergeChats(server, local);
      } catch {
        chats = local.chats;
        for (const id of local.unsynced) unsynced.add(id);
      }
      if (chats.length === 0) chats = [blankChat()];
      set({ status: 'ready', chats, activeId: chats[chats.length - 1]!.id });
      cache();
      // changes that did not reach the server last time are sent again, quietly
      for (const id of [...unsynced]) if (find(id)) void sync(id);
    },

    select(chatId: string) {
      if (find(chatId)) set({ activeId: chatId });
    },

    /** spec 000 §4: the first assistant greeting, added once to a chat without messages. */
    greet(chatId: string, title: string) {
      const chat = find(chatId);
      if (!chat || chat.messages.length > 0) return;
      replace({ ...chat, messages: [{ role: 'assistant', content: t.greeting(title) }] });
      void persist(chatId);
    },

    newChat() {
      const chat = blankChat();
      set({ chats: [...state.chats, chat], activeId: chat.id });
      cache();
    },

    /** spec 000 §4, §5: a non-empty trimmed name; renamed here first, kept here if the server is not reached. */
    rename(chatId: string, name: string): string | null {
      const parsed = chatNameSchema.safeParse(name);
      if (!parsed.success) return parsed.error.issues[0]?.message ?? t.nameRequired;
      const chat = find(chatId);
      if (!chat) return null;
      replace({ ...chat, name: parsed.data });
      void persist(chatId, t.renameLocalOnly);
      return null;
    },

    /** Deletes after the confirmation; the last chat stays (spec 000 §4, §8). */
    async remove(chatId: string) {
      if (state.chats.length <= 1) {
        backend.notify('error', t.lastChat);
        return;
      }
      try {
        await backend.deleteChat(chatId);
      } catch (error) {
        // never saved on the server: there is nothing to delete there
        const gone = error instanceof ApiClientError && error.status === 404;
        if (!gone) {
          const refused = error instanceof ApiClientError && error.status === 409;
          backend.notify('error', refused ? error.message : t.deleteFailed);
          return;
        }
      }
      const index = state.chats.findIndex((chat) => chat.id === chatId);
      const chats = state.chats.filter((chat) => chat.id !== chatId);
      unsynced.delete(chatId);
      const activeId =
        state.activeId === chatId ? (chats[Math.min(index, chats.length - 1)]?.id ?? null) : state.activeId;
      set({ chats, activeId });
      cache();
      backend.notify('success', t.deleted);
    },

    /** spec 000 §5: nothing is sent while the question is blank or an answer is still coming. */
    async send(text: string) {
      const question = text.trim().slice(0, chatLimits.messageMaxLength);
      const chat = find(state.activeId);
      if (!question || state.pending || !chat) return;
      const history = chat.messages.slice(-chatLimits.historyMessages);
      const asked: Chat = { ...chat, messages: [...chat.messages, { role: 'user', content: question }] };
      replace(asked);
      set({ pending: { chatId: chat.id, text: '' } });
      cache();
      const controller = new AbortController();
      asking = controller;
      let answer: string;
      try {
        answer = await backend.ask(
          { message: question, chatId: chat.id, history },
          {
            signal: controller.signal,
            onDelta: (piece) => {
              if (state.pending) set({ pending: { ...state.pending, text: state.pending.text + piece } });
            },
          },
        );
      } catch (error) {
        if (controller.signal.aborted) {
          set({ pending: null });
          return;
        }
        // a refused question says why (e.g. not finished yet); anything else is the spec's AI failure
        const refused =
          error instanceof ApiClientError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 401;
        answer = refused ? error.message : t.aiFailed;
      }
      asking = null;
      const current = find(chat.id);
      set({ pending: null });
      if (!current) return;
      replace({
        ...current,
        messages: [
          ...current.messages,
          { role: 'assistant', content: answer.slice(0, chatLimits.storedMessageMaxLength) },
        ],
      });
      void persist(chat.id);
    },

    /** Stops an answer under way when the screen goes away. */
    dispose() {
      asking?.abort();
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
