import type { ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

/** spec 000 §9: tooltips open after 200 ms. Every Tooltip brings this provider along (see below). */
function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipPrimitive.Provider delayDuration={200}>{children}</TooltipPrimitive.Provider>;
}

type TooltipProps = {
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** one focusable element (button, link) */
  children: ReactNode;
  className?: string;
};

/**
 * A tooltip with its own provider: Radix tooltips then work anywhere, and the app shell does not have to load
 * Radix's positioning code before the first page (only screens that show a tooltip do).
 */
export function Tooltip({ content, side = 'top', children, className }: TooltipProps) {
  return (
    <TooltipProvider>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className={cn(
              'z-50 max-w-[250px] rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug text-white shadow-popover data-[state=delayed-open]:animate-fade-in',
              className,
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipProvider>
  );
}
