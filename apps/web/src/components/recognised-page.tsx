import type { KeyboardEventHandler, ReactNode, Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { analysisScreenMessages as t, type AnalysisDetail, type ExtractedPageView } from '@korrigo/domain';
import { Badge, FormField, Textarea } from '@/components/ui';
import { fetchAnalysisFile } from '@/lib/api/transcription';
import { markRecognisedText } from '@/lib/mark-uncertain';
import { queryKeys } from '@/lib/query-keys';
import { useFilePreview } from '@/lib/use-file-preview';

/** The stored uploads the pages were read from, in upload order (a page's `fileIndex`). */
function useStoredFiles(analysis: AnalysisDetail) {
  return useQuery({
    queryKey: queryKeys.analyses.files(analysis.id),
    queryFn: () => Promise.all(analysis.files.map((file) => fetchAnalysisFile(analysis.id, file))),
    staleTime: Infinity,
  });
}

/** The page as the teacher photographed or scanned it, beside what was read from it. */
function PagePreview({ file, name, pageIndex }: { file: File | undefined; name: string; pageIndex: number }) {
  const preview = useFilePreview(file, { pageIndex, width: 560 });
  if (preview.kind === 'image') {
    return (
      <img
        src={preview.url}
        alt={t.pageLabel(name, pageIndex + 1)}
        className="max-h-[28rem] w-full rounded-lg border border-slate-200 object-contain"
      />
    );
  }
  return (
    <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <FileText aria-hidden="true" className="size-5 text-primary-700" />
      {name}
    </div>
  );
}

/** A recognised page's picture drawn from the analysis's own stored upload. */
export function StoredPagePreview({ analysis, page }: { analysis: AnalysisDetail; page: ExtractedPageView }) {
  const files = useStoredFiles(analysis).data ?? [];
  const name = analysis.files[page.fileIndex]?.name ?? '';
  return <PagePreview file={files[page.fileIndex]} name={name} pageIndex={page.pageIndex} />;
}

type RecognisedPageProps = {
  /** the page's name above its picture */
  title: string;
  /** the page as scanned or photographed (or a stand-in when it cannot be drawn) */
  image: ReactNode;
  page: ExtractedPageView;
  value: string;
  onChange: (text: string) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onKeyDown?: KeyboardEventHandler<HTMLTextAreaElement>;
  /** the page's number in the text's label: of the paper (a class set's stack), else of its file */
  pageNumber?: number;
};

/**
 * One recognised page beside its picture, with what OCR was unsure of marked (low-confidence words, and
 * calculation lines whose digits or operators are doubtful: issue 34 §2) and the text to correct. The
 * single analysis's transcription check and the class set's text check both show pages so (ADR 0009).
 */
export function RecognisedPage({
  title,
  image,
  page,
  value,
  onChange,
  textareaRef,
  onKeyDown,
  pageNumber = page.pageIndex + 1,
}: RecognisedPageProps) {
  const words = page.lowConfidenceWords.map((word) => word.text);
  const lines = page.uncertainLines;
  return (
    <section className="grid gap-4 border-t border-slate-200 pt-4 md:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-medium text-slate-900">{title}</h3>
        {image}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        {page.confidence !== null ? (
          <Badge tone={page.confidence < 60 ? 'warning' : 'neutral'} className="self-start">
            {t.confidence(Math.round(page.confidence))}
          </Badge>
        ) : null}
        {words.length > 0 || lines.length > 0 ? (
          <p className="rounded-lg bg-white p-3 text-sm leading-7 break-words whitespace-pre-wrap ring-1 ring-slate-200">
            <span className="sr-only">{t.lowConfidence}: </span>
            {markRecognisedText(page.text, words, lines).map((segment, i) =>
              segment.uncertain ? (
                <mark
                  key={i}
                  data-doubt={segment.note ? 'line' : 'word'}
                  className={
                    segment.note
                      ? 'rounded-sm bg-red-100 px-0.5 text-red-950 underline decoration-red-700 decoration-wavy'
                      : 'rounded-sm bg-amber-100 px-0.5 text-amber-950'
                  }
                  title={segment.note ?? t.lowConfidence}
                >
                  {segment.text}
                </mark>
              ) : (
                <span key={i}>{segment.text}</span>
              ),
            )}
          </p>
        ) : null}
        {lines.length > 0 ? (
          <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-950">
            <p className="font-medium">{t.uncertainLinesTitle}</p>
            <ul className="mt-1 list-disc pl-5">
              {lines.map((line, i) => (
                <li key={i}>{t.uncertainLine(line.text.trim(), line.note)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <FormField label={t.recognisedText(pageNumber)}>
          <Textarea
            ref={textareaRef}
            rows={10}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </FormField>
      </div>
    </section>
  );
}
