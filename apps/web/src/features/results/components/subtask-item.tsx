import { analysisScreenMessages as t, type Subtask } from '@korrigo/domain';
import type { Review } from '../hooks/use-review';
import { AddErrorForm } from './add-error-form';
import { EditableText } from './editable-text';
import { ErrorItem } from './error-item';
import { PlaceAnswerForm } from './place-answer-form';
import { PointsInput } from './points-input';
import { PointsBadge } from './result-parts';

type SubtaskItemProps = {
  subtask: Subtask;
  /** the subtask's label, or one made from the task's title */
  label: string;
  taskIndex: number;
  subtaskIndex: number;
  review: Review;
  /** the graded text, where a quoted passage of an added error must occur */
  studentText: string;
  /** the passage read for it shown open (the engine was unsure where the answers stand) */
  passageOpen?: boolean;
  /** the teacher may place the answer on other lines (results of the builtin engine) */
  placeable?: boolean;
  /** the teacher's screen: the feedback written to the pupil (du) says so above it (issue 34 §8) */
  toPupil?: boolean;
};

/** One subtask: points (open ones too, to enter), feedback, suggestion and errors; editable in review. */
export function SubtaskItem({
  subtask,
  label,
  taskIndex,
  subtaskIndex,
  review,
  studentText,
  passageOpen = false,
  placeable = false,
  toPupil = false,
}: SubtaskItemProps) {
  const at = { taskIndex, subtaskIndex };
  const feedback = (
    <>
      <EditableText
        text={subtask.feedback}
        label={`${t.feedback} ${label}`}
        editable={review.editable}
        saving={review.saving}
        onSave={(text) => review.apply({ type: 'set_feedback', target: 'subtask', ...at, text })}
      />
      {subtask.improvement_suggestion ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">{t.suggestion}: </span>
          {subtask.improvement_suggestion}
        </p>
      ) : null}
    </>
  );
  const hasFeedback = Boolean(subtask.feedback || subtask.improvement_suggestion) || review.editable;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-testid="subtask">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">{label}</p>
          {subtask.description ? <p className="text-sm text-slate-600">{subtask.description}</p> : null}
        </div>
        {review.editable ? (
          <PointsInput
            label={label}
            value={subtask.achieved_points}
            max={subtask.max_points}
            disabled={review.saving}
            onCommit={(points, maxPoints) =>
              void review.apply({ type: 'set_points', ...at, points, maxPoints }).catch(() => {})
            }
          />
        ) : (
          <PointsBadge achieved={subtask.achieved_points} max={subtask.max_points} />
        )}
      </div>
      {subtask.answer_text !== undefined ? (
        // what the engine read as the answer to this unit, so the teacher can check the placement
        <details className="text-sm" open={passageOpen} data-testid="subtask-passage">
          <summary className="cursor-pointer text-slate-700">{t.passageRead}</summary>
          <p className="mt-1 whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 text-slate-800">
            {subtask.answer_text || t.noPassageRead}
          </p>
          {review.editable && placeable ? (
            <div className="mt-2">
              <PlaceAnswerForm
                studentText={studentText}
                answerText={subtask.answer_text}
                label={label}
                taskIndex={taskIndex}
                subtaskIndex={subtaskIndex}
                review={review}
              />
            </div>
          ) : null}
        </details>
      ) : null}
      {toPupil && hasFeedback ? (
        <div role="group" aria-label={`${t.pupilFeedback}: ${label}`} className="flex flex-col gap-1">
          <p className="text-xs font-medium text-slate-600">{t.pupilFeedback}</p>
          {feedback}
        </div>
      ) : (
        feedback
      )}
      {subtask.errors.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={`${t.errors}: ${label}`}>
          {subtask.errors.map((error, errorIndex) => (
            <ErrorItem
              key={errorIndex}
              error={error}
              saving={review.saving}
              onDismiss={
                review.editable
                  ? () => void review.apply({ type: 'dismiss_error', ...at, errorIndex }).catch(() => {})
                  : undefined
              }
            />
          ))}
        </ul>
      ) : null}
      {review.editable ? (
        <AddErrorForm
          label={label}
          taskIndex={taskIndex}
          subtaskIndex={subtaskIndex}
          achievedPoints={subtask.achieved_points}
          studentText={studentText}
          saving={review.saving}
          apply={review.apply}
        />
      ) : null}
    </li>
  );
}
