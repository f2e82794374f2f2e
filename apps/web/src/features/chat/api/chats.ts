import type { Chat, ChatList } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

const scope = (userId: string, analysisId: string) =>
  `userId=${encodeURIComponent(userId)}&analysisId=${encodeURIComponent(analysisId)}`;

/** GET /api/chats?userId&analysisId (spec 000 §7): the analysis's chats, oldest first. */
export async function fetchChats(userId: string, analysisId: string, signal?: AbortSignal): Promise<Chat[]> {
  const list = await apiFetch<ChatList>(`/api/chats?${scope(userId, analysisId)}`, { signal });
  return list.chats;
}

/** POST /api/chats (spec 000 §7): saves or renames a chat; the whole chat travels each time. */
export function saveChat(userId: string, analysisId: string, chat: Chat): Promise<Chat> {
  return apiFetch<Chat>('/api/chats', { method: 'POST', body: { userId, analysisId, chatData: chat } });
}

/** DELETE /api/chats/{id}?userId&analysisId (spec 000 §7). */
export function deleteChat(userId: string, analysisId: string, chatId: string): Promise<unknown> {
  return apiFetch(`/api/chats/${encodeURIComponent(chatId)}?${scope(userId, analysisId)}`, {
    method: 'DELETE',
  });
}
