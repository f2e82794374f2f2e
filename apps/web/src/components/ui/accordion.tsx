import type { ComponentProps } from 'react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';

/** type="single" collapsible keeps one item open at a time (spec 000 §4, FAQ). */
export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...rest }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn('border-b border-slate-200', className)} {...rest} />;
}

export function AccordionTrigger({
  className,
  children,
  ...rest
}: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        className={cn(
          'group flex flex-1 cursor-pointer items-center justify-between gap-4 py-4 text-left text-base font-medium text-slate-900 hover:text-primary-800',
          className,
        )}
        {...rest}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
        />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({
  className,
  children,
  ...rest
}: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content className="overflow-hidden" {...rest}>
      <div className={cn('pb-4 text-sm leading-relaxed text-slate-700', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
