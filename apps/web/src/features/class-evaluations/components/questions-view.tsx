import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  classEvaluationScreenMessages as t,
  type ClassEvaluationQuestion,
  type ReviewChange,
} from '@korrigo/domain';
import { Alert, Badge, Button, Card, CardContent, FormField, Input, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { groupReview, useClassEvaluationQuestions } from '../api/class-evaluations';

type Group = ClassEvaluationQuestion['groups'][number];

/** A German number as typed ('1,5' or '1.5'); null when it is none. */
function parseNumber(value: string): number | null {
  const trimmed = value.trim().replace(',', '.');
  if (!trimmed) return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The actions of one answer group: the same points, or the same error, for every paper of the group. */
function GroupActions({
  evaluationId,
  question,
  group,
}: {
  evaluationId: string;
  question: ClassEvaluationQuestion;
  group: Group;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [pointsText, setPointsText] = useState('');
  const [errorTitle, setErrorTitle] = useState('');
  const [deduction, setDeduction] = useState('');
  const [problems, setProblems] = useState<{ points?: string; error?: string; deduction?: string }>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const analysisIds = group.answers.map((answer) => answer.analysisId);

  const send = async (change: ReviewChange) => {
    setBusy(true);
    setNotice(null);
    try {
      const result = await groupReview(evaluationId, analysisIds, change);
      setNotice({ tone: 'success', text: t.groupUpdated(result.updated) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.questions(evaluationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.detail(evaluationId) }),
      ]);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const onPoints = (event: FormEvent) => {
    event.preventDefault();
    const value = parseNumber(pointsText);
    const max = question.maxPoints;
    if (value === null || value < 0 || (max !== null && value > max)) {
      setProblems({ points: t.groupPointsInvalid(max) });
      return;
    }
    setProblems({});
    void send({
      type: 'set_points',
      taskIndex: question.taskIndex,
      ...(question.subtaskIndex !== null ? { subtaskIndex: question.subtaskIndex } : {}),
      points: value,
    });
  };

  const onError = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof problems = {};
    const title = errorTitle.trim();
    if (!title) found.error = t.groupErrorTitleRequired;
    const value = deduction.trim() ? parseNumber(deduction) : 0;
    // a deduction never takes more than the unit is worth (issue 33 §3)
    if (value === null || value < 0 || (question.maxPoints !== null && value > question.maxPoints))
      found.deduction = t.groupPointsInvalid(question.maxPoints);
    setProblems(found);
    if (Object.keys(found).length > 0 || question.subtaskIndex === null) return;
    void send({
      type: 'add_error',
      taskIndex: question.taskIndex,
      subtaskIndex: question.subtaskIndex,
      error: {
        title,
        point_deduction: value ?? 0,
        details: '',
        suggestion: '',
        severity: 'moderate',
        message: '',
        location: null,
        category: 'teacher',
      },
    }).then(() => {
      setErrorTitle('');
      setDeduction('');
    });
  };

  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-3">
      <form onSubmit={onPoints} noValidate className="flex flex-wrap items-end gap-2">
        <FormField label={t.groupPoints} error={problems.points} className="w-40">
          <Input
            id={`${id}-points`}
            inputMode="decimal"
            value={pointsText}
            onChange={(event) => setPointsText(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="sm" variant="secondary" loading={busy}>
          {t.groupPointsApply}
        </Button>
      </form>
      {/* an error needs a subtask to sit in (ReviewChange add_error); tasks without subtasks take points only */}
      {question.subtaskIndex !== null ? (
        <form onSubmit={onError} noValidate className="flex flex-wrap items-end gap-2">
          <FormField label={t.groupErrorTitle} error={problems.error} className="min-w-48 flex-1">
            <Input
              id={`${id}-error`}
              value={errorTitle}
              onChange={(event) => setErrorTitle(event.target.value)}
            />
          </FormField>
          <FormField label={t.groupErrorDeduction} error={problems.deduction} className="w-28">
            <Input
              id={`${id}-deduction`}
              inputMode="decimal"
              value={deduction}
              onChange={(event) => setDeduction(event.target.value)}
            />
          </FormField>
          <Button type="submit" size="sm" variant="secondary" loading={busy}>
            {t.groupErrorAdd}
          </Button>
        </form>
      ) : null}
      <div aria-live="polite">{notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}</div>
    </div>
  );
}

/** 'Nach Aufgaben' (issue 16 §4): per task the answers grouped, side by side, each group changed at once. */
export function QuestionsView({ evaluationId }: { evaluationId: string }) {
  const questions = useClassEvaluationQuestions(evaluationId, true);
  if (questions.isPending) return <Skeleton className="h-40 w-full" />;
  if (questions.isError) return <Alert tone="error">{errorMessage(questions.error)}</Alert>;
  if (questions.data.questions.length === 0)
    return <p className="text-sm text-slate-600">{t.questionsEmpty}</p>;

  return (
    <div className="flex flex-col gap-6">
      {questions.data.questions.map((question) => (
        <section
          key={`${question.taskIndex}-${question.subtaskIndex ?? 'x'}`}
          aria-labelledby={`q-${question.taskIndex}-${question.subtaskIndex ?? 'x'}`}
          className="flex flex-col gap-3"
        >
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h3
              id={`q-${question.taskIndex}-${question.subtaskIndex ?? 'x'}`}
              className="text-base font-semibold text-slate-900"
            >
              {question.label}
            </h3>
            {question.maxPoints !== null ? (
              <span className="text-sm text-slate-600">{t.questionMax(question.maxPoints)}</span>
            ) : null}
            {question.averageShare !== null ? (
              <span className="text-sm text-slate-600">
                {t.questionAverage(Math.round(question.averageShare * 100))}
              </span>
            ) : null}
          </div>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {question.groups.map((group, index) => (
              <li key={index}>
                <Card className="h-full">
                  <CardContent className="flex h-full flex-col gap-2 p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge
                        tone={
                          group.kind === 'identical'
                            ? 'primary'
                            : group.kind === 'similar'
                              ? 'info'
                              : 'neutral'
                        }
                      >
                        {t.groupKinds[group.kind]}
                      </Badge>
                      <span className="text-xs text-slate-600">{t.groupCount(group.answers.length)}</span>
                    </div>
                    <blockquote className="rounded-md bg-slate-50 p-2 text-sm whitespace-pre-wrap text-slate-900">
                      {group.answer.trim() || t.answerEmpty}
                    </blockquote>
                    <ul className="flex flex-col gap-1 text-sm">
                      {group.answers.map((answer) => (
                        <li key={answer.paperId} className="flex flex-wrap justify-between gap-2">
                          <span className="text-slate-800">
                            {/* her whole paper, where the answers can be placed on other tasks */}
                            <Link
                              to={`/analysis/${answer.analysisId}`}
                              className="underline decoration-slate-300 underline-offset-2 hover:decoration-slate-600"
                              aria-label={t.openResultOf(answer.studentName)}
                            >
                              {answer.studentName}
                            </Link>
                            {answer.placementUnsure ? (
                              <Badge tone="warning" className="ml-2">
                                {t.placementUnsure}
                              </Badge>
                            ) : null}
                            {answer.confirmed ? (
                              <Badge tone="success" className="ml-2">
                                {t.reviewStates.confirmed}
                              </Badge>
                            ) : null}
                          </span>
                          <span className="tabular-nums text-slate-700">
                            {t.pointsOf(answer.points, question.maxPoints)}
                          </span>
                          {answer.errors.length > 0 ? (
                            <span className="w-full text-xs text-slate-600">
                              {answer.errors.map((error) => error.title).join(', ')}
                            </span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                    <div className="mt-auto">
                      <GroupActions evaluationId={evaluationId} question={question} group={group} />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
