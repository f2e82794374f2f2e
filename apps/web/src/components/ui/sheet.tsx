import type { ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { overlayClasses } from './dialog';

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** read by screen readers; hidden visually */
  title: string;
  id?: string;
  /** where the drawer comes from; the dashboard sidebar comes from the left */
  side?: 'left' | 'right';
  className?: string;
  children: ReactNode;
};

/** A drawer from the side (the dashboard sidebar on phones): modal, Escape closes, focus stays inside. */
export function Sheet({ open, onOpenChange, title, id, side = 'left', className, children }: SheetProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          id={id}
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 z-50 overflow-y-auto bg-white shadow-popover data-[state=open]:animate-fade-in',
            // left: the narrow navigation drawer; right: a wide panel of content (the chat companion)
            side === 'left' ? 'left-0 w-72 max-w-[85vw]' : 'right-0 w-full max-w-md',
            className,
          )}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          {children}
          <DialogPrimitive.Close
            aria-label="Schließen"
            className="absolute top-4 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
