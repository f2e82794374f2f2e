import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { classEvaluationScreenMessages as t } from '@korrigo/domain';
import { Skeleton } from '@/components/ui';
import { classEvaluationPath } from '../api/class-evaluations';

type StackFile = { id: string; name: string; mimeType: string };

/** The stack file, fetched once per set and file: every page of a PDF is drawn from the same bytes. */
function useStackFile(evaluationId: string, file: StackFile) {
  return useQuery({
    queryKey: ['class-evaluations', evaluationId, 'file', file.id],
    queryFn: async ({ signal }) => {
      const response = await fetch(`${classEvaluationPath(evaluationId)}/files/${file.id}`, {
        credentials: 'include',
        signal,
      });
      if (!response.ok) throw new Error(String(response.status));
      return new File([await response.blob()], file.name, { type: file.mimeType });
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });
}

/**
 * A page of the scanned stack as a small picture: a photo as it is, a PDF page drawn by pdf.js (loaded only
 * here). When it cannot be drawn the page's read text is still beside it, so the teacher can decide.
 */
export function PageThumbnail({
  evaluationId,
  file,
  pageIndex,
  label,
  large = false,
}: {
  evaluationId: string;
  file: StackFile;
  pageIndex: number;
  label: string;
  /** drawn wide enough to read (the text check, issue 34 §1), shown whole */
  large?: boolean;
}) {
  const width = large ? 900 : 140;
  const frame = large
    ? 'max-h-[75vh] w-full rounded border border-slate-200 bg-white object-contain'
    : 'aspect-[1/1.414] w-full rounded border border-slate-200 bg-white object-cover object-top';
  const blob = useStackFile(evaluationId, file);
  const image = useQuery({
    queryKey: ['class-evaluations', evaluationId, 'page', file.id, pageIndex, width],
    queryFn: async () => {
      const data = blob.data!;
      if (data.type.startsWith('image/')) return URL.createObjectURL(data);
      const { renderPdfPage } = await import('@/lib/pdf-render');
      return renderPdfPage(data, pageIndex, width);
    },
    enabled: blob.isSuccess,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });

  if (image.data) {
    return <img src={image.data} alt={label} className={frame} />;
  }
  if (blob.isError || image.isError) {
    return (
      <div
        role="img"
        aria-label={`${label}: ${t.pageImageFailed}`}
        className="flex aspect-[1/1.414] w-full flex-col items-center justify-center gap-1 rounded border border-slate-200 bg-slate-50 p-2 text-center text-xs text-slate-500"
      >
        <FileText aria-hidden="true" className="size-6" />
        {t.pageImageFailed}
      </div>
    );
  }
  return <Skeleton className="aspect-[1/1.414] w-full" />;
}
