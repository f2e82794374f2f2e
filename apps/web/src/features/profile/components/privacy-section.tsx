import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileArchive, Trash2 } from 'lucide-react';
import {
  accountDeletionItems,
  accountDeletionKept,
  privacyMessages as text,
  type DataExport,
} from '@korrigo/domain';
import { PageSection } from '@/components/page';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Progress,
  toast,
} from '@/components/ui';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { formatDate, formatFileSize } from '@/lib/format';
import { resetSession } from '@/lib/session';
import { useLatestExport, useStartExport } from '../api/data-export';
import { useDeleteAccount, useDeletionInfo } from '../api/delete-account';

const sizeText = (bytes: number | null) => (bytes === null ? '' : formatFileSize(bytes));

function ExportState({ current }: { current: DataExport }) {
  const [downloading, setDownloading] = useState(false);
  if (current.status === 'queued' || current.status === 'running') {
    const label = current.status === 'queued' ? text.exportQueued : text.exportRunning(current.progress);
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {label}
        </p>
        <Progress value={current.progress} label={text.exportTitle} valueText={`${current.progress} %`} />
      </div>
    );
  }
  if (current.status === 'failed')
    return <Alert tone="error">{current.errorMessage ?? text.exportFailed}</Alert>;
  if (!current.downloadUrl) return null;
  const url = current.downloadUrl;
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="success">
        {text.exportReady(sizeText(current.sizeBytes), formatDate(current.expiresAt))}
      </Alert>
      <Button
        loading={downloading}
        onClick={() => {
          setDownloading(true);
          downloadFile(url, { accept: 'application/zip', fallbackName: 'korrigo-daten', extension: 'zip' })
            .catch((error: unknown) => toast.error(errorMessage(error)))
            .finally(() => setDownloading(false));
        }}
      >
        <Download aria-hidden="true" />
        {text.exportDownload}
      </Button>
    </div>
  );
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const info = useDeletionInfo(open);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  // The session is cleared only once the profile has left the screen: cleared while it is still shown, its
  // guard (RequireAuth) would send us to /login instead of the landing page.
  const erased = useRef(false);
  useEffect(
    () => () => {
      if (erased.current) resetSession(queryClient);
    },
    [queryClient],
  );
  const confirmWith = info.data?.confirmWith ?? 'password';
  const fieldError =
    remove.error instanceof ApiClientError
      ? (remove.error.fields?.password ?? remove.error.fields?.email ?? remove.error.fields?.phrase ?? null)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(
      { [confirmWith]: value },
      {
        onSuccess: () => {
          toast.success(text.deleted);
          erased.current = true;
          void navigate('/', { replace: true });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setValue('');
          remove.reset();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent title={text.deleteDialogTitle} description={text.deleteIrreversible}>
        {info.data?.demo ? (
          <Alert tone="warning">{text.demoRefused}</Alert>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <div className="flex flex-col gap-1.5">
              <h3 className="text-sm font-semibold text-slate-900">{text.deleteGoes}</h3>
              <ul className="list-disc pl-5 text-sm text-slate-700">
                {accountDeletionItems.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
            <div className="flex flex-col gap-1.5">
              <h3 className="text-sm font-semibold text-slate-900">{text.deleteKept}</h3>
              <ul className="list-disc pl-5 text-sm text-slate-700">
                {accountDeletionKept.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
            {info.data ? (
              <FormField
                label={
                  confirmWith === 'email'
                    ? text.deleteEmailLabel(info.data.email)
                    : confirmWith === 'phrase'
                      ? text.deletePhraseLabel
                      : text.deletePasswordLabel
                }
                error={fieldError}
                required
              >
                <Input
                  type={confirmWith === 'password' ? 'password' : confirmWith === 'email' ? 'email' : 'text'}
                  autoComplete={confirmWith === 'password' ? 'current-password' : 'off'}
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                />
              </FormField>
            ) : null}
            {remove.isError && !fieldError ? <Alert tone="error">{errorMessage(remove.error)}</Alert> : null}
            {info.isError ? <Alert tone="error">{errorMessage(info.error)}</Alert> : null}
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                {text.deleteCancel}
              </Button>
              <Button type="submit" variant="danger" loading={remove.isPending} disabled={!info.data}>
                <Trash2 aria-hidden="true" />
                {text.deleteConfirm}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** 'Meine Daten' in the profile (issue 19 point 1): the export with its progress, and erasing the account. */
export function PrivacySection() {
  const latest = useLatestExport();
  const start = useStartExport();
  const [deleting, setDeleting] = useState(false);
  const current = latest.data?.export ?? null;
  const busy = current?.status === 'queued' || current?.status === 'running';

  return (
    <PageSection id="privacy-title" title={text.title} intro={text.intro}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{text.exportTitle}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="text-sm text-slate-700">{text.exportHint}</p>
            {current ? <ExportState current={current} /> : null}
            {start.isError ? <Alert tone="error">{errorMessage(start.error)}</Alert> : null}
            {busy ? null : (
              <Button
                className="self-start"
                variant={current?.downloadUrl ? 'secondary' : 'primary'}
                loading={start.isPending}
                onClick={() => start.mutate()}
              >
                <FileArchive aria-hidden="true" />
                {current ? text.exportAgain : text.exportStart}
              </Button>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{text.deleteTitle}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="text-sm text-slate-700">{text.deleteHint}</p>
            <Button className="self-start" variant="danger" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              {text.deleteOpen}
            </Button>
          </CardContent>
        </Card>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </PageSection>
  );
}
