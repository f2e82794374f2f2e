import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plug } from 'lucide-react';
import { z } from 'zod';
import {
  deploymentIdsFromText,
  ltiDeploymentIdsSchema,
  ltiRegistrationRequestSchema,
  ltiSettingsMessages as text,
} from '@korrigo/domain';
import { Alert, Button, FormField, Input, Textarea, toast } from '@/components/ui';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useCreateLtiRegistration } from '../api/create-lti-registration';

/**
 * The domain's request schema, with the deployment ids typed one a line: the text is split and checked by the
 * domain's rule, and its first complaint stands at the field.
 */
const formSchema = ltiRegistrationRequestSchema.extend({
  deploymentIds: z.string().transform((typed, context) => {
    const parsed = ltiDeploymentIdsSchema.safeParse(deploymentIdsFromText(typed));
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
    return z.NEVER;
  }),
});
type FormInput = z.input<typeof formSchema>;
type FieldName = keyof FormInput;

const empty: FormInput = {
  name: '',
  issuer: '',
  clientId: '',
  authUrl: '',
  tokenUrl: '',
  jwksUrl: '',
  deploymentIds: '',
};
const isField = (key: string): key is FieldName => key in empty;

/** The platform's values, entered after Korrigo was registered there; the server's refusals stand at their field. */
export function RegistrationForm() {
  const create = useCreateLtiRegistration();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: empty,
  });

  /** `deploymentIds.0` is the deployment ids' field; the same platform twice is its client id's */
  const showServerError = (caught: unknown) => {
    const fields = caught instanceof ApiClientError ? { ...caught.fields } : {};
    if (caught instanceof ApiClientError && caught.code === 'conflict') fields.clientId = caught.message;
    const placed = Object.entries(fields).flatMap(([key, message]) => {
      const field = key.split('.')[0]!;
      return isField(field) ? [[field, message] as const] : [];
    });
    placed.forEach(([field, message], index) => setError(field, { message }, { shouldFocus: index === 0 }));
    setFormError(placed.length > 0 ? null : errorMessage(caught));
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync(values);
      toast.success(text.created(created.name));
      reset(empty);
    } catch (caught) {
      showServerError(caught);
    }
  });

  const field = (name: FieldName) => ({ ...register(name), autoComplete: 'off', spellCheck: false });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="lti-form-title" className="flex flex-col gap-4">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={text.name} required error={errors.name?.message}>
          <Input {...register('name')} placeholder={text.namePlaceholder} maxLength={100} />
        </FormField>
        <FormField label={text.issuer} hint={text.issuerHint} required error={errors.issuer?.message}>
          <Input {...field('issuer')} type="url" inputMode="url" />
        </FormField>
        <FormField label={text.clientId} required error={errors.clientId?.message}>
          <Input {...field('clientId')} />
        </FormField>
        <FormField label={text.authUrl} hint={text.authUrlHint} required error={errors.authUrl?.message}>
          <Input {...field('authUrl')} type="url" inputMode="url" />
        </FormField>
        <FormField label={text.tokenUrl} hint={text.tokenUrlHint} required error={errors.tokenUrl?.message}>
          <Input {...field('tokenUrl')} type="url" inputMode="url" />
        </FormField>
        <FormField
          label={text.platformJwksUrl}
          hint={text.platformJwksUrlHint}
          required
          error={errors.jwksUrl?.message}
        >
          <Input {...field('jwksUrl')} type="url" inputMode="url" />
        </FormField>
        <FormField
          className="sm:col-span-2"
          label={text.deploymentIds}
          hint={text.deploymentIdsHint}
          required
          error={errors.deploymentIds?.message}
        >
          <Textarea {...field('deploymentIds')} rows={2} />
        </FormField>
      </div>
      <div>
        <Button type="submit" loading={create.isPending}>
          <Plug aria-hidden="true" />
          {text.submit}
        </Button>
      </div>
    </form>
  );
}
