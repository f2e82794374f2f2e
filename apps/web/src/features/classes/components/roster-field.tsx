import type { ComponentProps } from 'react';
import { classMessages, parseRosterList } from '@korrigo/domain';
import { Textarea } from '@/components/ui';

/** How many students a typed or pasted list holds, read out politely as the teacher types. */
export function RosterCount({ text }: { text: string }) {
  const count = parseRosterList(text).length;
  return (
    <p className="min-h-4 text-xs text-slate-600" aria-live="polite">
      {count > 0 ? classMessages.rosterPreview(count) : null}
    </p>
  );
}

/** The list box: one student per line, optionally with an e-mail (issue 15 §3). */
export function RosterTextarea(props: ComponentProps<'textarea'>) {
  return (
    <Textarea
      rows={5}
      spellCheck={false}
      placeholder={'Anna Schmidt, anna@example.de\nBen Weber'}
      {...props}
    />
  );
}
