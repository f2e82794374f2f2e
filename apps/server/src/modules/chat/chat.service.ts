import {
  chatLimits,
  chatMessages,
  companionRequestSchema,
  gradedTextOf,
  saveChatRequestSchema,
  type Chat,
  type ChatList,
  type CompanionRequest,
  type SaveChatRequest,
} from '@korrigo/domain';
import { builtinCompanion, createLlmCompanion, llmConfigFromEnv, type Companion } from '@korrigo/grading';
import type { Config } from '../../env';
import { AppError, notFound } from '../../platform/errors';
import type { ChatRepository, StoredChat } from './chat.repository';
import type { Plans } from '../plans/plans.service';

/** The builtin companion, or the LLM one when AI_PROVIDER=openai-compatible (ARCHITECTURE.md §4). */
export function companionFromConfig(config: Config): Companion {
  const llm = llmConfigFromEnv(config);
  return llm ? createLlmCompanion(llm) : builtinCompanion;
}

/** spec 000 §3: the server returns the chat's timestamp in seconds. */
function toChat(row: StoredChat): Chat {
  return {
    id: row.id,
    name: row.name,
    timestamp: Math.floor(row.createdAt.getTime() / 1000),
    messages: row.messages,
  };
}

const conflict = (message: string) => new AppError('conflict', message, { status: 409 });

export function createChatService(deps: {
  repository: ChatRepository;
  companion: Companion;
  /** companion requests are counted per month by plan (issue 20) */
  plans: Pick<Plans, 'consume' | 'giveBack'>;
  now?: () => Date;
}) {
  const { repository, companion } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Chats live under the signed-in user and one of that user's analyses (spec 000 §6: chat requires a
   * signed-in user). Another user's id or analysis is answered like a missing one, so nobody can probe ids.
   */
  async function requireOwnAnalysis(signedInUserId: string, userId: string, analysisId: string) {
    if (userId !== signedInUserId) throw notFound();
    const analysis = await repository.findOwnedAnalysis(signedInUserId, analysisId);
    if (!analysis) throw notFound();
    return analysis;
  }

  return {
    async list(signedInUserId: string, query: { userId: string; analysisId: string }): Promise<ChatList> {
      await requireOwnAnalysis(signedInUserId, query.userId, query.analysisId);
      const rows = await repository.listOwned(signedInUserId, query.analysisId);
      return { chats: rows.map(toChat) };
    },

    /**
     * POST /api/chats (spec 000 §7): saves a new chat or renames and updates an own one; the messages are
     * replaced by the ones sent. Another user's chat id is not found; an own chat cannot move to another
     * analysis.
     */
    async save(signedInUserId: string, input: SaveChatRequest): Promise<Chat> {
      const request = saveChatRequestSchema.parse(input);
      await requireOwnAnalysis(signedInUserId, request.userId, request.analysisId);
      const chat = request.chatData;
      const scope = await repository.findScope(chat.id);
      if (scope && scope.userId !== signedInUserId) throw notFound();
      if (scope && scope.analysisId !== request.analysisId) throw conflict(chatMessages.chatOfOtherAnalysis);
      if (!scope) {
        const count = await repository.countOwned(signedInUserId, request.analysisId);
        if (count >= chatLimits.chatsPerAnalysis) throw conflict(chatMessages.tooManyChats);
      }
      const saved = await repository.save({
        id: chat.id,
        userId: signedInUserId,
        analysisId: request.analysisId,
        name: chat.name,
        messages: chat.messages,
        now: now(),
      });
      if (!saved) throw notFound();
      return toChat(saved);
    },

    /** spec 000 §4: the last remaining chat of an analysis cannot be deleted. */
    async remove(
      signedInUserId: string,
      chatId: string,
      query: { userId: string; analysisId: string },
    ): Promise<void> {
      await requireOwnAnalysis(signedInUserId, query.userId, query.analysisId);
      const outcome = await repository.deleteOwned(signedInUserId, query.analysisId, chatId);
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'last_chat') throw conflict(chatMessages.lastChat);
    },

    /**
     * POST /api/openai: checks everything that can fail before an answer starts, then hands back the
     * companion's answer as pieces. The companion reads the stored analysis of the signed-in user only and
     * has no way to write to it: the chat cannot change a grade.
     */
    async prepareReply(signedInUserId: string, input: CompanionRequest) {
      const request = companionRequestSchema.parse(input);
      const analysis = await repository.findOwnedAnalysis(signedInUserId, request.analysisId);
      if (!analysis) throw notFound();
      // the current (reviewed) result only: the engine's suggestion it replaced is not the truth any more
      const result = analysis.result;
      if (analysis.status !== 'done' || !result) throw conflict(chatMessages.analysisNotReady);
      if (request.chatId) {
        const scope = await repository.findScope(request.chatId);
        // a chat that was never synced is fine; one of another user or analysis is not
        if (scope && (scope.userId !== signedInUserId || scope.analysisId !== request.analysisId)) {
          throw notFound();
        }
      }
      await deps.plans.consume(signedInUserId, 'companionRequests', now());
      return {
        engine: companion.name,
        /** the reply failed before a word reached the user: the request does not count */
        giveBack: () => deps.plans.giveBack(signedInUserId, 'companionRequests'),
        stream: (signal?: AbortSignal) =>
          companion.reply(
            {
              result,
              studentText: gradedTextOf(analysis),
              question: request.message,
              history: request.history,
            },
            signal ? { signal } : {},
          ),
      };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
