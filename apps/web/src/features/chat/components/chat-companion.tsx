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

type ChatCompanionProps = { analysisId: string; title: string };

function Companion({ userId, analysisId, title }: ChatCompanionProps & { userId: string }) {
  const beside = useMediaQuery(besideQuery);
  const [open, setOpen] = useState(false);
  const store = useBrowserChatStore(userId, analysisId);
  const state = useChatStore(store, { visible: beside || open, title });

  if (beside) {
    return (
      // sticky where it starts (below the header and the back link), so it is whole from the first look
      <aside className="sticky top-36 flex h-[calc(100dvh-10rem)] min-h-[28rem] flex-col print:hidden">
        <ChatPanel store={store} state={state} className="flex-1" />
      </aside>
    );
  }
  return (
    <div className="print:hidden">
      {/* room below the result, so the floating button never covers its last line */}
      <div aria-hidden="true" className="h-16" />
      <Button
        className="fixed right-4 bottom-4 z-30 h-12 rounded-full px-5 shadow-popover"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="chat-companion-sheet"
        onClick={() => setOpen(true)}
      >
        <Bot aria-hidden="true" />
        {t.open}
      </Button>
      <Sheet open={open} onOpenChange={setOpen} title={t.panelTitle} id="chat-companion-sheet" side="right">
        <ChatPanel store={store} state={state} variant="plain" className="h-dvh" />
      </Sheet>
    </div>
  );
}

/**
 * The chat companion of one finished analysis (spec 000 §2): beside the result on wide screens, behind a
 * button as a drawer on phones and tablets. One store serves both, so a chat survives closing the drawer.
 */
export function ChatCompanion({ analysisId, title }: ChatCompanionProps) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Companion key={`${user.uid}:${analysisId}`} userId={user.uid} analysisId={analysisId} title={title} />
  );
}
