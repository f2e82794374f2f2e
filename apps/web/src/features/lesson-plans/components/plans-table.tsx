import { Copy, FileDown, Pencil, Trash2 } from 'lucide-react';
import { germanDateOf, lessonPlanMessages as m, type LessonPlan } from '@korrigo/domain';
import { Button, Card } from '@/components/ui';
import { LessonStatusBadge } from '@/components/lesson-status-badge';

type PlansTableProps = {
  plans: LessonPlan[];
  onEdit: (plan: LessonPlan) => void;
  onDuplicate: (plan: LessonPlan) => void;
  onPdf: (plan: LessonPlan) => void;
  onDelete: (plan: LessonPlan) => void;
  /** the plan whose PDF or copy is being made */
  busyId: string | null;
};

const created = (plan: LessonPlan) => germanDateOf(plan.createdAt);
const orDash = (value: string) => value || '–';

/** spec 001 §2: the table of title, subject, grade, duration, created and status; one card per plan on phones. */
export function PlansTable({ plans, onEdit, onDuplicate, onPdf, onDelete, busyId }: PlansTableProps) {
  // four row actions of one shape; copying and the PDF wait while one of them runs for this plan
  const rowActions = [
    { label: m.edit, Icon: Pencil, run: onEdit, waits: false, danger: false },
    { label: m.duplicate, Icon: Copy, run: onDuplicate, waits: true, danger: false },
    { label: m.pdf, Icon: FileDown, run: onPdf, waits: true, danger: false },
    { label: m.delete, Icon: Trash2, run: onDelete, waits: false, danger: true },
  ];
  const actions = (plan: LessonPlan, withText: boolean) => (
    <div className="flex flex-wrap gap-1" role="group" aria-label={m.actionsFor(plan.title)}>
      {rowActions.map(({ label, Icon, run, waits, danger }) => (
        <Button
          key={label}
          size="sm"
          variant="ghost"
          className={danger ? 'text-red-700 hover:bg-red-50 hover:text-red-800' : undefined}
          onClick={() => run(plan)}
          disabled={waits && busyId === plan.id}
          aria-label={withText ? undefined : label}
          title={label}
        >
          <Icon aria-hidden="true" />
          {withText ? label : null}
        </Button>
      ))}
    </div>
  );

  return (
    <>
      <div className="hidden overflow-x-auto rounded-card border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm" data-testid="lesson-plans-table">
          <caption className="sr-only">{m.title}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2.5">
                {m.columnTitle}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {m.columnSubject}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {m.columnGrade}
              </th>
              <th scope="col" className="px-3 py-2.5 text-right">
                {m.columnDuration}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {m.columnCreated}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {m.columnStatus}
              </th>
              <th scope="col" className="px-3 py-2.5">
                <span className="sr-only">{m.columnActions}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {plans.map((plan) => (
              <tr key={plan.id} className="text-slate-700" data-testid="lesson-plan-row">
                <th scope="row" className="max-w-72 px-3 py-2 font-medium break-words text-slate-900">
                  {plan.title}
                  {plan.courseName ? (
                    <span className="block text-xs font-normal text-slate-600">{plan.courseName}</span>
                  ) : null}
                </th>
                <td className="px-3 py-2">{orDash(plan.subject)}</td>
                <td className="px-3 py-2">{orDash(plan.gradeLevel)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {m.minutes(plan.durationMinutes)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{created(plan)}</td>
                <td className="px-3 py-2">
                  <LessonStatusBadge status={plan.status} />
                </td>
                <td className="px-2 py-1.5">{actions(plan, false)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" data-testid="lesson-plan-cards">
        {plans.map((plan) => (
          <li key={plan.id}>
            <Card className="flex flex-col gap-3 p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="flex min-w-0 flex-col">
                  <h3 className="font-medium break-words text-slate-900">{plan.title}</h3>
                  {plan.courseName ? <span className="text-xs text-slate-600">{plan.courseName}</span> : null}
                </div>
                <LessonStatusBadge status={plan.status} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
                <dt className="text-slate-500">{m.columnSubject}</dt>
                <dd>{orDash(plan.subject)}</dd>
                <dt className="text-slate-500">{m.columnGrade}</dt>
                <dd>{orDash(plan.gradeLevel)}</dd>
                <dt className="text-slate-500">{m.columnDuration}</dt>
                <dd className="tabular-nums">{m.minutes(plan.durationMinutes)}</dd>
                <dt className="text-slate-500">{m.columnCreated}</dt>
                <dd>{created(plan)}</dd>
              </dl>
              {actions(plan, true)}
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
