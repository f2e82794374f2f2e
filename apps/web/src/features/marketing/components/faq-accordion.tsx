import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import type { FaqEntry } from '../content/faq';

/** spec 000 §4: the first question open, only one open at a time. */
export function FaqAccordion({ entries }: { entries: FaqEntry[] }) {
  return (
    <Accordion
      type="single"
      collapsible
      defaultValue="faq-0"
      className="rounded-card border border-slate-200 bg-white px-5 sm:px-6"
    >
      {entries.map((entry, i) => (
        <AccordionItem key={entry.question} value={`faq-${i}`} className="last:border-b-0">
          <AccordionTrigger>{entry.question}</AccordionTrigger>
          <AccordionContent className="text-base">{entry.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
