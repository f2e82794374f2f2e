import { lessonPlanMessages as m, type LessonTemplate } from '@korrigo/domain';
import { Alert, Button, Card, Skeleton } from '@/components/ui';
import { useLessonTemplates } from '../api/get-lesson-templates';

/** spec 001 §2 'and templates': a card per lesson structure with its phases and 'Vorlage verwenden'. */
export function TemplatesSection({ onUse }: { onUse: (template: LessonTemplate) => void }) {
  const templates = useLessonTemplates();
  return (
    <section aria-labelledby="lesson-templates-heading" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="lesson-templates-heading" className="text-lg font-semibold text-slate-900">
          {m.templates}
        </h2>
        <p className="text-sm text-slate-600">{m.templatesIntro}</p>
      </div>
      {templates.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : templates.isError ? (
        <Alert tone="error">{m.templatesFailed}</Alert>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {templates.data.map((template) => (
            <li key={template.id}>
              <Card className="flex h-full flex-col gap-3 p-4" data-testid="lesson-template">
                <div className="flex flex-col gap-1">
                  <h3 className="font-semibold text-slate-900">{template.name}</h3>
                  <p className="text-sm text-slate-600">{template.description}</p>
                </div>
                <ol className="flex flex-col gap-1 text-sm text-slate-700">
                  {template.phases.map((phase, index) => (
                    <li key={index} className="flex justify-between gap-2">
                      <span>
                        {index + 1}. {phase.name}
                      </span>
                      <span className="whitespace-nowrap text-slate-500 tabular-nums">
                        {m.minutes(phase.minutes)}
                      </span>
                    </li>
                  ))}
                </ol>
                <Button
                  variant="secondary"
                  className="mt-auto self-start"
                  onClick={() => onUse(template)}
                  aria-label={m.useTemplateFor(template.name)}
                >
                  {m.useTemplate}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
