import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  analysisOptionsSchema,
  analysisScreenMessages,
  analysisSubjects,
  learningAssistantMessages as t,
} from '@korrigo/domain';
import { Alert, Button, FormField, Select, Textarea } from '@/components/ui';
import { createAnalysis } from '@/lib/api/create-analysis';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Subject = (typeof analysisSubjects)[number];
const isAnalysisSubject = (value: string | null): value is Subject =>
  analysisSubjects.some((subject) => subject === value);

/**
 * Text prüfen: her own text through the analyse screen's flow (the same POST /api/analyses), then to her view
 * of the result (/analysis/:id, issue 33 §5), which follows the new analysis until it is graded and leads
 * back here.
 */
export function AnalyzeTool({ subject }: { subject: string | null }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Subject | null>(null);
  const chosen: Subject = picked ?? (isAnalysisSubject(subject) ? subject : 'Auto');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    setError(null);
    try {
      const created = await createAnalysis(
        {
          text,
          title: '',
          studentName: '',
          selectedTestId: null,
          answerKeyText: '',
          options: analysisOptionsSchema.parse({ subject: chosen }),
          files: [],
        },
        () => {},
      );
      // the credits card shows the charge; the self-check joins her results once graded
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: queryKeys.learningAssistant.all });
      void navigate(`/analysis/${encodeURIComponent(created.id)}`);
    } catch (caught) {
      setError(errorMessage(caught));
      setSending(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
      <p className="text-sm text-slate-600">{t.analyzeHint}</p>
      <FormField label={analysisScreenMessages.subject} className="sm:max-w-xs">
        <Select value={chosen} onChange={(event) => setPicked(event.target.value as Subject)}>
          {analysisSubjects.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t.analyzeText}>
        <Textarea rows={8} value={text} onChange={(event) => setText(event.target.value)} />
      </FormField>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div>
        <Button type="submit" loading={sending} disabled={!text.trim()}>
          {t.analyzeSubmit}
        </Button>
      </div>
    </form>
  );
}
