import type { ComponentProps } from 'react';
import { bundeslaender, classLevelOptions } from '@korrigo/domain';
import { Select } from '@/components/ui';

type SelectProps = ComponentProps<'select'>;

/** The 16 German states (spec 000 §5). */
export function BundeslandSelect(props: SelectProps) {
  return (
    <Select {...props}>
      <option value="">Bundesland wählen</option>
      {bundeslaender.map((land) => (
        <option key={land} value={land}>
          {land}
        </option>
      ))}
    </Select>
  );
}

/** 1.–13. Klasse and 1.–12. Semester (spec 000 §5). */
export function ClassLevelSelect(props: SelectProps) {
  const klassen = classLevelOptions.filter((option) => option.endsWith('Klasse'));
  const semester = classLevelOptions.filter((option) => option.endsWith('Semester'));
  return (
    <Select {...props}>
      <option value="">Klasse/Semester wählen</option>
      <optgroup label="Schule">
        {klassen.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </optgroup>
      <optgroup label="Hochschule">
        {semester.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </optgroup>
    </Select>
  );
}
