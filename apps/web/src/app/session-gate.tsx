import type { ReactNode } from 'react';
import { messages } from '@korrigo/domain';
import { Spinner } from '@/components/ui';
import { useSession } from '@/lib/session';

/** The app starts only after session initialisation (spec 000 §4); a cached user counts as initialised. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { initialised } = useSession();
  if (!initialised) {
    return (
      <div className="flex min-h-dvh items-center justify-center text-primary-700">
        <Spinner className="size-8" label={messages.common.loading} />
      </div>
    );
  }
  return children;
}
