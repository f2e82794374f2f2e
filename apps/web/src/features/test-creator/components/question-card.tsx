import { useId, useRef, useState } from 'react';
import { Plus, Trash2, X } from 'lucide-react';
import {
  clozeBlankMarker,
  parsePoints,
  questionPointsRange,
  questionTypeLabels,
  questionTypes,
  resourceTypeLabels,
  type Question,
  type QuestionType,
  type Resource,
} from '@korrigo/domain';
import {
  Button,
  Card,
  CardContent,
  Checkbox,
  FormField,
  Input,
  Label,
  Select,
  Textarea,
  controlClasses,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { clozeSolutions, newId, optionLetter, withType } from '../utils/test-model';

type QuestionCardProps = {
  question: Question;
  index: number;
  resources: Resource[];
  onChange: (question: Question) => void;
  onRemove: () => void;
};

function MultipleChoiceFields({ question, onChange }: Pick<QuestionCardProps, 'question' | 'onChange'>) {
  const setOption = (id: string, patch: Partial<Question['options'][number]>) =>
    onChange({
      ...question,
      options: question.options.map((option) => (option.id === id ? { ...option, ...patch } : option)),
    });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Antwortmöglichkeiten (richtige ankreuzen)
      </legend>
      {question.options.map((option, index) => (
        <div key={option.id} className="flex items-center gap-2">
          <Checkbox
            checked={option.isCorrect}
            aria-label={`Antwort ${optionLetter(index)} ist richtig`}
            onChange={(event) => setOption(option.id, { isCorrect: event.target.checked })}
          />
          <span aria-hidden="true" className="w-5 text-sm font-medium text-slate-600">
            {optionLetter(index)})
          </span>
          <Input
            value={option.text}
            maxLength={2000}
            aria-label={`Antwort ${optionLetter(index)}`}
            onChange={(event) => setOption(option.id, { text: event.target.value })}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Antwort ${optionLetter(index)} entfernen`}
            disabled={question.options.length <= 1}
            onClick={() =>
              onChange({ ...question, options: question.options.filter((o) => o.id !== option.id) })
            }
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={question.options.length >= 20}
        onClick={() =>
          onChange({
            ...question,
            options: [...question.options, { id: newId(), text: '', isCorrect: false }],
          })
        }
      >
        <Plus aria-hidden="true" />
        Antwort hinzufügen
      </Button>
    </fieldset>
  );
}

function ClozeSolutions({ question, onChange }: Pick<QuestionCardProps, 'question' | 'onChange'>) {
  const solutions = clozeSolutions(question);
  if (solutions.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Noch keine Lücke markiert. Setzen Sie {clozeBlankMarker} an jede Stelle, die ausgefüllt werden soll.
      </p>
    );
  }
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Lösungen der Lücken</legend>
      {solutions.map((solution, index) => (
        <FormField key={index} label={`Lücke ${index + 1}`}>
          <Input
            value={solution}
            onChange={(event) => {
              const next = [...solutions];
              // "|" separates the solutions in the answer key.
              next[index] = event.target.value.replaceAll('|', '/');
              onChange({ ...question, correctAnswer: next.join('|') });
            }}
          />
        </FormField>
      ))}
    </fieldset>
  );
}

function MatchingFields({ question, onChange }: Pick<QuestionCardProps, 'question' | 'onChange'>) {
  const setPair = (index: number, patch: Partial<Question['matchingPairs'][number]>) =>
    onChange({
      ...question,
      matchingPairs: question.matchingPairs.map((pair, i) => (i === index ? { ...pair, ...patch } : pair)),
    });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Paare (links und die passende Zuordnung rechts)
      </legend>
      {question.matchingPairs.map((pair, index) => (
        <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-center gap-2">
          <Input
            value={pair.left}
            maxLength={500}
            aria-label={`Paar ${index + 1} links`}
            onChange={(event) => setPair(index, { left: event.target.value })}
          />
          <Input
            value={pair.right}
            maxLength={500}
            aria-label={`Paar ${index + 1} rechts`}
            onChange={(event) => setPair(index, { right: event.target.value })}
          />
          {/* spec 001 §2: the first pair cannot be removed */}
          {index === 0 ? (
            <span className="size-10" />
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Paar ${index + 1} entfernen`}
              onClick={() =>
                onChange({ ...question, matchingPairs: question.matchingPairs.filter((_, i) => i !== index) })
              }
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={question.matchingPairs.length >= 30}
        onClick={() =>
          onChange({ ...question, matchingPairs: [...question.matchingPairs, { left: '', right: '' }] })
        }
      >
        <Plus aria-hidden="true" />
        Paar hinzufügen
      </Button>
    </fieldset>
  );
}

/**
 * A question's points (spec 001 §9: whole points from 1 to 100), read like every points field: what is
 * typed stays in the field, a valid number is taken at once, anything else gets the German message (never
 * silently ignored, so the preview never shows points other than the field).
 */
function QuestionPoints({ points, onChange }: { points: number; onChange: (points: number) => void }) {
  const [draft, setDraft] = useState(String(points));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(points);
  if (shown !== points) {
    // changed elsewhere (a loaded or generated test)
    setShown(points);
    setDraft(String(points));
    setError(null);
  }
  return (
    <FormField
      label="Punkte"
      hint={error ? undefined : `${questionPointsRange.min} bis ${questionPointsRange.max}`}
      error={error ?? undefined}
    >
      <Input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          const parsed = parsePoints(event.target.value, { ...questionPointsRange, whole: true });
          setError(parsed.ok ? null : parsed.message);
          if (parsed.ok && parsed.value !== points) {
            setShown(parsed.value);
            onChange(parsed.value);
          }
        }}
      />
    </FormField>
  );
}

/** One question of the editor: type, points, text, the type's fields and the attached resources. */
export function QuestionCard({ question, index, resources, onChange, onRemove }: QuestionCardProps) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();

  const insertBlank = () => {
    const element = textRef.current;
    const start = element?.selectionStart ?? question.text.length;
    const end = element?.selectionEnd ?? question.text.length;
    const text = question.text.slice(0, start) + clozeBlankMarker + question.text.slice(end);
    onChange({ ...question, text });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + clozeBlankMarker.length, start + clozeBlankMarker.length);
    });
  };

  return (
    <Card role="group" aria-labelledby={headingId} data-testid="question-card" data-question-id={question.id}>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Frage {index + 1}
          </h3>
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Frage ${index + 1} entfernen`}>
            <Trash2 aria-hidden="true" />
            Entfernen
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
          <FormField label="Fragetyp">
            <Select
              value={question.type}
              onChange={(event) => onChange(withType(question, event.target.value as QuestionType))}
            >
              {questionTypes.map((type) => (
                <option key={type} value={type}>
                  {questionTypeLabels[type]}
                </option>
              ))}
            </Select>
          </FormField>
          <QuestionPoints points={question.points} onChange={(points) => onChange({ ...question, points })} />
        </div>
        <FormField
          label={question.type === 'cloze' ? 'Lückentext' : 'Fragetext'}
          hint={question.type === 'cloze' ? `Markieren Sie jede Lücke mit ${clozeBlankMarker}.` : undefined}
        >
          <textarea
            ref={textRef}
            className={cn(controlClasses, 'min-h-24 py-2')}
            value={question.text}
            rows={3}
            maxLength={10_000}
            onChange={(event) => onChange({ ...question, text: event.target.value })}
          />
        </FormField>
        {question.type === 'cloze' ? (
          <>
            <Button variant="secondary" size="sm" className="self-start" onClick={insertBlank}>
              <Plus aria-hidden="true" />
              Lücke {clozeBlankMarker} einfügen
            </Button>
            <ClozeSolutions question={question} onChange={onChange} />
          </>
        ) : null}
        {question.type === 'multiple-choice' ? (
          <MultipleChoiceFields question={question} onChange={onChange} />
        ) : null}
        {question.type === 'open' ? (
          <FormField
            label="Erwartungshorizont (Musterlösung)"
            hint="Die erwartete Antwort; Punkte je Aspekt können Sie so angeben: „… (2 P)“."
          >
            <Textarea
              value={question.correctionTemplate}
              rows={3}
              maxLength={10_000}
              onChange={(event) => onChange({ ...question, correctionTemplate: event.target.value })}
            />
          </FormField>
        ) : null}
        {question.type === 'matching' ? <MatchingFields question={question} onChange={onChange} /> : null}

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Angehängte Ressourcen</legend>
          {resources.length === 0 ? (
            <p className="text-sm text-slate-600">
              Legen Sie im Reiter „Ressourcen“ Texte, Zitate oder Bilder an.
            </p>
          ) : (
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {resources.map((resource, resourceIndex) => {
                const id = `${question.id}-resource-${resource.id}`;
                return (
                  <div key={resource.id} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={question.resources.includes(resource.id)}
                      onChange={(event) =>
                        onChange({
                          ...question,
                          resources: event.target.checked
                            ? [...question.resources, resource.id]
                            : question.resources.filter((rid) => rid !== resource.id),
                        })
                      }
                    />
                    <Label htmlFor={id} className="font-normal">
                      {resource.title.trim() || `${resourceTypeLabels[resource.type]} ${resourceIndex + 1}`}
                    </Label>
                  </div>
                );
              })}
            </div>
          )}
        </fieldset>
      </CardContent>
    </Card>
  );
}
