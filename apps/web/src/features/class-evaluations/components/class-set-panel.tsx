import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Users } from 'lucide-react';
import {
  analysesUnlimited,
  classEvaluationScreenMessages as t,
  planHasFeature,
  planLink,
  planMessages,
  planOffering,
  type PlanId,
} from '@korrigo/domain';
import { Alert, Badge, Button, Skeleton } from '@/components/ui';
import { formatDate } from '@/lib/format';
import { useClassEvaluationList } from '../api/class-evaluations';
import { ClassSetModal } from './class-set-modal';

const statusTone = {
  preparing: 'info',
  needs_review: 'warning',
  grading: 'info',
  done: 'success',
  failed: 'danger',
} as const;

/** The teacher's recent class sets, each leading to its screen. */
function ClassSetList() {
  const list = useClassEvaluationList();
  if (list.isPending) return <Skeleton className="h-16 w-full" />;
  if (list.isError) return <Alert tone="error">{t.listFailed}</Alert>;
  const sets = list.data.classEvaluations.slice(0, 10);
  if (sets.length === 0) return <p className="text-sm text-slate-600">{t.listEmpty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {sets.map((set) => (
        <li key={set.id}>
          <Link
            to={`/dashboard/class-evaluations/${set.id}`}
            className="flex items-center gap-3 px-3 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600"
          >
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium text-slate-900">{set.testName || set.courseName}</span>
              <span className="text-xs text-slate-600">
                {[
                  set.testName ? set.courseName : null,
                  formatDate(set.createdAt),
                  t.papersOf(set.progress.done, set.progress.papers),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <Badge tone={statusTone[set.status]}>{t.statuses[set.status]}</Badge>
            <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The analyse screen's 'Klassensatz bewerten' method (spec 001 §2): the 'Kurs bewerten' modal and the sets
 * already started. The route passes it into the analysis feature, which does not know this feature.
 */
/**
 * `plan`: the teacher's plan, from the route's profile. Without class sets in it she is told so before she
 * prepares one (ADR 0018); the sets she made before stay listed and open.
 */
export function ClassSetPanel({ plan }: { plan?: PlanId }) {
  const [open, setOpen] = useState(false);
  const offering =
    plan && !planHasFeature(plan, 'classSets') ? planOffering('classSets', 'teacher', plan) : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-start gap-3">
        <Users aria-hidden="true" className="size-6 text-primary-700" />
        <p className="max-w-2xl text-sm text-slate-700">
          {t.lead}
          {plan && !analysesUnlimited(plan, 'teacher') ? ` ${t.leadCredits}` : null}
        </p>
        {offering ? (
          <Alert tone="info">
            {planMessages.featureNotInPlan('classSets', offering, 'teacher')}{' '}
            <Link to={planLink(offering)} className="font-medium underline">
              {t.toPricing}
            </Link>
          </Alert>
        ) : null}
        <Button type="button" onClick={() => setOpen(true)}>
          {t.open}
        </Button>
      </div>
      <ClassSetModal
        open={open}
        onOpenChange={setOpen}
        countsCredits={plan ? !analysesUnlimited(plan, 'teacher') : false}
      />
      <section aria-labelledby="class-set-list-title" className="flex flex-col gap-2">
        <h3 id="class-set-list-title" className="font-semibold text-slate-900">
          {t.listTitle}
        </h3>
        <ClassSetList />
      </section>
    </div>
  );
}
