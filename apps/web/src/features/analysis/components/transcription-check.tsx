import { useState } from 'react';
import { analysisScreenMessages as t, retentionMessages, type AnalysisDetail } from '@korrigo/domain';
import { RecognisedPage, StoredPagePreview } from '@/components/recognised-page';
import { Alert, Button, Card, CardContent } from '@/components/ui';
import { formatDate } from '@/lib/format';

type TranscriptionCheckProps = {
  /** an analysis in `needs_transcription`: its recognised pages and the files they came from */
  analysis: AnalysisDetail;
  busy: boolean;
  onGrade: (text: string) => void;
  onCancel: () => void;
};

/**
 * issue 5 §3: each recognised page beside the page as it was uploaded, editable; the corrected text is what
 * gets graded (ADR 0009: the analysis waits on the server until it is sent).
 */
export function TranscriptionCheck({ analysis, busy, onGrade, onCancel }: TranscriptionCheckProps) {
  const { pages } = analysis;
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
          const name = analysis.files[page.fileIndex]?.name ?? '';
          return (
            <RecognisedPage
              key={index}
              title={t.pageLabel(name, page.pageIndex + 1)}
              image={<StoredPagePreview analysis={analysis} page={page} />}
              page={page}
              value={texts[index] ?? ''}
              onChange={(text) =>
                setTexts((current) => current.map((other, i) => (i === index ? text : other)))
              }
            />
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
