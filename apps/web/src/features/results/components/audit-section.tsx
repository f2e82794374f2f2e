import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FileDown, History } from 'lucide-react';
import {
  auditDateTime,
  auditEventDetails,
  auditEventLabels,
  auditFiguresText,
  auditLabels as l,
  type AnalysisAudit,
  type AnalysisDetail,
  type AuditEvent,
} from '@korrigo/domain';
import { Alert, Button, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadAuditPdf, useAnalysisAudit } from '../api/audit';

const dotTone: Record<AuditEvent['kind'], string> = {
  submitted: 'bg-slate-400',
  transcription_checked: 'bg-slate-400',
  graded: 'bg-primary-600',
  failed: 'bg-red-600',
  changed: 'bg-amber-500',
  confirmed: 'bg-emerald-600',
  reopened: 'bg-amber-600',
  released: 'bg-emerald-700',
  release_updated: 'bg-emerald-700',
};

/** A change's values, the old one struck through, so 'old → new' reads at a glance and to a screen reader. */
function ChangeValues({ from, to }: { from: string | null; to: string | null }) {
  if (from === null && to === null) return null;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="sr-only">{l.before} </span>
      <span className="text-slate-500 line-through decoration-slate-400">{from ?? l.none}</span>{' '}
      <span aria-hidden="true" className="text-slate-400">
        →
      </span>{' '}
      <span className="sr-only">{l.after} </span>
      <span className="font-medium text-slate-900">{to ?? l.none}</span>
    </p>
  );
}

function EventItem({ event }: { event: AuditEvent }) {
  return (
    <li className="relative pb-4 pl-6 last:pb-0">
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-1.5 -left-[5px] size-2.5 rounded-full ring-2 ring-white',
          dotTone[event.kind],
        )}
      />
      <time dateTime={event.at} className="block text-xs text-slate-500">
        {auditDateTime(event.at)}
      </time>
      <p className="font-medium text-slate-900">{auditEventLabels[event.kind]}</p>
      {event.kind === 'changed' ? (
        <>
          <p className="text-sm text-slate-700">
            {event.what} <span className="text-slate-500">({l.by(event.by)})</span>
          </p>
          <ChangeValues from={event.from} to={event.to} />
        </>
      ) : (
        <p className="text-sm text-slate-700">{auditEventDetails(event)}</p>
      )}
    </li>
  );
}

function Timeline({ audit }: { audit: AnalysisAudit }) {
  if (audit.events.length === 0) return <p className="text-sm text-slate-600">{l.empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label={l.listLabel} className="ml-1 border-l border-slate-200" data-testid="audit-events">
        {audit.events.map((event, index) => (
          <EventItem key={`${event.at}-${index}`} event={event} />
        ))}
      </ol>
      {audit.suggested ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {l.closingSuggestion(
            auditFiguresText(audit.suggested),
            auditFiguresText(audit.final),
            audit.reviewState === 'confirmed',
          )}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'Verlauf' (issue 19 point 3): who decided what and when, read only when the teacher opens it, and the same
 * trail as a PDF for a Widerspruch.
 */
export function AuditSection({ analysis, title }: { analysis: AnalysisDetail; title: string }) {
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const audit = useAnalysisAudit(analysis, { enabled: open });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditPdf(analysis.id, title);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="audit-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {l.section}
        </h3>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
          >
            <History aria-hidden="true" className="size-4" />
            {open ? l.hide : l.show}
          </Button>
          <Button type="button" variant="secondary" size="sm" loading={downloading} onClick={download}>
            <FileDown aria-hidden="true" className="size-4" />
            {downloading ? l.downloading : l.download}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600">{l.sectionHint}</p>
      <div id={panelId} hidden={!open}>
        {!open ? null : audit.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">{l.loading}</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-2/3" />
          </div>
        ) : audit.isError ? (
          <Alert tone="error">
            <p>{l.loadFailed}</p>
            <p className="text-xs">{errorMessage(audit.error)}</p>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => audit.refetch()}
            >
              {l.retry}
            </Button>
          </Alert>
        ) : (
          <Timeline audit={audit.data} />
        )}
      </div>
    </section>
  );
}
