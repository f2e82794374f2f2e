import { toast } from '@/components/ui';
import { ApiClientError } from '@/lib/api-client';

/**
 * Runs a class or course mutation and tells the teacher how it went, the same way everywhere in this feature.
 * On an error she reads `failure`; with `serverMessage` the server's own words win instead (the create forms
 * show why the server refused, e.g. a class of another school); with `'validation'` only a refusal of the
 * input does (a roster's lines, issue 34 §3), any other failure keeps `failure`. `onSuccess` runs after the
 * success toast.
 */
export async function withToast<T>(
  run: () => Promise<T>,
  texts: {
    success: string | ((result: T) => string);
    failure: string;
    serverMessage?: boolean | 'validation';
  },
  onSuccess?: (result: T) => void,
): Promise<void> {
  try {
    const result = await run();
    toast.success(typeof texts.success === 'function' ? texts.success(result) : texts.success);
    onSuccess?.(result);
  } catch (error) {
    const ownWords =
      texts.serverMessage === 'validation'
        ? error instanceof ApiClientError && error.code === 'validation'
        : texts.serverMessage === true && error instanceof Error;
    toast.error(ownWords && error instanceof Error ? error.message : texts.failure);
  }
}
