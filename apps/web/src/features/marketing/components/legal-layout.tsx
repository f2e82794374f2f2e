import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/page';
import { PageHero } from './section';

/** Terms, imprint and privacy: one readable column of text. */
export function LegalLayout({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <DocumentTitle title={title} />
      <PageHero title={title} lead={lead} />
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="legal-text flex flex-col gap-8 text-slate-700">{children}</div>
      </div>
    </>
  );
}

export function LegalSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className="flex scroll-mt-24 flex-col gap-3"
    >
      <h2 id={id ? `${id}-title` : undefined} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
