import { messages } from '@korrigo/domain/messages';
import { Spinner } from '@/components/ui/spinner';

/** Shown while the first screen's code loads. */
export function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-primary-700">
      <Spinner className="size-8" label={messages.common.loading} />
    </div>
  );
}
