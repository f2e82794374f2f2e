import { useCallback, useEffect, useState } from 'react';
import { testStatusMessageMs } from '@korrigo/domain';

export type StatusMessage = { text: string; tone: 'success' | 'error' | 'info'; key: number };

/** spec 001 §4, §9: status messages vanish after 2 seconds. */
export function useStatusMessage() {
  const [status, setStatus] = useState<StatusMessage | null>(null);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), testStatusMessageMs);
    return () => clearTimeout(timer);
  }, [status]);

  const show = useCallback((text: string, tone: StatusMessage['tone'] = 'success') => {
    setStatus({ text, tone, key: Date.now() });
  }, []);

  return { status, show };
}
