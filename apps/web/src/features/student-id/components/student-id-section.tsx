import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FileUp, RefreshCw, Upload } from 'lucide-react';
import {
  planLink,
  studentIdFileTypes,
  studentIdMaxBytes,
  studentIdMessages,
  type MyStudentId,
} from '@korrigo/domain';
import { PageSection } from '@/components/page';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Skeleton,
  toast,
} from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { studentIdFileUrl, useMyStudentId, useUploadStudentId } from '../api/student-id';
import { studentIdTexts as text } from '../content/student-id-texts';

function StudentIdStatus({ state }: { state: MyStudentId }) {
  const latest = state.latest;
  if (!latest) return <p className="text-sm text-slate-600">{text.none}</p>;
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <span className="font-medium">{text.status}:</span>
        {latest.status === 'pending' ? <Badge tone="warning">ausstehend</Badge> : null}
        {latest.status === 'approved' ? (
          <Badge tone="success">{text.approved(formatDate(latest.validUntil))}</Badge>
        ) : null}
        {latest.status === 'rejected' ? <Badge tone="danger">{text.rejected}</Badge> : null}
      </p>
      {latest.status === 'pending' ? (
        <>
          <p className="text-sm text-slate-600">{text.pending(formatDate(latest.createdAt))}</p>
          <a
            className="self-start text-sm font-medium text-primary-700 underline underline-offset-2"
            href={studentIdFileUrl(latest.id)}
            download
          >
            {text.viewFile}
          </a>
        </>
      ) : null}
      {state.confirmedUntil ? (
        <p className="text-sm text-slate-700">
          {text.canBook}{' '}
          <Link
            className="font-medium text-primary-700 underline underline-offset-2"
            to={planLink('premium_student')}
          >
            {text.canBookLink}
          </Link>
        </p>
      ) : null}
      {latest.status === 'rejected' && latest.reviewNote ? (
        <Alert tone="warning">
          {text.rejectedNote(latest.reviewNote)} {text.uploadAgain}
        </Alert>
      ) : null}
    </div>
  );
}

function UploadForm() {
  const upload = useUploadStudentId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    // checked here for a quick answer; the server checks the content again
    setError(picked.size > studentIdMaxBytes ? studentIdMessages.tooLarge : null);
    setFile(picked.size > studentIdMaxBytes ? null : picked);
    // the same file can be picked again
    if (input.current) input.current.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(studentIdMessages.missingFile);
    setError(null);
    upload.mutate(file, {
      onSuccess: () => {
        toast.success(text.uploaded);
        setFile(null);
      },
      onError: (caught) => setError(errorMessage(caught)),
    });
  };

  // the browser's own file field speaks the browser's language: a German button opens it instead
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-900">{text.fileLabel}</p>
        <input
          ref={input}
          type="file"
          accept={studentIdFileTypes.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => pick(event.target.files?.[0])}
          data-testid="student-id-input"
        />
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          onClick={() => input.current?.click()}
          aria-describedby={error ? errorId : undefined}
        >
          <FileUp aria-hidden="true" />
          {text.pickFile}
        </Button>
        <p className="text-xs text-slate-600">{file ? text.picked(file.name) : text.fileHint}</p>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="self-start" loading={upload.isPending}>
        <Upload aria-hidden="true" />
        {text.upload}
      </Button>
    </form>
  );
}

/** 'Schülerausweis' in a student's profile (issue 20 point 4): upload, status, the reviewer's note. */
export function StudentIdSection() {
  const mine = useMyStudentId();
  const pending = mine.data?.latest?.status === 'pending';
  return (
    <PageSection id="student-id-title" title={text.title} intro={text.intro}>
      <Card>
        <CardHeader>
          <CardTitle>Premium Student</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {mine.isPending ? <Skeleton className="h-12 w-full" aria-busy="true" /> : null}
          {mine.isError ? (
            <div className="flex flex-col items-start gap-3">
              <Alert tone="error">{text.loadFailed + errorMessage(mine.error)}</Alert>
              <Button variant="secondary" onClick={() => void mine.refetch()}>
                <RefreshCw aria-hidden="true" />
                Erneut versuchen
              </Button>
            </div>
          ) : null}
          {mine.data ? <StudentIdStatus state={mine.data} /> : null}
          {mine.data && !pending && !mine.data.confirmedUntil ? <UploadForm /> : null}
        </CardContent>
      </Card>
    </PageSection>
  );
}
