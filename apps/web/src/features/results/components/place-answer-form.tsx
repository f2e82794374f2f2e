import { useState, type FormEvent } from 'react';
import { analysisScreenMessages as t } from '@korrigo/domain';
import { Button, Checkbox, FormField, Select } from '@/components/ui';
import type { Review } from '../hooks/use-review';

type PlaceAnswerFormProps = {
  /** the pupil's whole text as graded, whose lines the answer is placed on */
  studentText: string;
  /** what the engine read as this subtask's answer, to start from its lines */
  answerText: string;
  label: string;
  taskIndex: number;
  subtaskIndex: number;
  review: Review;
};

/** The lines of the graded text, as the engine counts them (a line ends at \n, \r\n or \r). */
function linesOf(text: string): string[] {
  return text.split(/\r\n?|\n/);
}

/** The first and last line (1-based) on which `passage` stands in the text; the first line if not found. */
function linesOfPassage(lines: string[], passage: string): [number, number] {
  const first = passage.split('\n')[0]?.trim() ?? '';
  const start = first ? lines.findIndex((line) => line.includes(first)) : -1;
  if (start < 0) return [1, 1];
  const count = passage.split('\n').length;
  return [start + 1, Math.min(lines.length, start + count)];
}

const shortened = (line: string) => (line.length > 60 ? `${line.slice(0, 57).trimEnd()} …` : line);

/**
 * Places a subtask's answer on other lines of the pupil's text (issue 32 §2): the teacher picks the first and
 * last line, or „keine Antwort“; the server grades the tasks concerned again.
 */
export function PlaceAnswerForm({
  studentText,
  answerText,
  label,
  taskIndex,
  subtaskIndex,
  review,
}: PlaceAnswerFormProps) {
  const lines = linesOf(studentText);
  const [open, setOpen] = useState(false);
  const [initialFrom, initialTo] = linesOfPassage(lines, answerText);
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [none, setNone] = useState(answerText.trim() === '');

  if (!open) {
    return (
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={review.saving}
          onClick={() => setOpen(true)}
        >
          {t.placeAnswer}
        </Button>
      </div>
    );
  }
  const options = lines.map((line, index) => (
    <option key={index} value={index + 1}>
      {t.lineOption(index + 1, shortened(line.trim()) || t.emptyLine)}
    </option>
  ));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const placed: [number, number] | null = none ? null : [Math.min(from, to), Math.max(from, to)];
    void review
      .apply({ type: 'place_answer', taskIndex, subtaskIndex, lines: placed })
      .then(() => setOpen(false))
      .catch(() => {});
  };
  return (
    <form
      className="flex flex-col gap-3 rounded border border-slate-200 p-3"
      onSubmit={submit}
      aria-label={t.placeAnswerFor(label)}
    >
      <p className="text-sm text-slate-700">{t.placeAnswerHint}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t.fromLine}>
          <Select value={from} disabled={none} onChange={(event) => setFrom(Number(event.target.value))}>
            {options}
          </Select>
        </FormField>
        <FormField label={t.toLine}>
          <Select value={to} disabled={none} onChange={(event) => setTo(Number(event.target.value))}>
            {options}
          </Select>
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={none} onChange={(event) => setNone(event.target.checked)} />
        {t.noAnswerHere}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={review.saving}>
          {t.placeAnswerSubmit}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
