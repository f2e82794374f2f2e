import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FileImage } from 'lucide-react';
import {
  classEvaluationScreenMessages as t,
  classSetReviewMessages as r,
  type ClassEvaluationDetail,
  type ClassEvaluationQuestion,
  type PageRef,
  type ReviewChange,
} from '@korrigo/domain';
import { Alert, Badge, Button, Card, CardContent, FormField, Input, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { groupReview, useClassEvaluationQuestions } from '../api/class-evaluations';
import { useSetForWalk } from '../api/set-order';
import { resultInSetPath } from '../utils/paper-order';
import { PageButton } from './page-thumbnail';

type Group = ClassEvaluationQuestion['groups'][number];

/** A page of the stack as the page views need it: its file and its number in the stack (as the split check counts). */
function stackPage(detail: ClassEvaluationDetail | undefined, page: PageRef | null) {
  if (!detail || !page) return null;
  const file = detail.files.find((entry) => entry.id === page.fileId);
  const number =
    detail.pages.findIndex((entry) => entry.fileId === page.fileId && entry.pageIndex === page.pageIndex) + 1;
  return file && number > 0 ? { file, pageIndex: page.pageIndex, label: t.pageLabel(number) } : null;
}

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

/**
 * The group's answer with, for a scanned paper, the page it was read from beside it (issue 34 §7): the
 * teacher sees the handwriting, not only what was read from it. The text is the first paper's, so is the page.
 */
function AnswerText({
  evaluationId,
  group,
  detail,
}: {
  evaluationId: string;
  group: Group;
  detail: ClassEvaluationDetail | undefined;
}) {
  const first = group.answers[0];
  const page = first ? stackPage(detail, first.page) : null;
  const text = (
    <blockquote className="min-w-0 flex-1 rounded-md bg-slate-50 p-2 text-sm whitespace-pre-wrap text-slate-900">
      {group.answer.trim() || t.answerEmpty}
    </blockquote>
  );
  if (!first || !page) return text;
  return (
    <div className="flex items-start gap-2">
      {text}
      <PageButton
        evaluationId={evaluationId}
        file={page.file}
        pageIndex={page.pageIndex}
        label={r.answerPage(first.studentName, page.label)}
        className="w-24 shrink-0"
      />
    </div>
  );
}

/** Each other pupil's page of the group, opened large from a small button in her line. */
function AnswerPageButton({
  evaluationId,
  detail,
  answer,
}: {
  evaluationId: string;
  detail: ClassEvaluationDetail | undefined;
  answer: Group['answers'][number];
}) {
  const page = stackPage(detail, answer.page);
  if (!page) return null;
  return (
    <PageButton
      evaluationId={evaluationId}
      file={page.file}
      pageIndex={page.pageIndex}
      label={page.label}
      dialogTitle={r.answerPage(answer.studentName, page.label)}
      className="inline-flex size-8 items-center justify-center text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <FileImage aria-hidden="true" className="size-4" />
    </PageButton>
  );
}

/** 'Nach Aufgaben' (issue 16 §4): per task the answers grouped, side by side, each group changed at once. */
export function QuestionsView({ evaluationId }: { evaluationId: string }) {
  const questions = useClassEvaluationQuestions(evaluationId, true);
  // the set's files, for the page a scanned answer was read from (answered from the set screen's cache)
  const set = useSetForWalk(evaluationId);
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
                    <AnswerText evaluationId={evaluationId} group={group} detail={set.data} />
                    <ul className="flex flex-col gap-1 text-sm">
                      {group.answers.map((answer) => (
                        <li key={answer.paperId} className="flex flex-wrap justify-between gap-2">
                          <span className="text-slate-800">
                            {/* her whole paper, where the answers can be placed on other tasks */}
                            <Link
                              to={resultInSetPath(answer.analysisId, evaluationId)}
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
                          <span className="flex items-center gap-1 tabular-nums text-slate-700">
                            {t.pointsOf(answer.points, question.maxPoints)}
                            <AnswerPageButton evaluationId={evaluationId} detail={set.data} answer={answer} />
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
