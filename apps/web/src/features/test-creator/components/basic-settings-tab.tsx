import { useState, type ReactNode } from 'react';
import { CircleHelp, CopyPlus, Sparkles } from 'lucide-react';
import {
  questionTypeLabels,
  questionTypes,
  testDurations,
  testGrades,
  testSubjects,
  testTypes,
  gradingScaleIdOf,
  gradingScaleMessages,
  type QuestionType,
  type SavedTest,
} from '@korrigo/domain';
import { GradingScaleSelect } from '@/components/grading-scale-select';
import { Alert, Button, Card, CardContent, FormField, Input, Select, Textarea } from '@/components/ui';
import { questionTypeForTestType } from '../utils/test-model';

type BasicSettingsTabProps = {
  test: SavedTest;
  titleError: string | null;
  onChange: (patch: Partial<SavedTest>) => void;
  onSaveTemplate: () => void;
  savingTemplate: boolean;
  onGenerate: (questionType: QuestionType, count: number) => void;
  generating: boolean;
  /** why the last generation failed: the message, and a plan link for a used-up month */
  generateNotice: ReactNode;
  onHelp: () => void;
};

/** Options of a select, keeping a value from elsewhere (an older saved test) selectable. */
function withCurrent(values: readonly string[], current: string): string[] {
  return values.includes(current) || !current ? [...values] : [current, ...values];
}

/** spec 001 §2 'Basic settings': title, subject, grade, test type, duration, topic, learning objectives. */
export function BasicSettingsTab({
  test,
  titleError,
  onChange,
  onSaveTemplate,
  savingTemplate,
  onGenerate,
  generating,
  generateNotice,
  onHelp,
}: BasicSettingsTabProps) {
  const [generateType, setGenerateType] = useState<QuestionType | null>(null);
  const [generateCount, setGenerateCount] = useState(5);
  const questionType = generateType ?? questionTypeForTestType(test.testType);

  return (
    <Card>
      <CardContent className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Titel des Tests" required error={titleError} className="sm:col-span-2">
            <Input
              id="test-title"
              value={test.title}
              maxLength={300}
              placeholder="z. B. Klassenarbeit Bruchrechnung"
              onChange={(event) => onChange({ title: event.target.value })}
            />
          </FormField>
          <FormField label="Fach">
            <Select value={test.subject} onChange={(event) => onChange({ subject: event.target.value })}>
              {withCurrent(testSubjects, test.subject).map((subject) => (
                <option key={subject}>{subject}</option>
              ))}
            </Select>
          </FormField>
          <FormField label="Klassenstufe">
            <Select value={test.grade} onChange={(event) => onChange({ grade: event.target.value })}>
              {withCurrent(testGrades, test.grade).map((grade) => (
                <option key={grade}>{grade}</option>
              ))}
            </Select>
          </FormField>
          <FormField label="Testtyp">
            <Select value={test.testType} onChange={(event) => onChange({ testType: event.target.value })}>
              {withCurrent(testTypes, test.testType).map((type) => (
                <option key={type}>{type}</option>
              ))}
            </Select>
          </FormField>
          <FormField label="Dauer">
            <Select
              value={String(test.duration)}
              onChange={(event) => onChange({ duration: Number(event.target.value) })}
            >
              {withCurrent(testDurations.map(String), String(test.duration)).map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} Minuten
                </option>
              ))}
            </Select>
          </FormField>
          <GradingScaleSelect
            className="sm:col-span-2"
            value={gradingScaleIdOf(test.gradingScale)}
            onChange={(gradingScale) => onChange({ gradingScale })}
            hint={gradingScaleMessages.keyWins}
          />
          <FormField label="Thema oder Unterrichtseinheit" className="sm:col-span-2">
            <Input
              value={test.topic}
              maxLength={1000}
              placeholder="z. B. Brüche kürzen und erweitern"
              onChange={(event) => onChange({ topic: event.target.value })}
            />
          </FormField>
          <FormField label="Lernziele" className="sm:col-span-2">
            <Textarea
              value={test.learningObjectives}
              maxLength={5000}
              rows={3}
              placeholder="Die Schülerinnen und Schüler können …"
              onChange={(event) => onChange({ learningObjectives: event.target.value })}
            />
          </FormField>
        </div>

        <div className="flex flex-col gap-3 rounded-lg border border-primary-100 bg-primary-50/60 p-4">
          <div className="flex items-start gap-2">
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />
            <p className="text-sm text-slate-700">
              Die KI schlägt Fragen zu Fach, Klassenstufe, Thema und Lernzielen vor. Sie landen im Editor, wo
              Sie sie prüfen und anpassen.
            </p>
          </div>
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
            <FormField label="Fragetyp für die Generierung">
              <Select
                value={questionType}
                onChange={(event) => setGenerateType(event.target.value as QuestionType)}
              >
                {questionTypes.map((type) => (
                  <option key={type} value={type}>
                    {questionTypeLabels[type]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Anzahl">
              <Input
                type="number"
                min={1}
                max={10}
                value={generateCount}
                onChange={(event) => {
                  const value = Number(event.target.value);
                  if (Number.isInteger(value) && value >= 1 && value <= 10) setGenerateCount(value);
                }}
              />
            </FormField>
            <Button loading={generating} onClick={() => onGenerate(questionType, generateCount)}>
              <Sparkles aria-hidden="true" />
              Test generieren
            </Button>
          </div>
          {generateNotice ? <Alert tone="warning">{generateNotice}</Alert> : null}
        </div>

        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" loading={savingTemplate} onClick={onSaveTemplate}>
            <CopyPlus aria-hidden="true" />
            Als Vorlage speichern
          </Button>
          <Button variant="ghost" onClick={onHelp}>
            <CircleHelp aria-hidden="true" />
            Hilfe
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
