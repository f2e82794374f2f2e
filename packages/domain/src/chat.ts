import { z } from 'zod';

/**
 * The chat companion beside a result (spec 000 §2 'Chat companion panel', §3 Chat, §4, §5, §7, §8, §9).
 * Strings quoted from spec 000 §8 are verbatim; the others are ours, in the spec's Sie-form of the chat
 * messages.
 */
export const chatMessages = {
  // spec 000 §8
  aiFailed: 'Entschuldigung, es gab ein Problem bei der Kommunikation mit der KI.',
  syncFailed: 'Sync fehlgeschlagen. Bitte Internetverbindung prüfen.',
  lastChat: 'Sie können den letzten Chat nicht löschen.',
  deleteFailed: 'Fehler beim Löschen des Chats. Bitte versuchen Sie es später erneut.',
  // ours: spec 000 §8 says the rename failure tells that the name changed locally only, without its wording
  renameLocalOnly:
    'Der Chat wurde nur auf diesem Gerät umbenannt: Der neue Name konnte nicht synchronisiert werden.',
  // ours: spec 000 §5 'a rename needs a non-empty trimmed name'
  nameRequired: 'Bitte geben Sie einen Namen für den Chat ein.',
  nameTooLong: 'Der Name darf höchstens 80 Zeichen lang sein.',
  messageRequired: 'Bitte geben Sie eine Frage ein.',
  messageTooLong: 'Die Frage darf höchstens 4000 Zeichen lang sein.',
  analysisNotReady: 'Der KI-Begleiter antwortet, sobald die Analyse fertig ist.',
  chatOfOtherAnalysis: 'Dieser Chat gehört zu einer anderen Analyse.',
  tooManyChats:
    'Zu dieser Analyse gibt es schon 50 Chats. Bitte löschen Sie einen Chat, bevor Sie einen neuen beginnen.',
  // ours: the panel
  panelTitle: 'KI-Begleiter',
  aiNotice:
    'Sie schreiben mit einer KI, nicht mit einem Menschen. Sie kennt nur diese Analyse und kann sich irren. Punkte und Note ändern nur Sie im Ergebnis.',
  greeting: (title: string) =>
    `Hallo! Ich bin Ihr KI-Begleiter zur Analyse „${title}“. Ich kenne das Ergebnis und den Text der Arbeit. Fragen Sie mich zum Beispiel, warum in einer Aufgabe Punkte abgezogen wurden, was ein Fehler bedeutet, was geübt werden sollte oder wie die Note zustande kam.`,
  suggestions: [
    'Wie kam die Note zustande?',
    'Warum wurden in Aufgabe 1 Punkte abgezogen?',
    'Was sollte geübt werden?',
  ],
  /** the same where the result has no grade yet: the first question is why */
  suggestionsWithoutGrade: [
    'Warum gibt es noch keine Note?',
    'Warum wurden in Aufgabe 1 Punkte abgezogen?',
    'Was sollte geübt werden?',
  ],
  suggestionsLabel: 'Vorschläge für Fragen',
  defaultName: (n: number) => `Chat ${n}`,
  newChat: 'Neuer Chat',
  chooseChat: 'Chat auswählen',
  rename: 'Chat umbenennen',
  nameLabel: 'Name des Chats',
  save: 'Speichern',
  cancel: 'Abbrechen',
  delete: 'Chat löschen',
  deleteTitle: 'Chat löschen?',
  deleteDescription: (name: string) =>
    `Der Chat „${name}“ wird mit allen Nachrichten gelöscht. Das lässt sich nicht rückgängig machen.`,
  deleteConfirm: 'Löschen',
  deleted: 'Der Chat wurde gelöscht.',
  inputLabel: 'Ihre Frage an die KI',
  inputPlaceholder: 'Zum Beispiel: Was bedeutet der Fehler in Aufgabe 2?',
  inputHint: 'Enter sendet, Umschalt + Enter beginnt eine neue Zeile.',
  send: 'Senden',
  replying: 'Die KI antwortet …',
  you: 'Sie',
  assistant: 'KI',
  conversation: 'Verlauf des Chats',
  open: 'KI-Begleiter öffnen',
  loading: 'Chats werden geladen …',
} as const;

/** spec 000 §9: the first assistant greeting appears 500 ms after the chat opens. */
export const chatGreetingDelayMs = 500;

/** Our limits: they keep one request and one stored chat small. */
export const chatLimits = {
  nameMaxLength: 80,
  messageMaxLength: 4000,
  /** a stored message may be longer than a question: the companion's answers quote the result */
  storedMessageMaxLength: 20_000,
  messagesPerChat: 200,
  chatsPerAnalysis: 50,
  /** previous messages sent along with a question, so that follow-up questions have their context */
  historyMessages: 20,
  /** questions to the companion per minute and address: plenty for a person, a brake on scripts */
  companionRequestsPerMinute: 60,
} as const;

/** spec 000 §5: a rename needs a non-empty trimmed name. */
export const chatNameSchema = z
  .string()
  .trim()
  .min(1, chatMessages.nameRequired)
  .max(chatLimits.nameMaxLength, chatMessages.nameTooLong);

export const chatRoleSchema = z.enum(['user', 'assistant']);

/** spec 000 §3 Chat: messages with role and content. */
export const chatMessageSchema = z.object({
  role: chatRoleSchema,
  content: z.string().max(chatLimits.storedMessageMaxLength),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** spec 000 §3 Chat: id, name, timestamp (seconds, the server's clock), messages. */
export const chatSchema = z.object({
  id: z.uuid(),
  name: chatNameSchema,
  timestamp: z.number().int().min(0),
  messages: z.array(chatMessageSchema).max(chatLimits.messagesPerChat),
});
export type Chat = z.infer<typeof chatSchema>;

/**
 * POST /api/chats (spec 000 §7): saves or renames a chat. `chatData.timestamp` may be left out: the server
 * keeps the time it first saw the chat.
 */
export const saveChatRequestSchema = z.object({
  userId: z.string().min(1).max(64),
  analysisId: z.uuid(),
  chatData: chatSchema.extend({ timestamp: z.number().int().min(0).optional() }),
});
export type SaveChatRequest = z.input<typeof saveChatRequestSchema>;

/** GET /api/chats?userId&analysisId and DELETE /api/chats/{id}?userId&analysisId (spec 000 §7). */
export const chatScopeQuerySchema = z.object({
  userId: z.string().min(1).max(64),
  analysisId: z.uuid(),
});

export const chatListSchema = z.object({ chats: z.array(chatSchema) });
export type ChatList = z.infer<typeof chatListSchema>;

/**
 * POST /api/openai (spec 000 §7: message and context {test, data}). The answer is grounded in the stored
 * analysis named by `analysisId`; a `context` sent along is accepted for old clients and not used, so no
 * client can make the companion talk about another text or another result. `history` gives follow-up
 * questions their context.
 */
export const companionRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, chatMessages.messageRequired)
    .max(chatLimits.messageMaxLength, chatMessages.messageTooLong),
  analysisId: z.uuid(),
  chatId: z.uuid().optional(),
  history: z.array(chatMessageSchema).max(chatLimits.messagesPerChat).default([]),
  context: z.object({ test: z.unknown().optional(), data: z.unknown().optional() }).optional(),
});
export type CompanionRequest = z.input<typeof companionRequestSchema>;

/** The answer of POST /api/openai without streaming (spec 000 §7: the client reads `reply`). */
export const companionReplySchema = z.object({ reply: z.string() });
