import type { Question } from '@korrigo/domain';
import { segment, type Segmentation, type SegmentTask } from '../segment/segment';
import type { AnswerKey } from '../types';
import { pointMarkPattern } from './point-marks';

/** One gradable piece: a question of the key (or a task of the student's work without a key) and its answer. */
export type GradingUnit = {
  taskNumber: string;
  taskTitle: string;
  subtaskLabel: string;
  description: string;
  /** the student's answer to it, and where that answer starts in the student's text */
  answer: string;
  answerStart: number;
  /** null when there is no key: the teacher sets the points */
  maxPoints: number | null;
  key:
    | { kind: 'question'; question: Question }
    | { kind: 'expected'; text: string; question: string }
    | { kind: 'none' };
};

export type Alignment = { units: GradingUnit[]; uncertain: boolean; segmentation: Segmentation };

/** Prefer what the student wrote after "Antwort:" / "Lösung:"; otherwise drop a repeated question text. */
function answerPart(
  body: string,
  bodyStart: number,
  questionText: string,
): { answer: string; start: number } {
  const marker = /(?:^|\n)\s*(?:Antwort|Lösung|Meine Antwort)\s*:\s*/i.exec(body);
  if (marker)
    return {
      answer: body.slice(marker.index + marker[0].length),
      start: bodyStart + marker.index + marker[0].length,
    };
  const q = questionText.trim();
  if (q.length > 0) {
    const idx = body.indexOf(q);
    if (idx >= 0 && idx < 5) {
      const from = idx + q.length;
      return { answer: body.slice(from), start: bodyStart + from };
    }
  }
  return { answer: body, start: bodyStart };
}

function wholeTask(task: SegmentTask, text: string): { body: string; start: number } {
  return { body: text.slice(task.bodyStart, task.end), start: task.bodyStart };
}

function withoutMarks(s: string): string {
  return s.replace(pointMarkPattern, '').replace(/\s+/g, ' ').trim();
}

/**
 * Aligns the student's answers with the key by their numbers: question n of a saved test (in order) is
 * task n of the work; task n / subtask x of an Erwartungshorizont is task n / subtask x of the work.
 * Without a key, each task or subtask the work shows is a unit.
 */
export function alignUnits(text: string, key: AnswerKey | undefined): Alignment {
  const seg = segment(text);
  const whole = { body: text, start: 0 };
  const findTask = (n: string) => seg.tasks.find((t) => t.number === n);

  if (key?.kind === 'test') {
    const questions = [...key.test.questions].sort((a, b) => a.orderIndex - b.orderIndex);
    const single = questions.length === 1 && seg.tasks.length <= 1;
    let uncertain = false;
    const units = questions.map((question, i): GradingUnit => {
      const n = String(i + 1);
      const task = findTask(n);
      if (!task && !single) uncertain = true;
      const source = task ? wholeTask(task, text) : single ? whole : { body: '', start: 0 };
      const { answer, start } = answerPart(source.body, source.start, question.text);
      return {
        taskNumber: n,
        taskTitle: `Aufgabe ${n}`,
        subtaskLabel: n,
        description: question.text,
        answer,
        answerStart: start,
        maxPoints: question.points,
        key: { kind: 'question', question },
      };
    });
    return { units, uncertain, segmentation: seg };
  }

  if (key?.kind === 'text') {
    const keySeg = segment(key.text);
    if (keySeg.tasks.length === 0) {
      const { answer, start } = answerPart(text, 0, '');
      return {
        units: [
          {
            taskNumber: '1',
            taskTitle: 'Aufgabe 1',
            subtaskLabel: '1',
            description: '',
            answer,
            answerStart: start,
            maxPoints: null,
            key: { kind: 'expected', text: key.text, question: '' },
          },
        ],
        uncertain: false,
        segmentation: seg,
      };
    }
    let uncertain = seg.tasks.length === 0;
    const units: GradingUnit[] = [];
    for (const kt of keySeg.tasks) {
      const st = findTask(kt.number);
      if (!st) uncertain = true;
      const parts = kt.subtasks.length > 0 ? kt.subtasks : [null];
      for (const ks of parts) {
        const expected = ks ? ks.body : key.text.slice(kt.bodyStart, kt.end);
        const description = withoutMarks(ks ? ks.heading : kt.heading);
        let source = { body: '', start: 0 };
        if (st) {
          const ss = ks ? st.subtasks.find((s) => s.label === ks.label) : undefined;
          if (ks && !ss) uncertain = true;
          source = ss
            ? { body: ss.body, start: ss.bodyStart }
            : ks
              ? { body: '', start: 0 }
              : wholeTask(st, text);
        }
        const { answer, start } = answerPart(source.body, source.start, '');
        units.push({
          taskNumber: kt.number,
          taskTitle: kt.heading ? withoutMarks(kt.heading) : `Aufgabe ${kt.number}`,
          subtaskLabel: ks ? ks.label : kt.number,
          description,
          answer,
          answerStart: start,
          maxPoints: ks ? ks.maxPoints : kt.maxPoints,
          key: { kind: 'expected', text: expected, question: description },
        });
      }
    }
    return { units, uncertain, segmentation: seg };
  }

  if (seg.tasks.length === 0) {
    return {
      units: [
        {
          taskNumber: '1',
          taskTitle: 'Gesamter Text',
          subtaskLabel: '1',
          description: '',
          answer: text,
          answerStart: 0,
          maxPoints: null,
          key: { kind: 'none' },
        },
      ],
      uncertain: false,
      segmentation: seg,
    };
  }
  const units: GradingUnit[] = [];
  for (const t of seg.tasks) {
    const parts = t.subtasks.length > 0 ? t.subtasks : [null];
    for (const s of parts) {
      const body = s ? s.body : text.slice(t.bodyStart, t.end);
      units.push({
        taskNumber: t.number,
        taskTitle: withoutMarks(t.heading) || `Aufgabe ${t.number}`,
        subtaskLabel: s ? s.label : t.number,
        description: withoutMarks(s ? s.heading : t.heading),
        answer: body,
        answerStart: s ? s.bodyStart : t.bodyStart,
        maxPoints: null,
        key: { kind: 'none' },
      });
    }
  }
  return { units, uncertain: false, segmentation: seg };
}
