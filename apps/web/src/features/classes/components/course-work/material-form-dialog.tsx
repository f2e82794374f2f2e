import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  courseWorkLimits,
  courseWorkMessages,
  materialFieldsSchema,
  materialFileAccept,
  materialTypeLabels,
  materialTypes,
  type Material,
} from '@korrigo/domain';
import { Dialog, DialogContent, FormField, Input, Select, Textarea, toast } from '@/components/ui';
import { ApiClientError } from '@/lib/api-client';
import {
  useCreateMaterial,
  useUpdateMaterial,
  useUploadMaterialFiles,
} from '../../api/course-work-mutations';
import { CreateDialogFooter } from '../dialog-parts';

const formSchema = materialFieldsSchema;
type FormValues = z.input<typeof formSchema>;

/**
 * The upload's failure as the teacher reads it: the spec's sentence (§8), and the server's reason when it
 * named one (a file of a type we do not take, too many, too large).
 */
function uploadFailure(error: unknown): string {
  if (error instanceof ApiClientError && (error.status === 400 || error.status === 413)) {
    return `${courseWorkMessages.uploadFailed} ${error.message}`;
  }
  return courseWorkMessages.uploadFailed;
}

/**
 * New and edit material (spec 001 §5: title and type required; files .pdf .doc .docx .jpg .png .txt .zip,
 * several at once). The fields are saved first, then the chosen files are uploaded to the saved material;
 * the server checks each file's type by its content.
 */
export function MaterialFormDialog({
  courseId,
  material,
  onClose,
}: {
  courseId: string;
  /** null: a new material */
  material: Material | null;
  onClose: () => void;
}) {
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const upload = useUploadMaterialFiles();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  // a new material saved before its upload failed: a second try updates it instead of creating another
  const [savedId, setSavedId] = useState<string | null>(material?.id ?? null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: material
      ? {
          title: material.title,
          type: material.type,
          description: material.description,
          author: material.author,
          text: material.text,
        }
      : { title: '', type: 'exercise', description: '', author: '', text: '' },
  });

  const chooseFiles = (list: FileList | null) => {
    const chosen = list ? [...list] : [];
    if (chosen.length > courseWorkLimits.maxFiles) {
      setFileError(courseWorkMessages.tooManyFiles);
    } else if (chosen.some((file) => file.size > courseWorkLimits.maxFileBytes)) {
      setFileError(courseWorkMessages.fileTooLarge);
    } else {
      setFileError(null);
    }
    setFiles(chosen);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (fileError) return;
    let saved: Material;
    try {
      saved = savedId
        ? await update.mutateAsync({ courseId, id: savedId, ...values })
        : await create.mutateAsync({ courseId, ...values });
      setSavedId(saved.id);
    } catch {
      toast.error(courseWorkMessages.saveFailed);
      return;
    }
    if (files.length > 0) {
      try {
        await upload.mutateAsync({ courseId, id: saved.id, files });
      } catch (error) {
        // the material is saved; only the files are missing, and the teacher can add them in the edit form
        toast.error(uploadFailure(error));
        return;
      }
    }
    toast.success(courseWorkMessages.saved);
    onClose();
  });

  const title = material ? courseWorkMessages.editMaterial : courseWorkMessages.newMaterial;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} className="max-w-lg">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={title}>
          <FormField label={courseWorkMessages.title} error={errors.title?.message} required>
            <Input {...register('title')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={courseWorkMessages.type} error={errors.type?.message} required>
              <Select {...register('type')}>
                {materialTypes.map((value) => (
                  <option key={value} value={value}>
                    {materialTypeLabels[value]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={courseWorkMessages.author} error={errors.author?.message}>
              <Input {...register('author')} />
            </FormField>
          </div>
          <FormField label={courseWorkMessages.description} error={errors.description?.message}>
            <Textarea rows={2} {...register('description')} />
          </FormField>
          <FormField label={courseWorkMessages.materialText} error={errors.text?.message}>
            <Textarea rows={3} {...register('text')} />
          </FormField>
          <FormField label={courseWorkMessages.files} hint={courseWorkMessages.filesHint} error={fileError}>
            <Input
              type="file"
              multiple
              accept={materialFileAccept}
              onChange={(event) => chooseFiles(event.target.files)}
            />
          </FormField>
          <CreateDialogFooter
            cancelLabel={courseWorkMessages.cancel}
            submitLabel={material ? courseWorkMessages.save : courseWorkMessages.create}
            submitting={isSubmitting}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
