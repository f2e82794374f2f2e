import { useState, type KeyboardEvent } from 'react';
import { Check, Plus, X } from 'lucide-react';
import { addSubject, commonSubjects } from '@korrigo/domain';
import { Input, Label } from '@/components/ui';
import { cn } from '@/lib/cn';

type SubjectPickerProps = {
  value: string[];
  onChange: (subjects: string[]) => void;
  idPrefix?: string;
};

const chipClasses =
  'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors [&_svg]:size-3.5';

/**
 * Teacher subjects (spec 000 §5): the common list as toggle chips plus own subjects, added on Enter
 * (trimmed, no duplicates).
 */
export function SubjectPicker({ value, onChange, idPrefix = 'subjects' }: SubjectPickerProps) {
  const [custom, setCustom] = useState('');
  const selected = new Set(value.map((s) => s.toLocaleLowerCase('de-DE')));
  const customSubjects = value.filter(
    (s) => !commonSubjects.some((c) => c.toLocaleLowerCase('de-DE') === s.toLocaleLowerCase('de-DE')),
  );

  const toggle = (subject: string) => {
    const key = subject.toLocaleLowerCase('de-DE');
    onChange(
      selected.has(key) ? value.filter((s) => s.toLocaleLowerCase('de-DE') !== key) : [...value, subject],
    );
  };

  const addCustom = () => {
    onChange(addSubject(value, custom));
    setCustom('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the subject; it must not submit the surrounding form.
    event.preventDefault();
    addCustom();
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Fächer</legend>
      <div className="flex flex-wrap gap-2">
        {commonSubjects.map((subject) => {
          const active = selected.has(subject.toLocaleLowerCase('de-DE'));
          return (
            <button
              key={subject}
              type="button"
              aria-pressed={active}
              onClick={() => toggle(subject)}
              className={cn(
                chipClasses,
                active
                  ? 'border-primary-700 bg-primary-700 text-white hover:bg-primary-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-primary-400 hover:text-primary-800',
              )}
            >
              {active ? <Check aria-hidden="true" /> : null}
              {subject}
            </button>
          );
        })}
        {customSubjects.map((subject) => (
          <button
            key={subject}
            type="button"
            onClick={() => toggle(subject)}
            aria-label={`${subject} entfernen`}
            className={cn(chipClasses, 'border-primary-700 bg-primary-700 text-white hover:bg-primary-800')}
          >
            {subject}
            <X aria-hidden="true" />
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-custom`}>Eigenes Fach hinzufügen</Label>
        <div className="flex gap-2">
          <Input
            id={`${idPrefix}-custom`}
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="z. B. Politik"
            maxLength={60}
            aria-describedby={`${idPrefix}-custom-hint`}
          />
          <button
            type="button"
            onClick={addCustom}
            aria-label="Fach hinzufügen"
            className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
        <p id={`${idPrefix}-custom-hint`} className="text-xs text-slate-600">
          {/* only teachers pick subjects: Sie */}
          Drücken Sie Enter, um das Fach hinzuzufügen.
        </p>
      </div>
    </fieldset>
  );
}
