import { FormField, Input } from '@/components/ui';
import { PasswordChecklist } from '@/components/account/password-checklist';
import { PasswordInput } from '@/components/account/password-input';
import { PasswordStrengthMeter } from '@/components/account/password-strength-meter';

/** The e-mail address of the sign-in, sign-up and password-reset forms. */
export function EmailField(props: { value: string; onChange(value: string): void; required?: boolean }) {
  return (
    <FormField label="E-Mail-Adresse" required={props.required}>
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        maxLength={254}
      />
    </FormField>
  );
}

/** A password being chosen (sign-up, reset): the field, how strong it is and the spec's checklist. */
export function NewPasswordField(props: {
  label: string;
  hint?: string;
  required?: boolean;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <FormField label={props.label} hint={props.hint} required={props.required}>
        <PasswordInput
          autoComplete="new-password"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          maxLength={128}
        />
      </FormField>
      <PasswordStrengthMeter password={props.value} />
      <PasswordChecklist password={props.value} />
    </div>
  );
}
