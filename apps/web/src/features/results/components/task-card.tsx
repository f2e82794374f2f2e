import type { Task } from '@korrigo/domain';
import { Card } from '@/components/ui';
import type { Review } from '../hooks/use-review';
import { PointsInput } from './points-input';
import { PointsBadge } from './result-parts';
import { SubtaskItem } from './subtask-item';

type TaskCardProps = {
  task: Task;
  taskIndex: number;
  review: Review;
  studentText: string;
  /** the passage read for each subtask is shown open: the engine was unsure where answers stand */
  passagesOpen?: boolean;
  /** the teacher may place answers on other lines (results of the builtin engine) */
  placeable?: boolean;
  /** the teacher's screen: the subtasks' feedback to the pupil is labelled as such (issue 34 §8) */
  toPupil?: boolean;
};

/**
 * One task with its subtasks. A task's points are its subtasks' sum; a task without subtasks is scored
 * itself, so in review its points (open ones too) are entered here.
 */
export function TaskCard({
  task,
  taskIndex,
  review,
  studentText,
  passagesOpen = false,
  placeable = false,
  toPupil = false,
}: TaskCardProps) {
  const scoredItself = task.subtasks.length === 0;
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="task">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h4 className="font-semibold text-slate-900">{task.title}</h4>
        {scoredItself && review.editable ? (
          <PointsInput
            label={task.title}
            value={task.achieved_points}
            max={task.max_points}
            disabled={review.saving}
            onCommit={(points, maxPoints) =>
              void review.apply({ type: 'set_points', taskIndex, points, maxPoints }).catch(() => {})
            }
          />
        ) : (
          <PointsBadge achieved={task.achieved_points} max={task.max_points} />
        )}
      </div>
      {task.overall_feedback ? <p className="text-sm text-slate-700">{task.overall_feedback}</p> : null}
      {task.subtasks.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {task.subtasks.map((subtask, subtaskIndex) => (
            <SubtaskItem
              key={subtaskIndex}
              subtask={subtask}
              label={subtask.subtask_label || `${task.title} ${subtaskIndex + 1}`}
              taskIndex={taskIndex}
              subtaskIndex={subtaskIndex}
              review={review}
              studentText={studentText}
              passageOpen={passagesOpen}
              placeable={placeable}
              toPupil={toPupil}
            />
          ))}
        </ol>
      ) : null}
    </Card>
  );
}
