import { describe, expect, it } from 'vitest';
import type { Chat } from '@korrigo/domain';
import { mergeChats, readChatCache, writeChatCache, chatCacheKey } from './chat-cache';

const chat = (id: string, name: string): Chat => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  timestamp: 1,
  messages: [],
});

describe('chat cache', () => {
  it('writes and reads the chats of one user and analysis', () => {
    writeChatCache('u1', 'a1', { chats: [chat('1', 'Eins')], unsynced: [] });
    expect(readChatCache('u1', 'a1').chats.map((c) => c.name)).toEqual(['Eins']);
    expect(readChatCache('u2', 'a1')).toEqual({ chats: [], unsynced: [] });
  });

  it('ignores what is not a chat', () => {
    localStorage.setItem(
      chatCacheKey('u1', 'a1'),
      JSON.stringify({ chats: [chat('1', 'Eins'), { id: 'x', name: '' }, 5], unsynced: [3, 'a'] }),
    );
    expect(readChatCache('u1', 'a1')).toEqual({ chats: [chat('1', 'Eins')], unsynced: ['a'] });
    localStorage.setItem(chatCacheKey('u1', 'a1'), '{kaputt');
    expect(readChatCache('u1', 'a1')).toEqual({ chats: [], unsynced: [] });
  });

  it('merges: unsynced local changes win and local-only chats are kept', () => {
    const server = [chat('1', 'Server eins'), chat('2', 'Server zwei')];
    const local = {
      chats: [chat('1', 'Lokal eins'), chat('2', 'Lokal zwei'), chat('3', 'Nur lokal')],
      unsynced: [chat('1', '').id, chat('3', '').id],
    };
    expect(mergeChats(server, local).map((c) => c.name)).toEqual(['Lokal eins', 'Server zwei', 'Nur lokal']);
  });
});
