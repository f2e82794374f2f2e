import { lessonPlanStatusLabels, type LessonPlanStatus } from '@korrigo/domain';
import { Badge, type BadgeTone } from '@/components/ui';

const tones: Record<LessonPlanStatus, BadgeTone> = {
  draft: 'neutral',
  planned: 'info',
  'in-progress': 'warning',
  completed: 'success',
};

/** spec 001 §2 (lessonsplan and the course details): the plan's status completed / draft / in-progress / planned, in German. */
export function LessonStatusBadge({ status }: { status: LessonPlanStatus }) {
  return (
    <Badge tone={tones[status]} data-status={status} className="whitespace-nowrap">
      {lessonPlanStatusLabels[status]}
    </Badge>
  );
}
