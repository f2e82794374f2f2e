import { chatSchema, type Chat } from '@korrigo/domain';

/**
 * The local copy of an analysis's chats (spec 000 §4: saving and loading chats fall back to local
 * storage). `unsynced` names the chats whose last change has not reached the server yet: after the next
 * successful load they win over the server's copy and are sent again.
 */
export type ChatCache = { chats: Chat[]; unsynced: string[] };

/** Whatever is stored is checked: an old or foreign value is ignored chat by chat, never trusted. */
function parseCache(value: unknown): ChatCache {
  if (!value || typeof value !== 'object') return { chats: [], unsynced: [] };
  const { chats, unsynced } = value as { chats?: unknown; unsynced?: unknown };
  return {
    chats: Array.isArray(chats)
      ? chats.flatMap((chat) => {
          const parsed = chatSchema.safeParse(chat);
          return parsed.success ? [parsed.data] : [];
        })
      : [],
    unsynced: Array.isArray(unsynced) ? unsynced.filter((id): id is string => typeof id === 'string') : [],
  };
}

export const chatCacheKey = (userId: string, analysisId: string) => `chats:${userId}:${analysisId}`;

export function readChatCache(userId: string, analysisId: string): ChatCache {
  try {
    const raw = localStorage.getItem(chatCacheKey(userId, analysisId));
    if (!raw) return { chats: [], unsynced: [] };
    return parseCache(JSON.parse(raw));
  } catch {
    // storage disabled or unreadable: the chat works without the local copy
    return { chats: [], unsynced: [] };
  }
}

export function writeChatCache(userId: string, analysisId: string, cache: ChatCache): void {
  try {
    localStorage.setItem(chatCacheKey(userId, analysisId), JSON.stringify(cache));
  } catch {
    // full or disabled storage: the server copy stays the only one
  }
}

/**
 * The chats to show after a successful load: the server's, in its order, except where the local copy has
 * an unsynced change (that one wins, and chats that only exist locally are kept at the end).
 */
export function mergeChats(server: Chat[], cache: ChatCache): Chat[] {
  const local = new Map(cache.chats.map((chat) => [chat.id, chat]));
  const pending = new Set(cache.unsynced.filter((id) => local.has(id)));
  const merged = server.map((chat) => (pending.has(chat.id) ? local.get(chat.id)! : chat));
  const known = new Set(server.map((chat) => chat.id));
  for (const id of pending) if (!known.has(id)) merged.push(local.get(id)!);
  return merged;
}
