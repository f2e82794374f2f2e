import { GraduationCap, School } from 'lucide-react';
import { accountTypeLabels, accountTypes, type AccountType } from '@korrigo/domain';
import { cn } from '@/lib/cn';

const icons = { student: GraduationCap, teacher: School } as const;

type AccountTypePickerProps = {
  value: AccountType;
  onChange: (value: AccountType) => void;
  name?: string;
};

/** Two radio cards: student or teacher. Arrow keys move between them like any radio group. */
export function AccountTypePicker({ value, onChange, name = 'accountType' }: AccountTypePickerProps) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Ich bin …</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {accountTypes.map((type) => {
          const Icon = icons[type];
          const checked = value === type;
          return (
            <label
              key={type}
              className={cn(
                'relative flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm font-medium transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600',
                checked
                  ? 'border-primary-700 bg-primary-50 text-primary-900'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={type}
                checked={checked}
                onChange={() => onChange(type)}
                // The invisible radio covers the whole card, so a click anywhere hits the real control.
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
              />
              <Icon
                aria-hidden="true"
                className={cn('size-5', checked ? 'text-primary-700' : 'text-slate-500')}
              />
              {accountTypeLabels[type]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
