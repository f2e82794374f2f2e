import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';

/** spec 000 §9: toasts stay 4000 ms by default; types success, error, warning, info. */
export const TOAST_DURATION_MS = 4000;

export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      containerAriaLabel="Benachrichtigungen"
      toastOptions={{ closeButtonAriaLabel: 'Schließen', className: 'font-sans' }}
    />
  );
}

export const toast = {
  success: (message: string) => sonnerToast.success(message),
  error: (message: string) => sonnerToast.error(message),
  warning: (message: string) => sonnerToast.warning(message),
  info: (message: string) => sonnerToast.info(message),
};
