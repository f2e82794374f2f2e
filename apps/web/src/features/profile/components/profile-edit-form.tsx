import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { ArrowLeft, LogOut, Save } from 'lucide-react';
import {
  fieldsForAccountType,
  isPasswordValid,
  messages,
  profileUpdateSchema,
  type Profile,
  type ProfileUpdate,
} from '@korrigo/domain';
import { AccountTypePicker } from '@/components/account/account-type-picker';
import { BundeslandSelect, ClassLevelSelect } from '@/components/account/account-selects';
import { PasswordChecklist } from '@/components/account/password-checklist';
import { PasswordInput } from '@/components/account/password-input';
import { SubjectPicker } from '@/components/account/subject-picker';
import { Alert, Button, Card, CardContent, CardFooter, FormField, Input, toast } from '@/components/ui';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';
import { PhotoPicker } from './photo-picker';

type FormValues = ProfileUpdate;

/** German field messages; zod's own texts are English and never shown. */
function fieldError(errors: FieldErrors<FormValues>, field: keyof FormValues): string | null {
  const error = errors[field];
  if (!error) return null;
  if (error.type === 'server' || error.type === 'manual') return String(error.message);
  if (field === 'displayName') return messages.profile.nameRequired;
  if (field === 'email') return messages.profile.emailInvalid;
  if (field === 'newPassword') return messages.signup.passwordInvalid;
  return messages.http.validation;
}

function toFormValues(profile: Profile): FormValues {
  return {
    displayName: profile.displayName,
    email: profile.email,
    accountType: profile.accountType,
    bundesland: profile.bundesland as FormValues['bundesland'],
    school: profile.school,
    subjects: profile.subjects,
    classLevel: profile.classLevel,
    newPassword: '',
    currentPassword: '',
  };
}

type ProfileEditFormProps = { profile: Profile; onDone: () => void };

export function ProfileEditForm({ profile, onDone }: ProfileEditFormProps) {
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const uploadPhoto = useUploadProfilePhoto();
  const [photo, setPhoto] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  // teachers read Sie, students du (the saved account type: the picker below may just have switched it)
  const addressed = profile.accountType;

  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(profileUpdateSchema), defaultValues: toFormValues(profile) });

  const accountType = useWatch({ control, name: 'accountType' });
  const newPassword = useWatch({ control, name: 'newPassword' }) ?? '';
  const displayName = useWatch({ control, name: 'displayName' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setConfirmationSentTo(null);
    if (values.newPassword && !isPasswordValid(values.newPassword)) {
      setError('newPassword', { type: 'manual', message: messages.signup.passwordInvalid });
      return;
    }
    if (needsCurrentPassword(values) && !values.currentPassword) {
      const message = messages.profile.currentPasswordRequired[addressed];
      setError('currentPassword', { type: 'manual', message }, { shouldFocus: true });
      return;
    }

    if (photo) {
      try {
        await uploadPhoto.mutateAsync(photo);
        setPhoto(null);
        toast.success(messages.profile.photoUpdated);
      } catch (error) {
        toast.error(messages.profile.uploadFailedPrefix + errorMessage(error));
        setFormError(messages.profile.uploadFailedPrefix + errorMessage(error));
        return;
      }
    }

    try {
      // Switching the account type clears the other type's fields (spec 000 §3).
      const update = { ...values, ...fieldsForAccountType(values.accountType, values) };
      const result = await updateProfile.mutateAsync(update);
      toast.success(messages.profile.updated);
      if (result.emailConfirmationSent) {
        // Stay here: the notice says where the link went; the address field shows the one that still counts.
        reset(toFormValues(result.profile));
        setConfirmationSentTo(result.profile.pendingEmail);
        window.scrollTo({ top: 0 });
        return;
      }
      onDone();
    } catch (error) {
      if (error instanceof ApiClientError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) setError(field as keyof FormValues, { type: 'server', message });
        }
      }
      setFormError(messages.profile.updateFailedPrefix + errorMessage(error));
    }
  });

  const email = useWatch({ control, name: 'email' });
  const isNewEmail = (value: string | undefined) =>
    value?.trim().toLowerCase() !== profile.email.toLowerCase();
  // the server asks for it too (a session alone must not change the sign-in)
  const needsCurrentPassword = (values: { email?: string; newPassword?: string }) =>
    isNewEmail(values.email) || Boolean(values.newPassword);
  const emailChanged = isNewEmail(email);
  const pendingEmail = confirmationSentTo ?? profile.pendingEmail;

  return (
    <form noValidate onSubmit={onSubmit}>
      <Card>
        <CardContent className="flex flex-col gap-8">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Profil bearbeiten</h1>
            <p className="text-sm text-slate-600">Änderungen werden erst mit „Speichern“ übernommen.</p>
          </div>

          {formError ? <Alert tone="error">{formError}</Alert> : null}
          {confirmationSentTo ? (
            <Alert tone="info">{messages.profile.emailConfirmationSent[addressed](confirmationSentTo)}</Alert>
          ) : null}

          <section aria-labelledby="photo-heading" className="flex flex-col gap-3">
            <h2 id="photo-heading" className="text-base font-semibold text-slate-900">
              Profilbild
            </h2>
            <PhotoPicker
              name={displayName || profile.email}
              currentPhoto={profile.photoURL}
              file={photo}
              onFileChange={setPhoto}
            />
          </section>

          <section aria-labelledby="account-heading" className="flex flex-col gap-5">
            <h2 id="account-heading" className="text-base font-semibold text-slate-900">
              Kontodaten
            </h2>
            <div className="grid gap-5 md:grid-cols-2">
              <FormField label="Name" required error={fieldError(errors, 'displayName')}>
                <Input autoComplete="name" maxLength={120} {...register('displayName')} />
              </FormField>
              <FormField
                label="E-Mail-Adresse"
                required
                error={fieldError(errors, 'email')}
                hint={
                  emailChanged
                    ? messages.profile.emailChangeHint
                    : pendingEmail
                      ? messages.profile.pendingEmail[addressed](pendingEmail)
                      : undefined
                }
              >
                <Input type="email" autoComplete="email" maxLength={254} {...register('email')} />
              </FormField>
            </div>
            <div className="flex flex-col gap-3 md:max-w-[calc(50%-0.625rem)]">
              <FormField
                label="Neues Passwort"
                hint="Leer lassen, um das Passwort nicht zu ändern."
                error={fieldError(errors, 'newPassword')}
              >
                <PasswordInput autoComplete="new-password" maxLength={128} {...register('newPassword')} />
              </FormField>
              {newPassword ? <PasswordChecklist password={newPassword} /> : null}
            </div>
            {needsCurrentPassword({ email, newPassword }) ? (
              <FormField
                label={messages.profile.currentPasswordLabel}
                required
                hint={messages.profile.currentPasswordHint[addressed]}
                error={fieldError(errors, 'currentPassword')}
                className="md:max-w-[calc(50%-0.625rem)]"
              >
                <PasswordInput
                  autoComplete="current-password"
                  maxLength={128}
                  {...register('currentPassword')}
                />
              </FormField>
            ) : null}
          </section>

          <section aria-labelledby="school-heading" className="flex flex-col gap-5">
            <h2 id="school-heading" className="text-base font-semibold text-slate-900">
              Schule
            </h2>
            <Controller
              control={control}
              name="accountType"
              render={({ field }) => <AccountTypePicker value={field.value} onChange={field.onChange} />}
            />
            {accountType === 'teacher' ? (
              <div className="flex flex-col gap-5">
                <div className="grid gap-5 md:grid-cols-2">
                  <FormField label="Bundesland" error={fieldError(errors, 'bundesland')}>
                    <BundeslandSelect {...register('bundesland')} />
                  </FormField>
                  <FormField label="Schule" error={fieldError(errors, 'school')}>
                    <Input autoComplete="organization" maxLength={200} {...register('school')} />
                  </FormField>
                </div>
                <Controller
                  control={control}
                  name="subjects"
                  render={({ field }) => (
                    <SubjectPicker
                      idPrefix="profile-subjects"
                      value={field.value ?? []}
                      onChange={field.onChange}
                    />
                  )}
                />
              </div>
            ) : (
              <FormField
                label="Klasse/Semester"
                error={fieldError(errors, 'classLevel')}
                className="md:max-w-[calc(50%-0.625rem)]"
              >
                <ClassLevelSelect {...register('classLevel')} />
              </FormField>
            )}
          </section>
        </CardContent>
        <CardFooter className="justify-between">
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? null : <Save aria-hidden="true" />}
              Speichern
            </Button>
            <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
              <ArrowLeft aria-hidden="true" />
              Zurück
            </Button>
          </div>
          <Button variant="ghost" onClick={() => navigate('/logout')}>
            <LogOut aria-hidden="true" />
            Abmelden
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
