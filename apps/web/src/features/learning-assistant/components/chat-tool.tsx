import { useEffect, useRef, useState } from 'react';
import {
  learningAssistantMessages as t,
  learningAssistantScreenMessages as s,
  type LearningChatReply,
  type LearningChatRequest,
} from '@korrigo/domain';
import { Alert, Button, Input, Spinner } from '@/components/ui';
import { PricingLink } from '@/components/account/pricing-link';
import { errorMessage, pricingLinkOf } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useLearningChat } from '../api/learning-assistant';

type ChatMessage = LearningChatRequest['messages'][number];

/** the contract takes at most 40 messages: the newest ones, her new question last */
const maxMessages = 40;

/**
 * Chat: the companion on her results. The conversation lives here and goes whole with each question; the
 * disclosure follows the source of the last reply (before the first one, the general AI notice).
 */
export function ChatTool({ subject }: { subject: string | null }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [source, setSource] = useState<LearningChatReply['source'] | null>(null);
  const chat = useLearningChat();
  const logRef = useRef<HTMLDivElement>(null);

  // the newest message in view, as in any chat (the log scrolls by itself, the page does not)
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content || chat.isPending) return;
    const history = [...messages, { role: 'user' as const, content }].slice(-maxMessages);
    setPending(content);
    chat.mutate(
      { messages: history, ...(subject ? { subject } : {}) },
      {
        onSuccess: (answer) => {
          setMessages([...history, { role: 'assistant', content: answer.reply }]);
          setSource(answer.source);
          setDraft('');
        },
        // her message stays in the field, to send again
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info">{source === 'templates' ? t.chatDisclosureBuiltin : t.chatDisclosure}</Alert>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={s.chatLog}
        className="flex max-h-96 min-h-24 flex-col gap-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3"
      >
        {messages.map((message, index) => (
          <Bubble key={index} role={message.role} content={message.content} />
        ))}
        {pending ? (
          <>
            <Bubble role="user" content={pending} />
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner /> {s.chatTyping}
            </p>
          </>
        ) : null}
      </div>
      {chat.isError ? (
        <Alert tone="error">
          {pricingLinkOf(chat.error) ? errorMessage(chat.error) : t.chatFailed}
          <PricingLink error={chat.error} />
        </Alert>
      ) : null}
      <form className="flex flex-col gap-2 sm:flex-row" onSubmit={onSubmit}>
        <label htmlFor="learning-chat-input" className="sr-only">
          {s.chatInput}
        </label>
        <Input
          id="learning-chat-input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t.chatPlaceholder}
          maxLength={4000}
          className="sm:flex-1"
        />
        <Button type="submit" loading={chat.isPending} disabled={!draft.trim()}>
          {t.chatSend}
        </Button>
      </form>
    </div>
  );
}

function Bubble({ role, content }: ChatMessage) {
  const mine = role === 'user';
  return (
    <div className={cn('flex flex-col gap-0.5', mine ? 'items-end' : 'items-start')}>
      <span className="text-xs text-slate-500">{mine ? s.chatYou : s.chatAssistant}</span>
      <p
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap',
          mine ? 'bg-primary-700 text-white' : 'border border-slate-200 bg-white text-slate-900',
        )}
      >
        {content}
      </p>
    </div>
  );
}
