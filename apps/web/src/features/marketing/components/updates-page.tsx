import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { BrainCircuit, CalendarDays, Globe } from 'lucide-react';
import {
  releaseCategories,
  releaseCategoryLabels,
  releaseMessages,
  type Release,
  type ReleaseCategory,
} from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useUpdates } from '../api/get-updates';
import { prefersReducedMotion } from '../hooks/use-in-view';
import { PageHero } from './section';

const anchor = (release: Release) => `${release.category}-${release.version.replaceAll('.', '-')}`;
const sectionId = (category: ReleaseCategory) => `bereich-${category}`;
const categoryIcons = { ai: BrainCircuit, website: Globe } as const;

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

/** The release whose heading has passed the top of the viewport (below the sticky header): the sidebar marks it. */
function useActiveRelease(ids: string[]) {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (ids.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current = ids[0]!;
      for (const id of ids) {
        const top = document.getElementById(id)?.getBoundingClientRect().top ?? Infinity;
        if (top <= 140) current = id;
      }
      // At the very bottom the last entries can never reach the top: the last one counts as read.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2)
        current = ids.at(-1)!;
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids]);
  return [active ?? ids[0] ?? null, setActive] as const;
}

function ReleaseEntry({ release }: { release: Release }) {
  return (
    <article id={anchor(release)} aria-labelledby={`${anchor(release)}-title`} className="scroll-mt-24">
      <Card className="flex flex-col gap-4 p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={release.upcoming ? 'warning' : 'primary'}>{release.label}</Badge>
          <span className="text-sm font-medium text-slate-700">Version {release.version}</span>
          <span className="flex items-center gap-1 text-sm text-slate-600">
            <CalendarDays aria-hidden="true" className="size-4" />
            {release.upcoming ? `geplant: ${formatDate(release.date)}` : formatDate(release.date)}
          </span>
        </div>
        <h3 id={`${anchor(release)}-title`} className="text-lg font-semibold text-slate-900">
          {release.title}
        </h3>
        {release.model ? (
          <p className="text-sm text-slate-600">
            Modell: <span className="font-medium text-slate-800">{release.model}</span>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {release.featureGroups.map((group) => (
            <div key={group.title}>
              <h4 className="text-sm font-semibold text-slate-900">{group.title}</h4>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                {group.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Card>
    </article>
  );
}

/**
 * Release notes (spec 000 §2): a sidebar by category, smooth scrolling to a release, the active section
 * marked as AI or website.
 */
export function UpdatesPage() {
  const { data, isPending, isError } = useUpdates();
  const all = data ? [...data.ai, ...data.website] : [];
  const ids = all.map(anchor);
  const idsKey = ids.join('|');
  // one array per set of ids, so the observer is not rebuilt on every render
  const stableIds = useMemo(() => (idsKey ? idsKey.split('|') : []), [idsKey]);
  const [active, setActive] = useActiveRelease(stableIds);
  const activeCategory: ReleaseCategory | null = active?.startsWith('ai-') ? 'ai' : active ? 'website' : null;

  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    document
      .getElementById(id)
      ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    history.replaceState(null, '', `#${id}`);
    setActive(id);
  };

  return (
    <>
      <DocumentTitle title="Updates" />
      <PageHero
        eyebrow="Updates"
        title="Was ist neu bei Korrigo?"
        lead="Alle Versionen der Korrektur-KI und der Website – mit dem, was sich jeweils geändert hat."
      />
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        {isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : isError || !data ? (
          <Alert tone="error">{releaseMessages.loadFailed}</Alert>
        ) : (
          <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
            <nav aria-label="Versionen" className="lg:sticky lg:top-24 lg:self-start">
              <p className="mb-4 text-sm text-slate-600" aria-live="polite">
                Aktiver Bereich:{' '}
                <span className="font-semibold text-primary-800" data-testid="active-category">
                  {activeCategory ? releaseCategoryLabels[activeCategory] : '–'}
                </span>
              </p>
              <div className="flex flex-col gap-6">
                {releaseCategories.map((category) => {
                  const Icon = categoryIcons[category];
                  return (
                    <div key={category}>
                      <h2
                        className={cn(
                          'mb-2 flex items-center gap-2 text-sm font-semibold',
                          activeCategory === category ? 'text-primary-800' : 'text-slate-900',
                        )}
                      >
                        <Icon aria-hidden="true" className="size-4" />
                        {releaseCategoryLabels[category]}
                      </h2>
                      <ul className="flex flex-col gap-0.5 border-l border-slate-200">
                        {data[category].map((release) => {
                          const id = anchor(release);
                          const isActive = id === active;
                          return (
                            <li key={id}>
                              <a
                                href={`#${id}`}
                                onClick={(event) => jump(event, id)}
                                aria-current={isActive ? 'location' : undefined}
                                className={cn(
                                  '-ml-px block border-l-2 py-1 pr-2 pl-3 text-sm',
                                  isActive
                                    ? 'border-primary-700 font-medium text-primary-800'
                                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                                )}
                              >
                                Version {release.version}
                                {release.upcoming ? ' (demnächst)' : ''}
                              </a>
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  );
                })}
              </div>
            </nav>
            <div className="flex flex-col gap-12">
              {releaseCategories.map((category) => (
                <section
                  key={category}
                  id={sectionId(category)}
                  aria-labelledby={`${sectionId(category)}-title`}
                  data-active={activeCategory === category}
                  className="flex flex-col gap-5"
                >
                  <h2
                    id={`${sectionId(category)}-title`}
                    className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900"
                  >
                    {releaseCategoryLabels[category]}
                    {activeCategory === category ? (
                      <Badge tone="primary" className="ml-1">
                        aktiv
                      </Badge>
                    ) : null}
                  </h2>
                  {data[category].map((release) => (
                    <ReleaseEntry key={anchor(release)} release={release} />
                  ))}
                </section>
              ))}
            </div>
          </div>
        )}
      </div>
    </>
  );
}
