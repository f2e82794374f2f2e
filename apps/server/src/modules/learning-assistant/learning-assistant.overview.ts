import {
  berlinDay,
  builtinGradingMessages,
  learningAssistantTexts as texts,
  learningSubjects,
  type AnalysisResult,
  type GradingError,
  type LearningArea,
  type LearningMistake,
  type LearningOverview,
  type LearningSubject,
} from '@korrigo/domain';
import { categoryInfo } from '@korrigo/grading';

/**
 * The Lern-Assistent's overview (issue 17 §3) from her results: pure, so the figures can be checked without a
 * database. Everything shown is derived from her own grade records and the analyses behind them.
 */

/** One grade record of hers with the analysis it stands for. */
export type ResultRecord = {
  analysisId: string;
  /** the record's subject, else the analysis's */
  subject: string;
  title: string;
  /** 'Klassenarbeit' / 'Korrektur' (her teacher's) or 'Selbsttest' (her own) */
  type: string;
  grade: string | null;
  achievedPoints: number | null;
  totalPoints: number | null;
  createdAt: Date;
  result: AnalysisResult | null;
  /** the text that was graded: practice items quote her sentences from it */
  studentText: string;
};

export type PracticeTime = { createdAt: Date; answeredAt: Date | null };
export type UpcomingExam = { name: string; date: string; courseName: string };

export const selfCheckType = 'Selbsttest';
export const maxAreas = 5;
export const maxMistakes = 50;
const strongShare = 0.8;
const weakShare = 0.6;
const sessionCapMinutes = 60;

const subjectAliases: Record<string, (typeof learningSubjects)[number]> = {
  mathematik: 'Mathematik',
  mathe: 'Mathematik',
  math: 'Mathematik',
  maths: 'Mathematik',
  mathematics: 'Mathematik',
  physik: 'Physik',
  physics: 'Physik',
  biologie: 'Biologie',
  bio: 'Biologie',
  biology: 'Biologie',
  chemie: 'Chemie',
  chemistry: 'Chemie',
  deutsch: 'Deutsch',
  german: 'Deutsch',
  englisch: 'Englisch',
  english: 'Englisch',
  engl: 'Englisch',
};

/** A subject that says none: empty, or the engines' 'Nicht angegeben'. */
export function isUnknownSubject(subject: string | null | undefined): boolean {
  const trimmed = subject?.trim() ?? '';
  return !trimmed || trimmed === builtinGradingMessages.unknownValue;
}

/** A result's subject as the grid names it: 'Mathe', 'math' -> Mathematik; others as written. */
export function normaliseSubject(subject: string): string {
  const trimmed = subject.trim();
  if (isUnknownSubject(trimmed)) return texts.noSubject;
  const alias = subjectAliases[trimmed.toLowerCase().replace(/\.$/, '')];
  if (alias) return alias;
  const known = [...learningSubjects].find((s) => s.toLowerCase() === trimmed.toLowerCase());
  return known ?? trimmed;
}

/** The same subject, whatever case or alias she or the request uses. */
export function sameSubject(a: string, b: string): boolean {
  return normaliseSubject(a).toLowerCase() === normaliseSubject(b).toLowerCase();
}

/** Her share of the points of one record, or null when it has no points. */
export function shareOf(record: ResultRecord): number | null {
  const achieved = record.achievedPoints ?? record.result?.achieved_points ?? null;
  const total = record.totalPoints ?? record.result?.total_points ?? null;
  if (achieved === null || total === null || total <= 0) return null;
  return Math.min(1, Math.max(0, achieved / total));
}

const percent = (share: number) => Math.round(share * 100);

function titleOf(record: ResultRecord): string {
  return record.title.trim() || record.result?.title.trim() || texts.untitled;
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** A graded unit of one work: a task, or a subtask where the task has several scored ones. */
type Unit = {
  label: string;
  achieved: number;
  max: number;
  suggestion: string;
  /** what the missing points were about: the errors' suggestions */
  missing: string[];
  taskIndex: number;
  subtaskIndex: number | null;
};

function unitsOf(result: AnalysisResult): Unit[] {
  const units: Unit[] = [];
  result.tasks.forEach((task, taskIndex) => {
    const title = clip(task.title, 60) || `Aufgabe ${taskIndex + 1}`;
    const scored = task.subtasks.filter(
      (s) => s.achieved_points !== null && s.max_points !== null && s.max_points > 0,
    );
    if (scored.length > 1) {
      task.subtasks.forEach((subtask, subtaskIndex) => {
        if (subtask.achieved_points === null || subtask.max_points === null || subtask.max_points <= 0)
          return;
        const description = clip(subtask.description, 60);
        units.push({
          label: `${title} ${subtask.subtask_label}`.trim() + (description ? `: ${description}` : ''),
          achieved: subtask.achieved_points,
          max: subtask.max_points,
          suggestion: subtask.improvement_suggestion.trim(),
          missing: subtask.errors.map((e) => e.suggestion.trim()).filter(Boolean),
          taskIndex,
          subtaskIndex,
        });
      });
      return;
    }
    if (task.achieved_points === null || task.max_points === null || task.max_points <= 0) return;
    const only = task.subtasks.length === 1 ? task.subtasks[0]! : null;
    const description = only ? clip(only.description, 60) : '';
    const numberedOnly = /^(?:teil)?aufgabe\s*\d+[a-h]?$/i.test(title);
    units.push({
      label: numberedOnly && description ? `${title}: ${description}` : title,
      achieved: task.achieved_points,
      max: task.max_points,
      suggestion: task.subtasks.map((s) => s.improvement_suggestion.trim()).find(Boolean) ?? '',
      missing: task.subtasks.flatMap((s) => s.errors.map((e) => e.suggestion.trim()).filter(Boolean)),
      taskIndex,
      subtaskIndex: null,
    });
  });
  return units;
}

const severityWeight = (severity: string): number => {
  switch (severity.toLowerCase()) {
    case 'critical':
    case 'severe':
      return 3;
    case 'moderate':
      return 2;
    case 'minor':
    case 'improvement':
      return 1;
    default:
      return 0.5;
  }
};
/** Points of the area score one weighted error costs: three moderate errors bring a category to 52. */
const scorePerWeight = 8;

type SubjectGroup = { subject: string; records: ResultRecord[] };

function areasOf(group: SubjectGroup): { strengths: LearningArea[]; weaknesses: LearningArea[] } {
  const strengths: LearningArea[] = [];
  const weaknesses: LearningArea[] = [];
  const categories = new Map<
    string,
    { label: string; fix: string; errors: number; weight: number; analysisIds: Set<string> }
  >();
  for (const record of group.records) {
    if (!record.result) continue;
    const title = titleOf(record);
    for (const unit of unitsOf(record.result)) {
      const share = unit.achieved / unit.max;
      const area = {
        label: unit.label,
        score: percent(share),
        evidence: texts.pointsEvidence(unit.achieved, unit.max, title),
        analysisIds: [record.analysisId],
      };
      if (share >= strongShare) strengths.push({ ...area, suggestion: texts.strengthSuggestion });
      else if (share <= weakShare)
        weaknesses.push({ ...area, suggestion: unit.suggestion || texts.weakTaskSuggestion });
    }
    for (const task of record.result.tasks) {
      for (const subtask of task.subtasks) {
        for (const error of subtask.errors) {
          const info = categoryInfo(error.category);
          if (!info) continue;
          const entry = categories.get(info.label) ?? {
            label: info.label,
            fix: info.fix,
            errors: 0,
            weight: 0,
            analysisIds: new Set<string>(),
          };
          entry.errors += 1;
          entry.weight += severityWeight(error.severity);
          entry.analysisIds.add(record.analysisId);
          categories.set(info.label, entry);
        }
      }
    }
  }
  for (const entry of categories.values()) {
    weaknesses.push({
      label: entry.label,
      score: Math.max(0, Math.round(100 - Math.min(100, entry.weight * scorePerWeight))),
      suggestion: texts.categoryTip(entry.fix),
      evidence: texts.errorsEvidence(entry.errors, entry.analysisIds.size),
      analysisIds: [...entry.analysisIds],
    });
  }
  strengths.sort((a, b) => b.score - a.score || a.label.localeCompare(b.label, 'de'));
  weaknesses.sort((a, b) => a.score - b.score || a.label.localeCompare(b.label, 'de'));
  return { strengths: strengths.slice(0, maxAreas), weaknesses: weaknesses.slice(0, maxAreas) };
}

/** The correct form an error's suggestion gives, or null when it is advice rather than a form. */
export function correctFormOf(error: GradingError): string | null {
  let text = error.suggestion.trim().replace(/^richtig\s*:\s*/i, '');
  if (!text) return null;
  // a spelling check that lists several candidates ('Floß, Flug, Flur') was not sure of any: nothing to
  // practise (results graded before it stopped listing them). The style checks list equal alternatives
  // ('erstaunlich, stark'): the first is taken. A comma correction ('Beispiel, wenn') is one form.
  if (error.category === 'spelling' && text.includes(', ')) return null;
  if (['style', 'expression'].includes(error.category ?? '') && text.includes(', '))
    text = text.split(', ')[0]!;
  // a form is short; a sentence of advice ends with a full stop ('Den Satz in zwei … teilen.')
  if (text.length > 60 || text.split(/\s+/).length > 8 || /[.!]$/.test(text)) {
    const stripped = text.replace(/\.$/, '');
    // 'Richtig: a) 3/4.': the engine's form with its closing stop
    if (/^richtig\s*:/i.test(error.suggestion.trim()) && stripped.length <= 60) return stripped;
    return null;
  }
  return text;
}

/** Her errors, newest work first, in the order the result lists them. */
export function mistakesOf(records: ResultRecord[]): LearningMistake[] {
  const mistakes: LearningMistake[] = [];
  for (const record of newestFirst(records)) {
    if (!record.result) continue;
    record.result.tasks.forEach((task, t) =>
      task.subtasks.forEach((subtask, s) =>
        subtask.errors.forEach((error, e) => {
          const quoted = error.location?.quoted_text.trim() || null;
          const correction = correctFormOf(error);
          mistakes.push({
            id: `${record.analysisId}:${t}:${s}:${e}`,
            analysisId: record.analysisId,
            subject: normaliseSubject(record.subject),
            title: titleOf(record),
            error: error.title,
            category: categoryInfo(error.category)?.label ?? error.category ?? null,
            quoted,
            correction: correction && correction !== quoted ? correction : null,
          });
        }),
      ),
    );
  }
  return mistakes;
}

function newestFirst(records: ResultRecord[]): ResultRecord[] {
  return [...records].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

const mean = (values: number[]) =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Minutes spent on finished practice sessions, each capped at an hour (a tab left open is no study time) and
 * counted as one minute at least: three quick answers are practice too, and '0 Minuten' after it reads wrong.
 */
export function studyMinutesOf(sessions: PracticeTime[]): number {
  let minutes = 0;
  for (const session of sessions) {
    if (!session.answeredAt) continue;
    const spent = (session.answeredAt.getTime() - session.createdAt.getTime()) / 60_000;
    minutes += Math.min(sessionCapMinutes, Math.max(1, spent));
  }
  return Math.round(minutes);
}

export function groupBySubject(records: ResultRecord[]): SubjectGroup[] {
  const groups = new Map<string, SubjectGroup>();
  for (const subject of learningSubjects) groups.set(subject.toLowerCase(), { subject, records: [] });
  for (const record of records) {
    const subject = normaliseSubject(record.subject);
    const key = subject.toLowerCase();
    const group = groups.get(key) ?? { subject, records: [] };
    group.records.push(record);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function deriveOverview(input: {
  records: ResultRecord[];
  practice: PracticeTime[];
  exams: UpcomingExam[];
  now: Date;
}): LearningOverview {
  const { records } = input;
  const subjects: LearningSubject[] = groupBySubject(records).map((group) => {
    const shares = group.records.map(shareOf).filter((s): s is number => s !== null);
    const progress = mean(shares);
    return {
      subject: group.subject,
      results: group.records.length,
      progress: progress === null ? null : percent(progress),
      ...areasOf(group),
    };
  });
  const overall = mean(records.map(shareOf).filter((s): s is number => s !== null));
  const teachers = newestFirst(records).find((r) => r.type !== selfCheckType && r.grade);
  const today = berlinDay(input.now);
  const next = input.exams
    .filter((exam) => exam.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name, 'de'))[0];
  return {
    hasResults: records.length > 0,
    subjects,
    mistakes: mistakesOf(records).slice(0, maxMistakes),
    stats: {
      overallPercent: overall === null ? null : percent(overall),
      currentGrade: teachers?.grade ?? null,
      studyMinutes: studyMinutesOf(input.practice),
      nextTest: next ? { name: next.name, date: next.date, courseName: next.courseName } : null,
    },
  };
}
