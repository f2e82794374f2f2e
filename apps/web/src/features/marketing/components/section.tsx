import { Suspense, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type SectionProps = {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** a white band between the canvas-grey ones */
  tinted?: boolean;
  center?: boolean;
};

/** One band of a marketing page: a small label, an h2, a lead text and the content. */
export function Section({ id, eyebrow, title, lead, children, className, tinted, center }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        tinted ? 'border-y border-slate-200 bg-white' : '',
        // Bands below the fold are laid out only when they come near the viewport: a phone shows the first
        // screen sooner. The browser keeps each band's size once it was rendered.
        'py-14 [contain-intrinsic-size:auto_720px] [content-visibility:auto] sm:py-20',
        className,
      )}
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div
          className={cn('mb-10 flex max-w-2xl flex-col gap-3', center && 'mx-auto items-center text-center')}
        >
          {eyebrow ? <p className="text-sm font-semibold text-primary-700">{eyebrow}</p> : null}
          <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          {lead ? <p className="text-base leading-relaxed text-slate-600">{lead}</p> : null}
        </div>
        {/* Its own hydration unit: a pre-rendered page becomes interactive band by band, in short tasks. */}
        <Suspense>{children}</Suspense>
      </div>
    </section>
  );
}

/** The page's h1 band at the top of every public page. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold text-primary-700">{eyebrow}</p> : null}
        <h1 className="max-w-3xl text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h1>
        {lead ? <p className="max-w-2xl text-lg leading-relaxed text-slate-600">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
