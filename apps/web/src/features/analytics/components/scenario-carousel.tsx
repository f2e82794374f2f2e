import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { insightsTexts as t } from '../content/insights-content';

/**
 * spec 001 §2: a carousel of three entries that wraps around (3 → 1, 1 → 3). It moves only when asked:
 * nothing advances by itself, so there is nothing to pause and no motion to reduce.
 */
export function ScenarioCarousel() {
  const entries = t.scenarios;
  const [index, setIndex] = useState(0);
  const go = (step: number) => setIndex((current) => (current + step + entries.length) % entries.length);
  const entry = entries[index]!;
  return (
    <section
      aria-roledescription="Karussell"
      aria-labelledby="insights-scenarios"
      className="flex flex-col gap-3"
      data-testid="scenario-carousel"
    >
      <div className="flex flex-col gap-1">
        <h2 id="insights-scenarios" className="text-xl font-semibold text-slate-900">
          {t.scenariosHeading}
        </h2>
        <p className="text-sm text-slate-600">{t.scenariosNote}</p>
      </div>
      {/* the shown entry is announced when it changes */}
      <div aria-live="polite" className="rounded-card border border-slate-200 bg-white p-5">
        <div
          role="group"
          aria-roledescription="Beispiel"
          aria-label={t.scenarioLabel(index + 1, entries.length)}
          className="flex min-h-28 flex-col gap-2"
          data-testid="scenario"
        >
          <p className="text-sm font-semibold text-primary-800">{entry.who}</p>
          <p className="text-slate-800">{entry.text}</p>
        </div>
      </div>
      <div className="flex items-center justify-center gap-3">
        <Button type="button" variant="secondary" size="icon" aria-label={t.previous} onClick={() => go(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex gap-1">
          {entries.map((item, i) => (
            <button
              key={item.who}
              type="button"
              aria-label={t.show(i + 1)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              className="flex size-6 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600"
            >
              <span
                aria-hidden="true"
                className={cn('size-2.5 rounded-full', i === index ? 'bg-primary-700' : 'bg-slate-400')}
              />
            </button>
          ))}
        </div>
        <Button type="button" variant="secondary" size="icon" aria-label={t.next} onClick={() => go(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
