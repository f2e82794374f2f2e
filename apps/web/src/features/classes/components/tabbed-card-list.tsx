import { useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { classMessages } from '@korrigo/domain';
import { Button, EmptyState, Input, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { collapsedCount } from '../utils/class-filter';

/**
 * The list behind the class and course sections (spec 001 §2): tabs with their counts, a search, a card grid
 * that shows `collapsedCount` cards until 'Alle anzeigen', and the empty states. The caller owns what a tab
 * holds and what a card looks like; the search text and show-all are shared by all tabs.
 */
export function TabbedCardList<Tab extends string, Item extends { id: string }>({
  label,
  tabs,
  count,
  filter,
  searchLabel,
  noMatch,
  empty,
  card,
  content,
  tabsListClassName,
}: {
  label: string;
  tabs: ReadonlyArray<{ value: Tab; label: string }>;
  count: (tab: Tab) => number;
  filter: (tab: Tab, query: string) => Item[];
  searchLabel: string;
  noMatch: string;
  /** shown when the tab has nothing at all (not when the search hides everything) */
  empty: (tab: Tab) => ReactNode;
  card: (item: Item) => ReactNode;
  /** a tab that is no card grid (the class list's invitations): its own content instead */
  content?: (tab: Tab) => ReactNode | undefined;
  tabsListClassName?: string;
}) {
  const [tab, setTab] = useState<Tab>(tabs[0]!.value);
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);

  const renderTab = (which: Tab) => {
    const own = content?.(which);
    if (own !== undefined) return own;
    if (count(which) === 0) return empty(which);
    const matches = filter(which, query);
    if (matches.length === 0) return <EmptyState icon={Search} title={noMatch} />;
    const shown = showAll ? matches : matches.slice(0, collapsedCount);
    return (
      <div className="flex flex-col gap-3">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((item) => (
            <li key={item.id}>{card(item)}</li>
          ))}
        </ul>
        {matches.length > collapsedCount ? (
          <div>
            <Button
              type="button"
              variant="ghost"
              aria-expanded={showAll}
              onClick={() => setShowAll(!showAll)}
            >
              {showAll ? classMessages.showLess : `${classMessages.showAll} (${matches.length})`}
            </Button>
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TabsList aria-label={label} className={tabsListClassName}>
          {tabs.map((which) => (
            <TabsTrigger key={which.value} value={which.value}>
              {which.label} ({count(which.value)})
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="relative sm:w-72">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500"
          />
          <Input
            type="search"
            aria-label={searchLabel}
            placeholder={searchLabel}
            className="pl-9"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>
      {tabs.map((which) => (
        <TabsContent key={which.value} value={which.value}>
          {renderTab(which.value)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
