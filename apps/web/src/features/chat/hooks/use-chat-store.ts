import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { chatGreetingDelayMs } from '@korrigo/domain';
import { askCompanion } from '../api/ask-companion';
import { deleteChat, fetchChats, saveChat } from '../api/chats';
import { readChatCache, writeChatCache } from '../utils/chat-cache';
import { createChatStore, type ChatStore } from '../utils/chat-store';

/** The store of one analysis's chats, wired to the API, the local copy and the toasts. */
function createBrowserChatStore(userId: string, analysisId: string): ChatStore {
  return createChatStore({
    fetchChats: () => fetchChats(userId, analysisId),
    saveChat: (chat) => saveChat(userId, analysisId, chat),
    deleteChat: (chatId) => deleteChat(userId, analysisId, chatId),
    ask: (question, options) => askCompanion({ ...question, analysisId }, options),
    readCache: () => readChatCache(userId, analysisId),
    writeCache: (cache) => writeChatCache(userId, analysisId, cache),
    notify: (tone, message) => (tone === 'error' ? toast.error(message) : toast.success(message)),
    newId: () => crypto.randomUUID(),
    now: () => new Date(),
  });
}

/**
 * The chats of one analysis for a screen: loaded when it mounts, the greeting 500 ms after a chat without
 * messages is shown (spec 000 §4, §9), an answer under way stopped when the screen goes.
 */
export function useChatStore(store: ChatStore, options: { visible: boolean; title: string }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);

  const active = state.chats.find((chat) => chat.id === state.activeId);
  const needsGreeting = options.visible && state.status === 'ready' && active?.messages.length === 0;
  const activeId = active?.id;
  useEffect(() => {
    if (!needsGreeting || !activeId) return;
    const timer = setTimeout(() => store.greet(activeId, options.title), chatGreetingDelayMs);
    return () => clearTimeout(timer);
  }, [needsGreeting, activeId, store, options.title]);

  return state;
}

/** One store for the life of the screen; the caller keys the screen by user and analysis. */
export function useBrowserChatStore(userId: string, analysisId: string): ChatStore {
  const [store] = useState(() => createBrowserChatStore(userId, analysisId));
  return store;
}
