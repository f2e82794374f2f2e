import { useMemo, useRef, useState } from 'react';
import { FileUp } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  classMessages,
  classNameKey,
  decodeRosterFile,
  readRosterImport,
  resolveRoster,
  rosterImportLimits,
  rosterImportMessages as text,
  rosterMessages,
  type ClassSummary,
  type RepeatChoice,
  type RosterImportReading,
  type RosterImportRequest,
  type RosterImportResult,
  type School,
} from '@korrigo/domain';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Select,
} from '@/components/ui';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withToast } from '../utils/with-toast';
import { RepeatedNameQuestion } from './roster-field';

type Answers = {
  choices: Partial<Record<string, Partial<Record<string, RepeatChoice>>>>;
  names: Partial<Record<string, Partial<Record<number, string>>>>;
};

/**
 * „Liste importieren“ (issue 35 §3): a school's pupil list from SchILD-NRW, ASV-BW or a spreadsheet, read in
 * the browser with the same functions the server's check follows, shown class by class before anything is
 * written: which class is new and which of hers is extended, how many pupils each gets, every skipped line
 * with its reason and the question for every repeated name, as in the roster paste. One request writes all.
 */
export function ImportRosterDialog({
  open,
  onOpenChange,
  schools,
  classes,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schools: School[];
  classes: ClassSummary[];
}) {
  const queryClient = useQueryClient();
  const importRoster = useMutation({
    mutationFn: (body: RosterImportRequest) =>
      apiFetch<RosterImportResult>('/api/classes/import', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const [schoolId, setSchoolId] = useState(schools[0]?.id ?? '');
  const [fileName, setFileName] = useState<string | null>(null);
  const [reading, setReading] = useState<RosterImportReading | null>(null);
  const [answers, setAnswers] = useState<Answers>({ choices: {}, names: {} });
  const [submitted, setSubmitted] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setAnswers({ choices: {}, names: {} });
    setSubmitted(false);
    if (file.size > rosterImportLimits.fileBytes)
      return setReading({ ok: false, message: text.fileTooLarge });
    const decoded = decodeRosterFile(new Uint8Array(await file.arrayBuffer()));
    setReading(decoded === null ? { ok: false, message: text.fileUnreadable } : readRosterImport(decoded));
  };

  // her classes of the chosen school by name: the file's class is added to one of them, or created
  const own = useMemo(
    () =>
      new Set(
        classes
          .filter((item) => item.schoolId === schoolId && !item.archived)
          .map((item) => classNameKey(item.name)),
      ),
    [classes, schoolId],
  );

  const resolved = useMemo(() => {
    if (!reading?.ok) return [];
    return reading.classes.map((item) => ({
      ...item,
      ...resolveRoster(item.reading, answers.choices[item.name] ?? {}, answers.names[item.name] ?? {}),
    }));
  }, [reading, answers]);
  const open_ = resolved.flatMap((item) => item.open);
  const sendable = resolved.filter((item) => item.entries.length > 0);
  const skipped = reading?.ok
    ? [...reading.skipped, ...reading.classes.flatMap((item) => item.reading.skipped)].sort(
        (a, b) => a.line - b.line,
      )
    : [];

  const answersFor = (className: string) => ({
    choices: answers.choices[className] ?? {},
    names: answers.names[className] ?? {},
    choose: (key: string, choice: RepeatChoice) =>
      setAnswers((current) => ({
        ...current,
        choices: { ...current.choices, [className]: { ...current.choices[className], [key]: choice } },
      })),
    rename: (line: number, name: string) =>
      setAnswers((current) => ({
        ...current,
        names: { ...current.names, [className]: { ...current.names[className], [line]: name } },
      })),
  });

  const submit = () => {
    setSubmitted(true);
    if (open_.length > 0 || sendable.length === 0) return;
    return withToast(
      () =>
        importRoster.mutateAsync({
          schoolId,
          classes: sendable.map((item) => ({
            name: item.name,
            gradeLevel: item.gradeLevel,
            students: item.entries,
          })),
        }),
      {
        success: (result) => text.done(result.created, result.extended, result.added),
        failure: text.importFailed,
        serverMessage: 'validation',
      },
      () => onOpenChange(false),
    );
  };

  const columns = reading?.ok
    ? reading.columns
      ? text.columns(
          (Object.keys(text.column) as Array<keyof typeof text.column>)
            .filter((column) => reading.columns![column] !== undefined)
            .map((column) => text.columnAt(text.column[column], reading.columns![column]!))
            .join(', '),
        )
      : text.columnsWithoutTitles
    : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={text.title} description={text.intro} className="max-w-2xl">
        <div className="flex flex-col gap-4">
          <FormField label={text.schoolLabel} required>
            <Select value={schoolId} onChange={(event) => setSchoolId(event.target.value)}>
              {schools.map((school) => (
                <option key={school.id} value={school.id}>
                  {school.name}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-slate-900">{text.fileLabel}</p>
            {/* the browser's own file field speaks the browser's language: a German button opens it */}
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="roster-import-input"
              onChange={(event) => void pick(event.target.files?.[0])}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
                <FileUp aria-hidden="true" />
                {fileName ? text.pickOtherFile : text.pickFile}
              </Button>
              {fileName ? <span className="text-sm break-all text-slate-700">{fileName}</span> : null}
            </div>
            <p className="text-xs text-slate-600">{text.fileHint}</p>
          </div>

          <div aria-live="polite" className="flex flex-col gap-3">
            {reading && !reading.ok ? <Alert tone="error">{reading.message}</Alert> : null}
            {columns ? <p className="text-xs text-slate-600">{columns}</p> : null}
            {resolved.length > 0 ? (
              <ul
                aria-label={text.classesInFile}
                className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200"
              >
                {resolved.map((item) => (
                  <li key={item.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span className="font-medium text-slate-900">{item.name}</span>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      {text.pupils(item.entries.length)}
                      {own.has(classNameKey(item.name)) ? (
                        <Badge tone="neutral">{text.existingClass}</Badge>
                      ) : (
                        <Badge tone="info">{text.newClass(item.gradeLevel)}</Badge>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {skipped.length > 0 ? (
              <Alert tone="warning" title={rosterMessages.skippedTitle(skipped.length)}>
                <ul className="flex max-h-40 list-disc flex-col gap-0.5 overflow-y-auto pl-4">
                  {skipped.map((problem) => (
                    <li key={`${problem.line}-${problem.message}`}>{problem.message}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {resolved.flatMap((item) =>
              item.reading.repeated.map((group) => (
                <RepeatedNameQuestion
                  key={`${item.name}-${group.key}`}
                  group={group}
                  context={item.name}
                  answers={answersFor(item.name)}
                  unanswered={submitted && item.open.includes(group)}
                />
              )),
            )}
            {submitted && open_.length > 0 ? (
              <p className="text-sm text-red-700" role="alert">
                {rosterMessages.choiceMissing}
              </p>
            ) : null}
          </div>
        </div>
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {classMessages.cancel}
          </Button>
          <Button
            type="button"
            onClick={submit}
            disabled={sendable.length === 0 || !schoolId}
            loading={importRoster.isPending}
          >
            {text.submit(sendable.length)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
