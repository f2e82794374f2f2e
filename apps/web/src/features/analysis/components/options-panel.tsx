import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import {
  analysisDepths,
  analysisGradeLevels,
  analysisScreenMessages as t,
  analysisSubjects,
  feedbackOptions,
  defaultGradingScaleId,
  gradingScaleMessages,
  temperature,
  type AnalysisOptions,
  type GradingScaleId,
} from '@korrigo/domain';
import { GradingScaleSelect } from '@/components/grading-scale-select';
import { Badge, Button, Checkbox, FormField, Label, Select, Textarea } from '@/components/ui';
import { cn } from '@/lib/cn';

type OptionsPanelProps = {
  options: AnalysisOptions;
  onChange: (options: AnalysisOptions) => void;
  /** the models the server offers; empty with the builtin engine, then the choice is hidden */
  models: string[];
  /** the preselected model while the teacher has not chosen one */
  defaultModel: string | null;
  /** the selected saved test's Notenschlüssel: the choice while the teacher has not made another */
  testGradingScale?: GradingScaleId | undefined;
  disabled?: boolean;
};

export function OptionsPanel({
  options,
  onChange,
  models,
  defaultModel,
  testGradingScale,
  disabled,
}: OptionsPanelProps) {
  const [advanced, setAdvanced] = useState(false);
  const advancedId = useId();
  const temperatureId = useId();
  const set = <K extends keyof AnalysisOptions>(key: K, value: AnalysisOptions[K]) =>
    onChange({ ...options, [key]: value });

  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-4">
      <legend className="mb-3 text-base font-semibold text-slate-900">{t.optionsTitle}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t.subject}>
          <Select
            value={options.subject}
            onChange={(event) => set('subject', event.target.value as AnalysisOptions['subject'])}
          >
            {analysisSubjects.map((subject) => (
              <option key={subject}>{subject}</option>
            ))}
          </Select>
        </FormField>
        <FormField label={t.gradeLevel}>
          <Select
            value={options.gradeLevel}
            onChange={(event) => set('gradeLevel', event.target.value as AnalysisOptions['gradeLevel'])}
          >
            {analysisGradeLevels.map((level) => (
              <option key={level}>{level}</option>
            ))}
          </Select>
        </FormField>
        <FormField label={t.depth}>
          <Select
            value={options.depth}
            onChange={(event) => set('depth', event.target.value as AnalysisOptions['depth'])}
          >
            {analysisDepths.map((depth) => (
              <option key={depth}>{depth}</option>
            ))}
          </Select>
        </FormField>
      </div>

      <GradingScaleSelect
        className="sm:max-w-xl"
        value={options.gradingScale ?? testGradingScale ?? defaultGradingScaleId}
        onChange={(id) => set('gradingScale', id)}
        hint={[
          testGradingScale && !options.gradingScale ? gradingScaleMessages.fromTest : null,
          gradingScaleMessages.keyWins,
        ]
          .filter(Boolean)
          .join(' ')}
      />

      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="self-start"
        aria-expanded={advanced}
        aria-controls={advancedId}
        onClick={() => setAdvanced((open) => !open)}
      >
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', advanced && 'rotate-180')}
        />
        {t.advanced}
      </Button>

      <div id={advancedId} hidden={!advanced} className="flex flex-col gap-4 rounded-lg bg-slate-50 p-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">{t.feedback}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {feedbackOptions.map((option) => {
              const id = `${advancedId}-${option.id}`;
              const checked = options.feedback.includes(option.id);
              return (
                <div key={option.id} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={checked}
                    onChange={() =>
                      set(
                        'feedback',
                        checked
                          ? options.feedback.filter((item) => item !== option.id)
                          : [...options.feedback, option.id],
                      )
                    }
                  />
                  <Label htmlFor={id} className="font-normal">
                    {option.label}
                  </Label>
                  {'isNew' in option && option.isNew ? <Badge tone="info">{t.isNew}</Badge> : null}
                </div>
              );
            })}
          </div>
        </fieldset>

        {models.length > 0 ? (
          <FormField label={t.model}>
            <Select
              value={options.model ?? defaultModel ?? models[0]}
              onChange={(event) => set('model', event.target.value)}
            >
              {models.map((model, index) => (
                <option key={model} value={model}>
                  {models.length === t.modelRoles.length ? `${model} (${t.modelRoles[index]})` : model}
                </option>
              ))}
            </Select>
          </FormField>
        ) : (
          <p className="text-sm text-slate-600">{t.builtinEngine}</p>
        )}

        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor={temperatureId}>{t.temperature}</Label>
            <output htmlFor={temperatureId} className="text-sm font-medium tabular-nums text-slate-900">
              {options.temperature.toFixed(1).replace('.', ',')}
            </output>
          </div>
          <input
            id={temperatureId}
            type="range"
            min={temperature.min}
            max={temperature.max}
            step={temperature.step}
            value={options.temperature}
            onChange={(event) => set('temperature', Math.round(Number(event.target.value) * 10) / 10)}
            className="w-full accent-primary-700"
          />
          <p className="text-xs text-slate-600">{t.temperatureHint}</p>
        </div>

        <FormField label={t.customInstructions}>
          <Textarea
            rows={3}
            value={options.customInstructions}
            placeholder={t.customPlaceholder}
            maxLength={5000}
            onChange={(event) => set('customInstructions', event.target.value)}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
