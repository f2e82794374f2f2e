import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { analysisScreenMessages as t } from '@korrigo/domain';
import { Button, FormField, Textarea } from '@/components/ui';

type EditableTextProps = {
  text: string;
  label: string;
  editable: boolean;
  saving: boolean;
  onSave: (text: string) => Promise<unknown>;
};

/** Feedback the teacher may rewrite before confirming. */
export function EditableText({ text, label, editable, saving, onSave }: EditableTextProps) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <div className="flex flex-col items-start gap-1">
        {text ? <p className="text-sm whitespace-pre-wrap text-slate-800">{text}</p> : null}
        {editable ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="print:hidden"
            onClick={() => setDraft(text)}
            aria-label={`${t.editFeedback}: ${label}`}
          >
            <Pencil aria-hidden="true" className="size-3.5" />
            {t.editFeedback}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(draft).then(() => setDraft(null));
      }}
    >
      <FormField label={label}>
        <Textarea
          rows={4}
          value={draft}
          maxLength={20_000}
          onChange={(event) => setDraft(event.target.value)}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={saving}>
          {t.saveFeedback}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
