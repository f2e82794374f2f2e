import { gradingScaleIds, gradingScaleMessages as t, type GradingScaleId } from '@korrigo/domain';
import { FormField, Select } from '@/components/ui';

type GradingScaleSelectProps = {
  value: GradingScaleId;
  onChange: (id: GradingScaleId) => void;
  hint?: string;
  className?: string;
};

/** The Notenschlüssel choice (issue 13 point 8), the same in the analysis options and the test creator. */
export function GradingScaleSelect({ value, onChange, hint, className }: GradingScaleSelectProps) {
  return (
    <FormField label={t.label} hint={hint} {...(className ? { className } : {})}>
      <Select value={value} onChange={(event) => onChange(event.target.value as GradingScaleId)}>
        {gradingScaleIds.map((id) => (
          <option key={id} value={id}>
            {t.option(id)}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
