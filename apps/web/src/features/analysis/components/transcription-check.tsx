import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { analysisScreenMessages as t, retentionMessages, type AnalysisDetail } from '@korrigo/domain';
import { Alert, Badge, Button, Card, CardContent, FormField, Textarea } from '@/components/ui';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { fetchAnalysisFile } from '../api/transcription';
import { markUncertainWords } from '../utils/transcription';
import { useFilePreview } from '../utils/use-file-preview';

type TranscriptionCheckProps = {
  /** an analysis in `needs_transcription`: its recognised pages and the files they came from */
  analysis: AnalysisDetail;
  busy: boolean;
  onGrade: (text: string) => void;
  onCancel: () => void;
};

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

/**
 * issue 5 §3: each recognised page beside the page as it was uploaded, editable; the corrected text is what
 * gets graded (ADR 0009: the analysis waits on the server until it is sent).
 */
export function TranscriptionCheck({ analysis, busy, onGrade, onCancel }: TranscriptionCheckProps) {
  const { pages } = analysis;
  const files = useStoredFiles(analysis).data ?? [];
  const [texts, setTexts] = useState(() => pages.map((page) => page.text));
  return (
    <Card data-testid="transcription-check">
      <CardContent className="flex flex-col gap-4 p-5">
        <h2 className="text-lg font-semibold text-slate-900">{t.transcriptionTitle}</h2>
        <Alert tone="warning">{t.transcriptionHint}</Alert>
        {analysis.filesDeletedAt ? (
          // the retention job took the files (ADR 0016): the pages show their text without a picture
          <p className="text-sm text-slate-600">
            {retentionMessages.filesDeletedBeforeCheck(formatDate(analysis.filesDeletedAt))}
          </p>
        ) : null}
        {pages.map((page, index) => {
          const file = files[page.fileIndex];
          const name = analysis.files[page.fileIndex]?.name ?? '';
          const uncertain = page.lowConfidenceWords.map((word) => word.text);
          return (
            <section key={index} className="grid gap-4 border-t border-slate-200 pt-4 md:grid-cols-2">
              <div className="flex flex-col gap-2">
                <h3 className="text-sm font-medium text-slate-900">
                  {t.pageLabel(name, page.pageIndex + 1)}
                </h3>
                <PagePreview file={file} name={name} pageIndex={page.pageIndex} />
              </div>
              <div className="flex flex-col gap-2">
                {page.confidence !== null ? (
                  <Badge tone={page.confidence < 60 ? 'warning' : 'neutral'} className="self-start">
                    {t.confidence(Math.round(page.confidence))}
                  </Badge>
                ) : null}
                {uncertain.length > 0 ? (
                  <p className="rounded-lg bg-white p-3 text-sm leading-7 whitespace-pre-wrap ring-1 ring-slate-200">
                    <span className="sr-only">{t.lowConfidence}: </span>
                    {markUncertainWords(page.text, uncertain).map((segment, i) =>
                      segment.uncertain ? (
                        <mark
                          key={i}
                          className="rounded-sm bg-amber-100 px-0.5 text-amber-950"
                          title={t.lowConfidence}
                        >
                          {segment.text}
                        </mark>
                      ) : (
                        <span key={i}>{segment.text}</span>
                      ),
                    )}
                  </p>
                ) : null}
                <FormField label={t.recognisedText(page.pageIndex + 1)}>
                  <Textarea
                    rows={10}
                    value={texts[index] ?? ''}
                    onChange={(event) =>
                      setTexts((current) =>
                        current.map((text, i) => (i === index ? event.target.value : text)),
                      )
                    }
                  />
                </FormField>
              </div>
            </section>
          );
        })}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <Button
            type="button"
            loading={busy}
            onClick={() =>
              onGrade(
                texts
                  .map((text) => text.trim())
                  .filter(Boolean)
                  .join('\n\n'),
              )
            }
          >
            {t.gradeCorrected}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
