import { useState } from 'react';
import { Link } from 'react-router';
import { BookOpen, Copy, Eye, RefreshCw } from 'lucide-react';
import { questionTypeLabels, type TeamTestSummary } from '@korrigo/domain';
import { Alert, Badge, Button, Dialog, DialogContent, EmptyState, Skeleton, toast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useMyTeam } from '../api/get-my-team';
import { useDuplicateTeamTest, useTeamLibrary, useTeamTest } from '../api/team-library';
import { teamTexts as text } from '../content/team-texts';

const untitled = (title: string) => title || 'Ohne Titel';

/** One team test to read: its questions with points and solutions, and the hint that it is read-only. */
function TeamTestDialog({ testId, onClose }: { testId: string | null; onClose: () => void }) {
  const test = useTeamTest(testId);
  return (
    <Dialog open={testId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        className="max-w-2xl"
        title={test.data ? untitled(test.data.title) : text.libraryTitle}
        description={
          test.data
            ? `${test.data.subject} · ${test.data.grade} · ${text.by(test.data.ownerName)}`
            : undefined
        }
      >
        {test.isPending ? <Skeleton className="h-32 w-full" aria-busy="true" /> : null}
        {test.isError ? <Alert tone="error">{errorMessage(test.error)}</Alert> : null}
        {test.data ? (
          <div className="flex flex-col gap-4">
            {test.data.isMine ? null : <Alert tone="info">{text.readOnly}</Alert>}
            {test.data.topic ? <p className="text-sm text-slate-700">{test.data.topic}</p> : null}
            <ol className="flex list-decimal flex-col gap-3 pl-5">
              {test.data.questions.map((question) => (
                <li key={question.id} className="text-sm text-slate-800">
                  <p className="font-medium whitespace-pre-wrap">{question.text}</p>
                  <p className="text-slate-600">
                    {questionTypeLabels[question.type]} · {text.points(question.points)}
                  </p>
                  {question.correctAnswer ? (
                    <p className="text-slate-600">
                      {text.solution}: {question.correctAnswer}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function LibraryCard({
  test,
  busy,
  onView,
  onDuplicate,
}: {
  test: TeamTestSummary;
  busy: boolean;
  onView: () => void;
  onDuplicate: () => void;
}) {
  const title = untitled(test.title);
  return (
    <li
      data-testid="team-test-card"
      className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-5 shadow-card"
    >
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="text-sm text-slate-600">
          {test.subject} · {test.grade}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {test.isMine ? <Badge tone="primary">{text.mine}</Badge> : null}
          <span>
            {[
              ...(test.isMine ? [] : [text.by(test.ownerName)]),
              text.questions(test.questionCount),
              formatDate(test.lastSaved),
            ].join(' · ')}
          </span>
        </p>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onView} aria-label={text.viewLabel(title)}>
          <Eye aria-hidden="true" />
          {text.view}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDuplicate}
          loading={busy}
          aria-label={text.duplicateLabel(title)}
        >
          {busy ? null : <Copy aria-hidden="true" />}
          {text.duplicate}
        </Button>
      </div>
    </li>
  );
}

/**
 * 'Team-Bibliothek' beside the saved tests (issue 20 point 3): every member's tests, to read and duplicate
 * into one's own. Editing stays with the test's owner.
 */
export function TeamLibrary({ userId }: { userId: string }) {
  const mine = useMyTeam();
  const library = useTeamLibrary();
  const duplicate = useDuplicateTeamTest(userId);
  const [viewing, setViewing] = useState<string | null>(null);

  const inTeam = Boolean(mine.data?.team);
  return (
    <section aria-labelledby="team-library-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="team-library-heading" className="text-lg font-semibold text-slate-900">
            {text.libraryTitle}
          </h2>
          {inTeam ? <p className="text-sm text-slate-600">{text.libraryIntro}</p> : null}
        </div>
        {inTeam ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void library.refetch()}
            loading={library.isFetching && !library.isPending}
          >
            <RefreshCw aria-hidden="true" />
            Aktualisieren
          </Button>
        ) : null}
      </div>
      {mine.isPending || (inTeam && library.isPending) ? (
        <p role="status" className="text-sm text-slate-600">
          {text.libraryLoading}
        </p>
      ) : null}
      {mine.isError ? <Alert tone="error">{errorMessage(mine.error)}</Alert> : null}
      {library.isError && inTeam ? <Alert tone="error">{errorMessage(library.error)}</Alert> : null}
      {mine.data && !inTeam ? (
        <EmptyState
          icon={BookOpen}
          title={text.libraryNoTeam}
          action={
            <Link className="font-medium text-primary-700 underline underline-offset-2" to="/profile">
              {text.libraryNoTeamLink}
            </Link>
          }
        />
      ) : null}
      {inTeam && library.data?.length === 0 ? <EmptyState icon={BookOpen} title={text.libraryEmpty} /> : null}
      {inTeam && library.data && library.data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {library.data.map((test) => (
            <LibraryCard
              key={test.id}
              test={test}
              busy={duplicate.isPending && duplicate.variables === test.id}
              onView={() => setViewing(test.id)}
              onDuplicate={() =>
                duplicate.mutate(test.id, {
                  onSuccess: (copy) => toast.success(text.duplicated(copy.title)),
                  onError: (caught) => toast.error(errorMessage(caught)),
                })
              }
            />
          ))}
        </ul>
      ) : null}
      <TeamTestDialog testId={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
