import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const APP_NAME = 'Korrigo';

/** Sets the document title; React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  return (
    <title>{title ? `${title} – ${APP_NAME}` : `${APP_NAME} – KI-gestützte Korrektur für Schulen`}</title>
  );
}

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
};

/** The one h1 of a screen, with an optional lead text and actions on the right. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {description ? <p className="text-base text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** Centred content column of the public pages. */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12', className)}>{children}</div>
  );
}

/**
 * A titled part of a screen below its h1 (the profile's sections): an h2 with a lead text, then the content.
 * `id` names the heading the section is labelled by.
 */
export function PageSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
