import { messages } from '@korrigo/domain';
import { Spinner } from '@/components/ui';

/** Shown while the first screen's code loads. */
export function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-primary-700">
      <Spinner className="size-8" label={messages.common.loading} />
    </div>
  );
}
