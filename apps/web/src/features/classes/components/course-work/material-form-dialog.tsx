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
  useCreateMaterialWithFiles,
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
 * several at once). A new material with files goes in one request with them, so a failed upload leaves no
 * empty material behind (issue 34); an existing one saves its fields, then uploads the chosen files to
 * it. The server checks each file's type by its content.
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
  const createWithFiles = useCreateMaterialWithFiles();
  const update = useUpdateMaterial();
  const upload = useUploadMaterialFiles();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
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
    if (!material && files.length > 0) {
      try {
        await createWithFiles.mutateAsync({ courseId, ...values, files });
      } catch (error) {
        // nothing was created: the dialog stays open with the fields and files for another try
        toast.error(uploadFailure(error));
        return;
      }
      toast.success(courseWorkMessages.saved);
      onClose();
      return;
    }
    let saved: Material;
    try {
      saved = material
        ? await update.mutateAsync({ courseId, id: material.id, ...values })
        : await create.mutateAsync({ courseId, ...values });
    } catch {
      toast.error(courseWorkMessages.saveFailed);
      return;
    }
    if (files.length > 0) {
      try {
        await upload.mutateAsync({ courseId, id: saved.id, files });
      } catch (error) {
        // the material existed before with its files; only the new ones are missing
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
