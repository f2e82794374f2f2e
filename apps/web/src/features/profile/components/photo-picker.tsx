import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ImageUp } from 'lucide-react';
import { accountConstants, messages } from '@korrigo/domain';
import { Avatar, Button } from '@/components/ui';
import { checkPhotoFile } from '../utils/check-photo';

type PhotoPickerProps = {
  name: string;
  currentPhoto: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
};

/** Choose a new profile photo: checked at once, previewed, uploaded when the form is saved. */
export function PhotoPicker({ name, currentPhoto, file, onFileChange }: PhotoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);

  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const onPick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = checkPhotoFile(picked);
    setError(problem);
    onFileChange(problem ? null : picked);
    // Let the same file be picked again after fixing nothing else.
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
      <Avatar name={name} src={previewUrl ?? currentPhoto} size="xl" />
      <div className="flex flex-col gap-2">
        <input
          ref={inputRef}
          type="file"
          accept={accountConstants.profileImageTypes.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => onPick(event.target.files?.[0])}
          data-testid="photo-input"
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => inputRef.current?.click()}
            aria-describedby={error ? errorId : undefined}
          >
            <ImageUp aria-hidden="true" />
            Foto auswählen
          </Button>
          {file ? (
            <Button variant="ghost" onClick={() => onFileChange(null)}>
              Auswahl verwerfen
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-600">
          {file ? `Ausgewählt: ${file.name} – wird beim Speichern hochgeladen.` : messages.web.photoHint}
        </p>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
