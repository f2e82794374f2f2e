import { Link } from 'react-router';
import { ArrowRight, Lightbulb } from 'lucide-react';
import type { AnalyticsInsight } from '@korrigo/domain';
import { analyticsTexts as t } from '../content/analytics-texts';

/** Issue 18: plain sentences from the figures, each with a link to the figure it rests on. */
export function AnalyticsInsights({ insights }: { insights: AnalyticsInsight[] }) {
  if (insights.length === 0) return <p className="text-sm text-slate-600">{t.insightsEmpty}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="analytics-insights">
      {insights.map((insight) => (
        <li
          key={insight.id}
          className="flex gap-3 rounded-card border border-slate-200 bg-white p-4"
          data-testid="insight"
        >
          <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-sm text-slate-800">{insight.text}</p>
            <EvidenceLink href={insight.evidence.href} label={insight.evidence.label} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const linkClass =
  'inline-flex items-center gap-1 self-start text-sm font-medium text-primary-800 underline-offset-2 hover:underline';

/** In-app addresses go through the router (no reload; the page scrolls to the hash), anything else is a plain link. */
function EvidenceLink({ href, label }: { href: string; label: string }) {
  const content = (
    <>
      {label}
      <ArrowRight aria-hidden="true" className="size-3.5" />
    </>
  );
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/')) {
    return (
      <Link to={href} className={linkClass}>
        {content}
      </Link>
    );
  }
  return (
    <a href={href} className={linkClass}>
      {content}
    </a>
  );
}
