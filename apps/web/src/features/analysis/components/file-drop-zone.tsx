import { useRef, useState, type DragEvent } from 'react';
import { FileText, Upload, X } from 'lucide-react';
import { analysisScreenMessages as t, analysisUploadLimits } from '@korrigo/domain';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/format';
import { useFilePreview } from '@/lib/use-file-preview';

type FileDropZoneProps = {
  files: File[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
};

/** A picked file with its preview: a photo's thumbnail, a PDF's first page or the start of a text file. */
function FileChip({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled?: boolean }) {
  const preview = useFilePreview(file);
  // a photo the browser cannot draw (broken, or too large to decode) shows the file icon, not a broken image
  const [unreadable, setUnreadable] = useState(false);

  return (
    <li className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 pr-1 shadow-xs">
      {preview.kind === 'image' && !unreadable ? (
        <img
          src={preview.url}
          alt=""
          onError={() => setUnreadable(true)}
          className="size-12 shrink-0 rounded border border-slate-200 object-cover object-top"
        />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded bg-primary-50 text-primary-700">
          <FileText aria-hidden="true" className="size-6" />
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-slate-900">{file.name}</span>
        <span className="text-xs text-slate-600">{formatFileSize(file.size)}</span>
        {preview.kind === 'text' && preview.snippet ? (
          <span className="truncate text-xs text-slate-500 italic" data-testid="file-snippet">
            {preview.snippet}
          </span>
        ) : null}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t.removeFile(file.name)}
      >
        <X aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}

export function FileDropZone({ files, onAdd, onRemove, disabled }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    onAdd(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={cn(
          'flex flex-col items-center gap-2 rounded-card border-2 border-dashed px-4 py-6 text-center transition-colors',
          dragging ? 'border-primary-600 bg-primary-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <Upload aria-hidden="true" className="size-6 text-primary-700" />
        <p className="text-sm font-medium text-slate-900">{t.dropTitle}</p>
        <p className="text-xs text-slate-600">{t.dropHint}</p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
        >
          {t.chooseFiles}
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={analysisUploadLimits.accept}
          className="sr-only"
          tabIndex={-1}
          aria-label={t.chooseFiles}
          onChange={(event) => {
            onAdd(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      {files.length > 0 ? (
        <ul aria-label={t.filesLabel} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {files.map((file, index) => (
            <FileChip
              key={`${file.name}-${index}`}
              file={file}
              disabled={disabled}
              onRemove={() => onRemove(index)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
