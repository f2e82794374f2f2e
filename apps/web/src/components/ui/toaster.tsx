import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';
// The timing alone: the package index would bring zod along, which the app's shell does without.
import { toastDurationMs } from '@korrigo/domain/timings';

/** spec 000 §9: toasts stay 4000 ms by default; spec 000 §4: types success, error, warning, info. */
export const TOAST_DURATION_MS = toastDurationMs;

export const toastTypes = ['success', 'error', 'warning', 'info'] as const;
type ToastType = (typeof toastTypes)[number];

type ToastOptions = {
  /** a second, smaller line under the message */
  description?: string;
  /** a button in the toast, e.g. "Öffnen" */
  action?: { label: string; onClick: () => void };
  /** another time than the default 4000 ms */
  duration?: number;
};

/**
 * One toast region for the whole app, bottom right. Sonner keeps it in the page as a polite live region
 * (aria-live="polite"), so screen readers read every new toast without moving focus; its name ("Hinweise")
 * keeps it apart from the notifications popup. Each toast has a close button.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      containerAriaLabel="Hinweise"
      toastOptions={{ closeButtonAriaLabel: 'Schließen', className: 'font-sans' }}
    />
  );
}

function show(type: ToastType, message: string, options: ToastOptions = {}) {
  return sonnerToast[type](message, {
    ...(options.description ? { description: options.description } : {}),
    ...(options.action ? { action: options.action } : {}),
    ...(options.duration ? { duration: options.duration } : {}),
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};
