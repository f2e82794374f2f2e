import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Bot, Pencil, Plus, SendHorizontal, Trash2 } from 'lucide-react';
import { chatLimits, chatMessages as t } from '@korrigo/domain';
import { Button, ConfirmDialog, Select, Spinner } from '@/components/ui';
import { controlClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { ChatState, ChatStore } from '../utils/chat-store';

type ChatPanelProps = {
  store: ChatStore;
  state: ChatState;
  /** card: beside the result; plain: filling a drawer */
  variant?: 'card' | 'plain';
  className?: string;
  /** the result has a grade (else the first suggestion asks why it has none) */
  graded?: boolean;
};

function RenameForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (name: string) => string | null;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = onSave(value);
    if (problem) setError(problem);
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} aria-label={t.rename} noValidate>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t.nameLabel}
      </label>
      <input
        id={id}
        className={cn(controlClasses, 'h-9')}
        value={value}
        maxLength={chatLimits.nameMaxLength + 20}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // the form replaces the button that opened it; the field is where the user continues
        autoFocus
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button type="submit" size="sm">
          {t.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * The chat companion beside a result (spec 000 §2 'Chat companion panel'): several chats per analysis,
 * new chat, rename, delete with confirmation, the conversation and the question field. It says plainly
 * that the user talks to an AI.
 */
export function ChatPanel({ store, state, variant = 'card', className, graded = true }: ChatPanelProps) {
  const headingId = useId();
  const inputId = useId();
  const selectId = useId();
  const [draft, setDraft] = useState('');
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);

  const active = state.chats.find((chat) => chat.id === state.activeId) ?? null;
  const pending = state.pending && state.pending.chatId === active?.id ? state.pending : null;
  const busy = state.pending !== null;
  const canSend = draft.trim() !== '' && !busy && active !== null;
  const messageCount = active?.messages.length ?? 0;

  // the newest message stays in view while an answer is written
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messageCount, pending?.text, active?.id]);

  const send = (text: string) => {
    if (text.trim() === '' || busy) return;
    void store.send(text);
    setDraft('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) send(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) send(draft);
    }
  };
  const askDelete = () => {
    // spec 000 §4, §8: the last chat stays; the store says so
    if (state.chats.length <= 1) void store.remove(active!.id);
    else setConfirmDelete(true);
  };

  const onlyGreeting =
    active !== null && active.messages.length === 1 && active.messages[0]!.role === 'assistant';

  return (
    <section
      aria-labelledby={headingId}
      data-testid="chat-panel"
      className={cn(
        'flex min-h-0 flex-col overflow-hidden bg-white',
        variant === 'card' && 'rounded-card border border-slate-200 shadow-card',
        className,
      )}
    >
      <header
        className={cn('flex flex-col gap-1.5 border-b border-slate-200 p-4', variant === 'plain' && 'pr-14')}
      >
        <div className="flex items-center gap-2">
          <span className="grid size-8 place-items-center rounded-full bg-primary-100 text-primary-800">
            <Bot aria-hidden="true" className="size-4" />
          </span>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {t.panelTitle}
          </h2>
        </div>
        <p className="text-xs leading-5 text-slate-600">{t.aiNotice}</p>
      </header>

      {state.status === 'loading' ? (
        <div className="flex flex-1 items-center justify-center p-6 text-sm text-slate-600">
          <Spinner label={t.loading} />
          <span aria-hidden="true" className="ml-2">
            {t.loading}
          </span>
        </div>
      ) : (
        <>
          <div className="border-b border-slate-200 p-3">
            {renaming && active ? (
              <RenameForm
                initial={active.name}
                onCancel={() => setRenaming(false)}
                onSave={(name) => {
                  const problem = store.rename(active.id, name);
                  if (!problem) setRenaming(false);
                  return problem;
                }}
              />
            ) : (
              <div className="flex items-center gap-1.5">
                <label htmlFor={selectId} className="sr-only">
                  {t.chooseChat}
                </label>
                <div className="min-w-0 flex-1">
                  <Select
                    id={selectId}
                    className="h-9"
                    value={state.activeId ?? ''}
                    onChange={(event) => store.select(event.target.value)}
                  >
                    {state.chats.map((chat) => (
                      <option key={chat.id} value={chat.id}>
                        {chat.name}
                      </option>
                    ))}
                  </Select>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={t.newChat}
                  title={t.newChat}
                  onClick={() => store.newChat()}
                >
                  <Plus aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={t.rename}
                  title={t.rename}
                  disabled={!active}
                  onClick={() => setRenaming(true)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
                  aria-label={t.delete}
                  title={t.delete}
                  disabled={!active}
                  onClick={askDelete}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            )}
          </div>

          <div
            ref={logRef}
            role="log"
            aria-live="polite"
            aria-label={t.conversation}
            tabIndex={0}
            data-testid="chat-log"
            className="min-h-40 flex-1 overflow-y-auto bg-slate-50/60 p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600"
          >
            <ol className="flex flex-col gap-3">
              {active?.messages.map((message, index) => (
                <li
                  key={index}
                  data-role={message.role}
                  className={cn(
                    'flex max-w-[92%] flex-col',
                    message.role === 'user' ? 'self-end' : 'self-start',
                  )}
                >
                  <span className="sr-only">{message.role === 'user' ? t.you : t.assistant}: </span>
                  <div
                    className={cn(
                      'rounded-2xl px-3 py-2 text-sm leading-6 break-words whitespace-pre-wrap',
                      message.role === 'user'
                        ? 'rounded-br-sm bg-primary-700 text-white'
                        : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900',
                    )}
                  >
                    {message.content}
                  </div>
                </li>
              ))}
              {pending ? (
                <li data-role="assistant" aria-busy="true" className="flex max-w-[92%] flex-col self-start">
                  <span className="sr-only">{t.assistant}: </span>
                  <div className="rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-3 py-2 text-sm leading-6 break-words whitespace-pre-wrap text-slate-900">
                    {pending.text || (
                      <span className="inline-flex items-center gap-2 text-slate-600">
                        <Spinner />
                        {t.replying}
                      </span>
                    )}
                  </div>
                </li>
              ) : null}
            </ol>
          </div>

          {onlyGreeting && !busy ? (
            <div
              role="group"
              aria-label={t.suggestionsLabel}
              className="flex flex-wrap gap-1.5 border-t border-slate-200 px-3 pt-3"
            >
              {(graded ? t.suggestions : t.suggestionsWithoutGrade).map((suggestion) => (
                <button
                  key={suggestion}
                  type="button"
                  className="rounded-full border border-primary-200 bg-primary-50 px-3 py-1 text-xs font-medium text-primary-800 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
                  onClick={() => send(suggestion)}
                >
                  {suggestion}
                </button>
              ))}
            </div>
          ) : null}

          <form
            onSubmit={submit}
            className={cn(
              'flex items-end gap-2 p-3',
              onlyGreeting && !busy ? '' : 'border-t border-slate-200',
            )}
          >
            <div className="flex min-w-0 flex-1 flex-col">
              <label htmlFor={inputId} className="sr-only">
                {t.inputLabel}
              </label>
              <textarea
                id={inputId}
                rows={2}
                value={draft}
                maxLength={chatLimits.messageMaxLength}
                placeholder={t.inputPlaceholder}
                aria-describedby={`${inputId}-hint`}
                className={cn(controlClasses, 'max-h-40 resize-none py-2')}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
              />
              <p id={`${inputId}-hint`} className="sr-only">
                {t.inputHint}
              </p>
            </div>
            <Button type="submit" disabled={!canSend} aria-label={t.send} title={t.send}>
              <SendHorizontal aria-hidden="true" />
              <span className="hidden sm:inline xl:hidden 2xl:inline">{t.send}</span>
            </Button>
          </form>
        </>
      )}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t.deleteTitle}
        description={t.deleteDescription(active?.name ?? '')}
        confirmLabel={t.deleteConfirm}
        tone="danger"
        onConfirm={() => {
          if (active) void store.remove(active.id);
        }}
      />
    </section>
  );
}
