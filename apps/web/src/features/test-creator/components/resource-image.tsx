import { useState } from 'react';
import { testCreatorMessages } from '@korrigo/domain';
import { isImageSource } from '../utils/test-model';

/** An image resource's preview when its content is an address or an uploaded image (spec 001 §2). */
export function ResourceImage({
  content,
  alt,
  className,
}: {
  content: string;
  alt: string;
  className?: string;
}) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const source = content.trim();
  if (!isImageSource(source)) return null;
  if (failedFor === source) {
    return <p className="text-sm text-amber-800">{testCreatorMessages.imagePreviewUnavailable}</p>;
  }
  return (
    <img
      src={source}
      alt={alt}
      className={className ?? 'max-h-60 max-w-full rounded-md border border-slate-200 object-contain'}
      referrerPolicy="no-referrer"
      onError={() => setFailedFor(source)}
    />
  );
}
