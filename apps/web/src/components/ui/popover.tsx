import type { ComponentProps } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

/** A panel beside its trigger; Escape or a click outside closes it and focus returns to the trigger. */
export function PopoverContent({
  className,
  sideOffset = 8,
  align = 'end',
  collisionPadding = 8,
  ...rest
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 rounded-card border border-slate-200 bg-white shadow-popover outline-none data-[state=open]:animate-scale-in',
          className,
        )}
        {...rest}
      />
    </PopoverPrimitive.Portal>
  );
}
