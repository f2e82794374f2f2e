import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ChatMessage } from '@korrigo/domain';
import { analyses, chatMessageRecords, chats } from '../../db/schema';
import type { Database } from '../../platform/db';

type ChatRow = typeof chats.$inferSelect;
export type StoredChat = ChatRow & { messages: ChatMessage[] };

/** What the companion reads of an analysis: its state, its (reviewed) result and the text that was graded. */
export type CompanionAnalysis = Pick<
  typeof analyses.$inferSelect,
  'id' | 'status' | 'title' | 'result' | 'inputText' | 'extractedText'
>;

export function createChatRepository(db: Database) {
  async function messagesOf(chatIds: string[]): Promise<Map<string, ChatMessage[]>> {
    const byChat = new Map<string, ChatMessage[]>();
    if (chatIds.length === 0) return byChat;
    const rows = await db
      .select({
        chatId: chatMessageRecords.chatId,
        role: chatMessageRecords.role,
        content: chatMessageRecords.content,
      })
      .from(chatMessageRecords)
      .where(inArray(chatMessageRecords.chatId, chatIds))
      .orderBy(asc(chatMessageRecords.chatId), asc(chatMessageRecords.position));
    for (const row of rows) {
      const list = byChat.get(row.chatId) ?? [];
      list.push({ role: row.role, content: row.content });
      byChat.set(row.chatId, list);
    }
    return byChat;
  }

  return {
    /** The user's own analysis; another user's id finds nothing. */
    async findOwnedAnalysis(userId: string, analysisId: string): Promise<CompanionAnalysis | undefined> {
      const [row] = await db
        .select({
          id: analyses.id,
          status: analyses.status,
          title: analyses.title,
          result: analyses.result,
          inputText: analyses.inputText,
          extractedText: analyses.extractedText,
        })
        .from(analyses)
        .where(and(eq(analyses.id, analysisId), eq(analyses.userId, userId)));
      return row;
    },

    /** The chats of one analysis of one user, oldest first, with their messages in order. */
    async listOwned(userId: string, analysisId: string): Promise<StoredChat[]> {
      const rows = await db
        .select()
        .from(chats)
        .where(and(eq(chats.userId, userId), eq(chats.analysisId, analysisId)))
        .orderBy(asc(chats.createdAt), asc(chats.id));
      const messages = await messagesOf(rows.map((row) => row.id));
      return rows.map((row) => ({ ...row, messages: messages.get(row.id) ?? [] }));
    },

    async countOwned(userId: string, analysisId: string): Promise<number> {
      const rows = await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.userId, userId), eq(chats.analysisId, analysisId)));
      return rows.length;
    },

    /** Whoever owns a chat id, under whichever analysis: a save may not take over another chat. */
    async findScope(chatId: string): Promise<{ userId: string; analysisId: string } | undefined> {
      const [row] = await db
        .select({ userId: chats.userId, analysisId: chats.analysisId })
        .from(chats)
        .where(eq(chats.id, chatId));
      return row;
    },

    /**
     * Inserts the chat or overwrites the same owner's chat of the same analysis, and replaces its messages,
     * in one transaction. The WHERE on the conflict branch keeps another owner's row untouched even if two
     * saves race; then nothing is written and undefined comes back.
     */
    async save(values: {
      id: string;
      userId: string;
      analysisId: string;
      name: string;
      messages: ChatMessage[];
      now: Date;
    }): Promise<StoredChat | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chats)
          .values({
            id: values.id,
            userId: values.userId,
            analysisId: values.analysisId,
            name: values.name,
            createdAt: values.now,
            updatedAt: values.now,
          })
          .onConflictDoUpdate({
            target: chats.id,
            set: { name: values.name, updatedAt: values.now },
            setWhere: and(eq(chats.userId, values.userId), eq(chats.analysisId, values.analysisId)),
          })
          .returning();
        if (!row) return undefined;
        await tx.delete(chatMessageRecords).where(eq(chatMessageRecords.chatId, row.id));
        if (values.messages.length > 0) {
          await tx.insert(chatMessageRecords).values(
            values.messages.map((message, position) => ({
              chatId: row.id,
              position,
              role: message.role,
              content: message.content,
              createdAt: values.now,
            })),
          );
        }
        return { ...row, messages: values.messages };
      });
    },

    /**
     * Deletes one chat of the user's analysis unless it is the last one there (spec 000 §4). The chats of
     * the analysis are locked first, so two deletes at once cannot remove the last two chats together.
     */
    async deleteOwned(
      userId: string,
      analysisId: string,
      chatId: string,
    ): Promise<'deleted' | 'not_found' | 'last_chat'> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: chats.id })
          .from(chats)
          .where(and(eq(chats.userId, userId), eq(chats.analysisId, analysisId)))
          .for('update');
        if (!rows.some((row) => row.id === chatId)) return 'not_found';
        if (rows.length <= 1) return 'last_chat';
        await tx.delete(chats).where(eq(chats.id, chatId));
        return 'deleted';
      });
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
