import { useId, useMemo, useState } from 'react';
import {
  checkRosterEntries,
  classLimits,
  classMessages,
  distinguishedName,
  readRoster,
  resolveRoster,
  rosterMessages,
  type RepeatChoice,
  type RepeatedName,
} from '@korrigo/domain';
import { Alert, FormField, Input, Textarea } from '@/components/ui';

/**
 * A pasted roster as the teacher edits it (issue 34 §3): the text, its reading line by line (the same
 * `readRoster` the server's check follows), and her answers for repeated names. `entries` is what to send,
 * `open` the repeated names still without an answer (nothing is sent while there is one).
 */
export function useRosterInput() {
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<Partial<Record<string, RepeatChoice>>>({});
  const [names, setNames] = useState<Partial<Record<number, string>>>({});
  const reading = useMemo(() => readRoster(text), [text]);
  const { entries, open } = useMemo(() => resolveRoster(reading, choices, names), [reading, choices, names]);
  // a distinguishing name the teacher typed can meet another line's name: the server's check, here first
  const problems = useMemo(() => checkRosterEntries(entries).problems, [entries]);
  return {
    text,
    setText,
    reading,
    choices,
    choose: (key: string, choice: RepeatChoice) => setChoices((current) => ({ ...current, [key]: choice })),
    names,
    rename: (line: number, name: string) => setNames((current) => ({ ...current, [line]: name })),
    entries,
    open,
    problems,
    /** ready to send: every repeated name answered, every entry passes the server's check */
    ready: open.length === 0 && problems.length === 0,
    reset: () => {
      setText('');
      setChoices({});
      setNames({});
    },
  };
}
export type RosterInput = ReturnType<typeof useRosterInput>;
/** The teacher's answers for the repeated names of one list. */
export type RepeatAnswers = Pick<RosterInput, 'choices' | 'choose' | 'names' | 'rename'>;

/** The list box, the count, the skipped lines and the question for every repeated name. */
export function RosterField({
  roster,
  label,
  hint,
  rows = 5,
  showMissingChoice,
}: {
  roster: RosterInput;
  label: string;
  hint: string;
  rows?: number;
  /** after a submit with unanswered repeated names: say so */
  showMissingChoice: boolean;
}) {
  const { reading, entries, open, problems } = roster;
  return (
    <div className="flex flex-col gap-3">
      <FormField label={label} hint={hint}>
        <Textarea
          rows={rows}
          spellCheck={false}
          maxLength={classLimits.rosterMax * 400}
          placeholder={'Anna Schmidt, anna@example.de\nWeber, Ben'}
          value={roster.text}
          onChange={(event) => roster.setText(event.target.value)}
        />
      </FormField>
      <p className="min-h-4 text-xs text-slate-600" aria-live="polite">
        {entries.length > 0 ? classMessages.rosterPreview(entries.length) : null}
        {reading.header !== null ? ` · ${rosterMessages.headerSkipped(reading.header)}` : null}
      </p>
      {reading.skipped.length > 0 ? (
        <Alert tone="warning" title={rosterMessages.skippedTitle(reading.skipped.length)}>
          <ul className="flex max-h-32 list-disc flex-col gap-0.5 overflow-y-auto pl-4">
            {reading.skipped.map((problem) => (
              <li key={problem.line}>{problem.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {reading.repeated.map((group) => (
        <RepeatedNameQuestion
          key={group.key}
          group={group}
          answers={roster}
          unanswered={showMissingChoice && open.includes(group)}
        />
      ))}
      {problems.length > 0 ? (
        <Alert tone="error">
          <ul className="flex flex-col gap-0.5">
            {problems.map((problem) => (
              <li key={problem.line}>{problem.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {showMissingChoice && open.length > 0 ? (
        <p className="text-sm text-red-700" role="alert">
          {rosterMessages.choiceMissing}
        </p>
      ) : null}
    </div>
  );
}

/**
 * „Lena Schmidt“ on two lines: a second pupil (both kept, the later one told apart by a note the teacher can
 * change, „Lena Schmidt (2)“) or the same pupil twice (kept once). Before issue 34 the second line was dropped.
 */
export function RepeatedNameQuestion({
  group,
  answers: roster,
  unanswered,
  context,
}: {
  group: RepeatedName;
  answers: RepeatAnswers;
  unanswered: boolean;
  /** where the name stands when there is more than one list, e.g. the class of an import */
  context?: string;
}) {
  const id = useId();
  const choice = roster.choices[group.key];
  const options: Array<{ value: RepeatChoice; label: string }> = [
    { value: 'second', label: rosterMessages.choiceSecond },
    { value: 'duplicate', label: rosterMessages.choiceDuplicate },
  ];
  return (
    <fieldset
      className={`flex flex-col gap-2 rounded-lg border p-3 ${unanswered ? 'border-red-300' : 'border-slate-200'}`}
      aria-invalid={unanswered || undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-900">
        {context ? `${context}: ` : null}
        {rosterMessages.repeatedQuestion(group.name, group.lines)}
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-choice`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => roster.choose(group.key, option.value)}
              className="size-4 accent-primary-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {choice === 'second'
        ? group.lines.slice(1).map((line, index) => (
            <FormField key={line} label={rosterMessages.nameInLine(line)}>
              <Input
                value={roster.names[line] ?? distinguishedName(group.name, index + 2)}
                maxLength={classLimits.studentNameMax}
                onChange={(event) => roster.rename(line, event.target.value)}
              />
            </FormField>
          ))
        : null}
    </fieldset>
  );
}
