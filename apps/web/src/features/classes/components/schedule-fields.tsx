import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import {
  courseMessages,
  newScheduleEntry,
  weekdayLabels,
  type ScheduleEntry,
  type Weekday,
} from '@korrigo/domain';
import { Button, FormField, Input, Select } from '@/components/ui';

type ScheduleForm = { schedule: ScheduleEntry[] };

type ScheduleFieldsProps = {
  // the create and edit forms both hold `schedule`; react-hook-form's types cannot say "a form with at least"
  control: Control<ScheduleForm>;
  register: UseFormRegister<ScheduleForm>;
  errors: FieldErrors<ScheduleForm>['schedule'];
  /** spec 001 §9: Monday to Friday in the create form, Monday to Sunday in the edit form */
  days: readonly Weekday[];
  /** spec 001 §5: the create form keeps at least one row */
  minRows: number;
};

/** Schedule rows (spec 001 §3 Schedule entry): day, start, end; a new row runs 08:00–09:30 (§9). */
export function ScheduleFields({ control, register, errors, days, minRows }: ScheduleFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'schedule' });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-900">{courseMessages.schedule}</legend>
      {fields.length === 0 ? <p className="text-sm text-slate-600">{courseMessages.noSchedule}</p> : null}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li
            key={field.id}
            className="grid grid-cols-2 items-end gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
            aria-label={`${courseMessages.schedule} ${index + 1}`}
          >
            <FormField
              label={courseMessages.day}
              className="col-span-2 sm:col-span-1"
              error={errors?.[index]?.day?.message}
            >
              <Select {...register(`schedule.${index}.day`)}>
                {days.map((day) => (
                  <option key={day} value={day}>
                    {weekdayLabels[day]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={courseMessages.startTime} error={errors?.[index]?.startTime?.message}>
              <Input type="time" {...register(`schedule.${index}.startTime`)} />
            </FormField>
            <FormField label={courseMessages.endTime} error={errors?.[index]?.endTime?.message}>
              <Input type="time" {...register(`schedule.${index}.endTime`)} />
            </FormField>
            {fields.length > minRows ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="col-span-2 justify-self-end sm:col-span-1"
                aria-label={courseMessages.removeScheduleEntry(index + 1)}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => append({ ...newScheduleEntry })}>
          <Plus aria-hidden="true" />
          {courseMessages.addScheduleEntry}
        </Button>
      </div>
    </fieldset>
  );
}
