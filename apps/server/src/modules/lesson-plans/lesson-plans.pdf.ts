import {
  germanDateOf,
  lessonPlanPdfLabels as labels,
  lessonPlanStatusLabels,
  phaseMinutesTotal,
  type LessonPlan,
} from '@korrigo/domain';
import { a4Document, type Content, type TDocumentDefinitions } from '../../platform/pdf';

const orNone = (value: string | null | undefined) => (value && value.trim() ? value : labels.none);
const minutes = (n: number) => `${n} Min.`;

/** The plan on A4 (issue 18 point 3): title, meta, topic, goals, the phases as a table, notes. */
export function lessonPlanDocument(plan: LessonPlan): TDocumentDefinitions {
  const meta: [string, string][] = [
    [labels.subject, orNone(plan.subject)],
    [labels.gradeLevel, orNone(plan.gradeLevel)],
    [labels.duration, minutes(plan.durationMinutes)],
    [labels.date, plan.date ? germanDateOf(plan.date) : labels.none],
    [labels.course, orNone(plan.courseName)],
    [labels.status, lessonPlanStatusLabels[plan.status]],
  ];
  const header = [labels.phase, labels.time, labels.content, labels.method, labels.materials].map((text) => ({
    text,
    style: 'tableHeader',
  }));
  const rows = plan.phases.map((p) => [
    { text: p.name, bold: true },
    minutes(p.minutes),
    orNone(p.content),
    orNone(p.method),
    orNone(p.materials),
  ]);
  const total = phaseMinutesTotal(plan.phases);
  const content: Content[] = [
    { text: plan.title, style: 'title' },
    {
      table: {
        widths: ['auto', '*'],
        body: meta.map(([label, value]) => [{ text: label, bold: true }, value]),
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 4],
    },
    { text: labels.topic, style: 'heading' },
    orNone(plan.topic),
    { text: labels.goals, style: 'heading' },
    orNone(plan.goals),
    { text: labels.phases, style: 'heading' },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [80, 40, '*', 70, 90],
        body: [
          header,
          ...rows,
          [{ text: labels.total, bold: true }, { text: minutes(total), bold: true }, '', '', ''],
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
  if (plan.notes.trim()) content.push({ text: labels.notes, style: 'heading' }, plan.notes);
  return a4Document(plan.title, content);
}
