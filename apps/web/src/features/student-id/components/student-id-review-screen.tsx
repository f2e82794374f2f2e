import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Check, Download, IdCard, X } from 'lucide-react';
import type { StudentIdReviewItem } from '@korrigo/domain';
import { PageHeader } from '@/components/page';
import {
  Alert,
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogFooter,
  EmptyState,
  FormField,
  Textarea,
  toast,
} from '@/components/ui';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { formatDate, formatFileSize } from '@/lib/format';
import { studentIdFileUrl, useDecideStudentId, useStudentIdReviews } from '../api/student-id';
import { studentIdTexts as text } from '../content/student-id-texts';

function RejectDialog({ item, onClose }: { item: StudentIdReviewItem | null; onClose: () => void }) {
  const decide = useDecideStudentId();
  const [note, setNote] = useState('');
  const fieldError =
    decide.error instanceof ApiClientError ? (decide.error.fields?.note ?? errorMessage(decide.error)) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!item) return;
    decide.mutate(
      { id: item.id, decision: { decision: 'reject', note } },
      {
        onSuccess: () => {
          toast.success(text.rejected_);
          setNote('');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) {
          decide.reset();
          onClose();
        }
      }}
    >
      <DialogContent title={text.rejectTitle} description={item ? text.rejectText(item.studentName) : ''}>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField label={text.rejectNote} hint={text.rejectNoteHint} error={fieldError} required>
            <Textarea
              value={note}
              maxLength={500}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" variant="danger" loading={decide.isPending}>
              <X aria-hidden="true" />
              {text.reject}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReviewRow({ item, onReject }: { item: StudentIdReviewItem; onReject: () => void }) {
  const decide = useDecideStudentId();
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium text-slate-900">{item.studentName}</span>
        <span className="truncate text-sm text-slate-600">{item.studentEmail}</span>
        <span className="text-sm text-slate-600">
          {[
            ...item.schoolNames,
            text.uploadedAt(formatDate(item.createdAt)),
            formatFileSize(item.sizeBytes),
          ].join(' · ')}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          className="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
          href={studentIdFileUrl(item.id)}
          download
          aria-label={text.openLabel(item.studentName)}
        >
          <Download aria-hidden="true" className="size-4" />
          {text.open}
        </a>
        <ConfirmDialog
          title={text.approveTitle}
          description={text.approveText(item.studentName)}
          confirmLabel={text.approve}
          cancelLabel={text.cancel}
          onConfirm={() =>
            decide.mutate(
              { id: item.id, decision: { decision: 'approve' } },
              {
                onSuccess: () => toast.success(text.approved_),
                onError: (caught) => toast.error(errorMessage(caught)),
              },
            )
          }
          trigger={
            <Button size="sm" loading={decide.isPending} aria-label={text.approveLabel(item.studentName)}>
              <Check aria-hidden="true" />
              {text.approve}
            </Button>
          }
        />
        <Button
          size="sm"
          variant="secondary"
          onClick={onReject}
          aria-label={text.rejectLabel(item.studentName)}
        >
          <X aria-hidden="true" />
          {text.reject}
        </Button>
      </div>
    </li>
  );
}

/** /dashboard/ausweise (issue 20 point 4): the pending student IDs this teacher or the operator may decide on. */
export function StudentIdReviewScreen() {
  const reviews = useStudentIdReviews();
  const [rejecting, setRejecting] = useState<StudentIdReviewItem | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={text.reviewTitle} description={text.reviewIntro} />
      {reviews.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {text.reviewLoading}
        </p>
      ) : null}
      {reviews.isError ? <Alert tone="error">{errorMessage(reviews.error)}</Alert> : null}
      {reviews.data?.operator ? <Alert tone="info">{text.reviewOperator}</Alert> : null}
      {reviews.data && reviews.data.items.length === 0 ? (
        <EmptyState icon={IdCard} title={text.reviewEmpty} />
      ) : null}
      {reviews.data && reviews.data.items.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
          {reviews.data.items.map((item) => (
            <ReviewRow key={item.id} item={item} onReject={() => setRejecting(item)} />
          ))}
        </ul>
      ) : null}
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

/** In a teacher's profile: where the student IDs of her schools' students wait for a decision. */
export function StudentIdReviewLink() {
  return (
    <section aria-labelledby="student-id-review-title" className="flex flex-col gap-2">
      <h2 id="student-id-review-title" className="text-xl font-semibold text-slate-900">
        {text.reviewTitle}
      </h2>
      <p className="text-sm text-slate-600">
        {text.reviewLinkIntro}{' '}
        <Link className="font-medium text-primary-700 underline underline-offset-2" to="/dashboard/ausweise">
          {text.reviewLink}
        </Link>
      </p>
    </section>
  );
}
