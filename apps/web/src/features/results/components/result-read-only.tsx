import { analysisScreenMessages as t, type AnalysisResult } from '@korrigo/domain';
import type { Review } from '../hooks/use-review';
import { Criteria } from './criteria';
import { GradeCard } from './grade-card';
import { HighlightedText } from './highlighted-text';
import { FeedbackLists, Section } from './result-parts';
import { TaskCard } from './task-card';

/** No review: the parts that take one then show points and feedback as text, with no controls. */
const readOnlyReview: Review = {
  editable: false,
  saving: false,
  apply: () => Promise.resolve(),
  confirm: () => undefined,
  confirming: false,
  reopen: () => undefined,
  reopening: false,
};

type ResultReadOnlyProps = {
  result: AnalysisResult;
  /** the graded text */
  text: string;
  /** the heading of the graded text; the teacher's 'Textanalyse' by default */
  textTitle?: string;
};

/**
 * A released result as its reader sees it (the student's grade detail, issue 17 §2): the grade card, the
 * tasks with points, feedback and errors, the overall feedback, the criteria and the marked text. None of the
 * teacher's review controls and no calls: it needs only the result.
 */
export function ResultReadOnly({ result, text, textTitle }: ResultReadOnlyProps) {
  return (
    <article className="flex flex-col gap-6" data-testid="result-read-only">
      <GradeCard result={result} />
      {result.tasks.length > 0 ? (
        <Section title={t.tasks}>
          {result.tasks.map((task, taskIndex) => (
            <TaskCard
              key={taskIndex}
              task={task}
              taskIndex={taskIndex}
              review={readOnlyReview}
              studentText={text}
            />
          ))}
        </Section>
      ) : null}
      <Section title={t.overallFeedback}>
        {result.overall_feedback ? (
          <p className="text-sm whitespace-pre-wrap text-slate-800">{result.overall_feedback}</p>
        ) : null}
        <FeedbackLists result={result} />
      </Section>
      <Criteria result={result} />
      <HighlightedText text={text} result={result} title={textTitle} />
    </article>
  );
}
