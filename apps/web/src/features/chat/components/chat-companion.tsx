import { useState } from 'react';
import { Bot } from 'lucide-react';
import { chatMessages as t } from '@korrigo/domain';
import { Button, Sheet } from '@/components/ui';
import { useSession } from '@/lib/session';
import { useBrowserChatStore, useChatStore } from '../hooks/use-chat-store';
import { useMediaQuery } from '../hooks/use-media-query';
import { ChatPanel } from './chat-panel';

/** Wide screens show the panel beside the result; below this it opens as a drawer. */
const besideQuery = '(min-width: 80rem)';

type ChatCompanionProps = {
  analysisId: string;
  title: string;
  /**
   * beside: the panel next to the result, on wide screens only (the analysis page). button: a plain button
   * among the result's actions that opens the panel as a drawer; never a floating button, which would
   * cover the result on a phone.
   */
  placement: 'beside' | 'button';
  /** button only below the wide breakpoint, where the page shows no panel beside the result */
  onlyWhereNarrow?: boolean;
  /** the result has a grade: the suggested questions start with how it came about, else why there is none */
  graded?: boolean;
};

function Companion({
  userId,
  analysisId,
  title,
  placement,
  graded = true,
}: ChatCompanionProps & { userId: string }) {
  const [open, setOpen] = useState(false);
  const store = useBrowserChatStore(userId, analysisId);
  const state = useChatStore(store, { visible: placement === 'beside' || open, title });

  if (placement === 'beside') {
    return (
      // sticky where it starts (below the header and the back link), so it is whole from the first look
      <aside className="sticky top-36 flex h-[calc(100dvh-10rem)] min-h-[28rem] flex-col print:hidden">
        <ChatPanel store={store} state={state} graded={graded} className="flex-1" />
      </aside>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="chat-companion-sheet"
        onClick={() => setOpen(true)}
      >
        <Bot aria-hidden="true" />
        {t.open}
      </Button>
      <Sheet open={open} onOpenChange={setOpen} title={t.panelTitle} id="chat-companion-sheet" side="right">
        <ChatPanel store={store} state={state} graded={graded} variant="plain" className="h-dvh" />
      </Sheet>
    </>
  );
}

/**
 * The chat companion of one finished analysis (spec 000 §2): beside the result on wide screens, behind a
 * button as a drawer elsewhere (phones, tablets, the dashboard's overlay, the analyse screen). The chats
 * live in the browser's store per analysis, so a chat survives closing the drawer or a resized window.
 */
export function ChatCompanion(props: ChatCompanionProps) {
  const { user } = useSession();
  const wide = useMediaQuery(besideQuery);
  if (!user) return null;
  if (props.placement === 'beside' && !wide) return null;
  if (props.placement === 'button' && props.onlyWhereNarrow && wide) return null;
  return <Companion key={`${user.uid}:${props.analysisId}`} userId={user.uid} {...props} />;
}
