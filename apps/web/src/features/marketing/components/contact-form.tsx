import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  contactFormDefaults,
  contactFormSchema,
  contactMessages,
  contactRoleLabels,
  contactRoles,
  contactSubjectLabels,
  contactSubjects,
  offerRequestMessage,
  paidPlanIds,
  type ContactForm as ContactFormValues,
  type ContactRole,
  type ContactSubject,
} from '@korrigo/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Checkbox, Input, Select, Textarea } from '@/components/ui/input';
import { useHydrated } from '@/lib/use-hydrated';
import { useSubmitContact } from '../api/submit-contact';

type Field = keyof ContactFormValues;
type Errors = Partial<Record<Field, string>>;

/**
 * The contact form (spec 000 §3, §4, §5, §8): name, e-mail, message and consent are required; the subject
 * starts at „allgemein“. While sending the button reads „Sendet...“ and is disabled; on success the form is
 * reset.
 */
export function ContactForm() {
  // 'Angebot anfragen' on the pricing page (issue 20 point 2): /contact?subject=angebot&plan=<id> starts the
  // message with the plan; the spec's subjects stay as they are. Read after hydration (ADR 0005): the
  // pre-rendered page has no query.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const plan = hydrated ? params.get('plan') : null;
  const offer =
    plan && ([...paidPlanIds, 'enterprise'] as string[]).includes(plan)
      ? offerRequestMessage(plan as (typeof paidPlanIds)[number] | 'enterprise')
      : '';
  return <ContactFormFields key={offer} initialMessage={offer ? `${offer}\n\n` : ''} />;
}

function ContactFormFields({ initialMessage }: { initialMessage: string }) {
  const [values, setValues] = useState<ContactFormValues>(() => ({
    ...contactFormDefaults,
    message: initialMessage,
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<'success' | 'failure' | null>(null);
  const submit = useSubmitContact();

  const set = <K extends Field>(field: K, value: ContactFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = contactFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      // Put the keyboard on the first field to fix.
      const first = (['name', 'email', 'message', 'privacy'] as Field[]).find((f) => next[f]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    submit.mutate(
      { ...parsed.data, privacy: true },
      {
        onSuccess: () => {
          setValues(contactFormDefaults);
          setErrors({});
          setOutcome('success');
        },
        onError: () => setOutcome('failure'),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Kontaktformular">
      <p className="text-sm text-slate-600">
        Name, E-Mail-Adresse, Nachricht und deine Zustimmung zur Datenschutzerklärung brauchen wir, um dir
        antworten zu können.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name}>
          <Input
            id="contact-name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </FormField>
        <FormField label="E-Mail-Adresse" required error={errors.email}>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </FormField>
        <FormField label="Betreff">
          <Select
            id="contact-subject"
            value={values.subject}
            onChange={(e) => set('subject', e.target.value as ContactSubject)}
          >
            {contactSubjects.map((s) => (
              <option key={s} value={s}>
                {contactSubjectLabels[s]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Ich bin">
          <Select
            id="contact-role"
            value={values.role}
            onChange={(e) => set('role', e.target.value as ContactRole)}
          >
            {contactRoles.map((r) => (
              <option key={r} value={r}>
                {contactRoleLabels[r]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField label="Nachricht" required error={errors.message}>
        <Textarea
          id="contact-message"
          rows={6}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <Checkbox
            id="contact-privacy"
            className="mt-0.5"
            checked={values.privacy}
            aria-required="true"
            aria-invalid={errors.privacy ? true : undefined}
            aria-describedby={errors.privacy ? 'contact-privacy-error' : undefined}
            onChange={(e) => set('privacy', e.target.checked)}
          />
          <label htmlFor="contact-privacy" className="text-sm text-slate-700">
            Ich habe die{' '}
            <Link to="/datenschutz" className="font-medium text-primary-800 underline underline-offset-2">
              Datenschutzerklärung
            </Link>{' '}
            gelesen und bin einverstanden, dass meine Angaben zur Bearbeitung meiner Anfrage gespeichert
            werden.
          </label>
        </div>
        {errors.privacy ? (
          <p id="contact-privacy-error" className="text-sm text-red-700">
            {errors.privacy}
          </p>
        ) : null}
      </div>
      {outcome === 'success' ? <Alert tone="success">{contactMessages.success}</Alert> : null}
      {outcome === 'failure' ? <Alert tone="error">{contactMessages.failure}</Alert> : null}
      <div>
        <Button type="submit" size="lg" disabled={submit.isPending}>
          {submit.isPending ? contactMessages.sending : 'Nachricht senden'}
        </Button>
      </div>
    </form>
  );
}
