import { useState } from 'react';
import { Download, FolderOpen, X } from 'lucide-react';
import {
  courseMessages,
  courseWorkMessages,
  materialTypeLabels,
  type Material,
  type MaterialFile,
} from '@korrigo/domain';
import { Badge, Button, ConfirmDialog } from '@/components/ui';
import { materialFileUrl, useMaterials } from '../../api/get-course-work';
import { useDeleteMaterial, useDeleteMaterialFile } from '../../api/course-work-mutations';
import { formatFileSize } from '@/lib/format';
import { formatDateTime } from '../../utils/course-work-format';
import { withToast } from '../../utils/with-toast';
import { MaterialFormDialog } from './material-form-dialog';
import { WorkCard, WorkList } from './work-list';

type Deleting =
  { kind: 'material'; material: Material } | { kind: 'file'; material: Material; file: MaterialFile };

/** Materialien tab of the course modal (spec 001 §2, §3 Material) with its files to download. */
export function MaterialsTab({ courseId, canEdit }: { courseId: string; canEdit: boolean }) {
  const query = useMaterials(courseId);
  const removeMaterial = useDeleteMaterial();
  const removeFile = useDeleteMaterialFile();
  // undefined: no form open; null: the new form
  const [editing, setEditing] = useState<Material | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  const confirm = () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    const texts = { success: courseWorkMessages.deleted, failure: courseWorkMessages.deleteFailed };
    if (target.kind === 'material') {
      void withToast(() => removeMaterial.mutateAsync({ courseId, id: target.material.id }), texts);
    } else {
      void withToast(
        () => removeFile.mutateAsync({ courseId, id: target.material.id, fileId: target.file.id }),
        texts,
      );
    }
  };

  return (
    <>
      <WorkList
        label={courseMessages.tabMaterials}
        query={query}
        emptyText={courseWorkMessages.emptyMaterials}
        emptyIcon={FolderOpen}
        newLabel={courseWorkMessages.newMaterial}
        onNew={canEdit ? () => setEditing(null) : null}
        getKey={(item) => item.id}
        renderItem={(item) => (
          <WorkCard
            title={item.title}
            badge={<Badge tone="info">{materialTypeLabels[item.type]}</Badge>}
            onEdit={canEdit ? () => setEditing(item) : null}
            onDelete={canEdit ? () => setDeleting({ kind: 'material', material: item }) : null}
          >
            <p className="text-sm text-slate-700">
              {courseWorkMessages.uploadDate}: {formatDateTime(item.uploadDate)}
              {item.author ? ` · ${item.author}` : ''}
            </p>
            {item.description ? (
              <p className="text-sm whitespace-pre-line text-slate-600">{item.description}</p>
            ) : null}
            {item.files.length === 0 ? (
              <p className="text-sm text-slate-600">{courseWorkMessages.noFiles}</p>
            ) : (
              <ul aria-label={`${courseWorkMessages.files}: ${item.title}`} className="flex flex-col gap-1">
                {item.files.map((file) => (
                  <li key={file.id} className="flex items-center justify-between gap-2 text-sm">
                    <a
                      href={materialFileUrl(courseId, item.id, file.id)}
                      download={file.name}
                      aria-label={courseWorkMessages.download(file.name)}
                      className="inline-flex min-w-0 items-center gap-1.5 text-primary-700 underline"
                    >
                      <Download aria-hidden="true" className="size-4 shrink-0" />
                      <span className="truncate">{file.name}</span>
                      <span className="shrink-0 text-slate-600 no-underline">
                        ({formatFileSize(file.sizeBytes)})
                      </span>
                    </a>
                    {canEdit ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={courseWorkMessages.deleteFile(file.name)}
                        onClick={() => setDeleting({ kind: 'file', material: item, file })}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </WorkCard>
        )}
      />
      {editing !== undefined ? (
        <MaterialFormDialog courseId={courseId} material={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={
          deleting === null
            ? ''
            : deleting.kind === 'material'
              ? courseWorkMessages.deleteMaterialTitle(deleting.material.title)
              : courseWorkMessages.deleteFileTitle(deleting.file.name)
        }
        description={
          deleting?.kind === 'material'
            ? courseWorkMessages.deleteMaterialBody
            : courseWorkMessages.deleteBody
        }
        confirmLabel={courseWorkMessages.delete}
        tone="danger"
        onConfirm={confirm}
      />
    </>
  );
}
