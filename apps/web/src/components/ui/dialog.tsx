import type { ComponentProps, ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;
/** the control that opens the dialog; focus goes back to it when the dialog closes */
export const DialogTrigger = DialogPrimitive.Trigger;

export const overlayClasses = 'fixed inset-0 z-50 bg-slate-950/45 data-[state=open]:animate-fade-in';
export const panelClasses = cn(
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4',
  'overflow-y-auto rounded-card border border-slate-200 bg-white p-5 shadow-popover sm:p-6 data-[state=open]:animate-scale-in',
);

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  title: ReactNode;
  description?: ReactNode;
  /** "Schließen" button in the corner; on by default */
  closeButton?: boolean;
};

export function DialogContent({
  title,
  description,
  closeButton = true,
  className,
  children,
  ...rest
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        className={cn(panelClasses, className)}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...rest}
      >
        <div className="flex flex-col gap-1 pr-8">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        {closeButton ? (
          <DialogPrimitive.Close
            aria-label="Schließen"
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...rest }: ComponentProps<'div'>) {
  return (
    <div className={cn('mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...rest} />
  );
}
