import type { ReactNode } from 'react';
import { messages } from '@korrigo/domain/messages';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

/**
 * A screen that depends on who is signed in starts only after session initialisation (spec 000 §4); a cached
 * user counts as initialised. The static public pages (static-pages.ts) need no session and render at once.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { initialised } = useSession();
  if (!initialised) {
    return (
      <div className="flex flex-1 items-center justify-center py-20 text-primary-700">
        <Spinner className="size-8" label={messages.common.loading} />
      </div>
    );
  }
  return children;
}
