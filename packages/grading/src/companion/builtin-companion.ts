import {
  countOf,
  defaultGradingScale,
  gradeFromPercent,
  type AnalysisResult,
  type GradingError,
} from '@korrigo/domain';
import {
  allErrors,
  categoryInfo,
  findTaskRef,
  matchErrors,
  resolveTaskRef,
  taskLabel,
  type LocatedError,
  type TaskMatch,
  type TaskRef,
} from './result-lookup';
import type { Companion, CompanionInput } from './types';

/**
 * The builtin chat companion: answers the common questions about one result in German, from the result
 * itself (why points were lost in a task, what an error means and how to fix it, what to practise, how the
 * grade came about), quoting the relevant parts. It never guesses: a question it does not recognise gets an
 * honest "I cannot answer that" with examples of what it can answer. Pure and deterministic.
 */

const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
const fmt = (n: number) => numberFormat.format(n);
const points = (n: number) => `${fmt(n)} ${n === 1 ? 'Punkt' : 'Punkte'}`;
const pointsOf = (achieved: number, max: number) =>
  `${fmt(achieved)} von ${fmt(max)} ${max === 1 ? 'Punkt' : 'Punkten'}`;

function clip(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

const quote = (text: string, max = 160) => `„${clip(text, max)}“`;

/**
 * The quoted passage with a few words around it from the student's text, when the error's offsets point at
 * exactly its quote; otherwise the quote alone.
 */
export function quoteInContext(studentText: string, error: GradingError): string | null {
  const location = error.location;
  if (!location?.quoted_text.trim()) return null;
  const { start, end, quoted_text: quoted } = location;
  if (location.type !== 'text' || studentText.slice(start, end) !== quoted) return quote(quoted);
  const lineStart = studentText.lastIndexOf('\n', start - 1) + 1;
  const lineEndAt = studentText.indexOf('\n', end);
  const lineEnd = lineEndAt < 0 ? studentText.length : lineEndAt;
  let from = Math.max(lineStart, start - 30);
  let to = Math.min(lineEnd, end + 30);
  // whole words only
  while (from > lineStart && !/\s/.test(studentText[from - 1]!)) from -= 1;
  while (to < lineEnd && !/\s/.test(studentText[to]!)) to += 1;
  const text = studentText.slice(from, to).replace(/\s+/g, ' ').trim();
  return `„${from > lineStart ? '…' : ''}${clip(text, 140)}${to < lineEnd ? '…' : ''}“`;
}

type Context = { result: AnalysisResult; studentText: string };

function errorLines(context: Context, error: GradingError, indent = ''): string[] {
  const deduction = error.point_deduction > 0 ? ` (−${points(error.point_deduction)})` : '';
  const meaning = error.message || error.details;
  const lines = [`${indent}• ${error.title}${deduction}${meaning ? `: ${clip(meaning, 300)}` : ''}`];
  if (error.details && error.message && error.details !== error.message) {
    lines.push(`${indent}  Begründung: ${clip(error.details, 300)}`);
  }
  const passage = quoteInContext(context.studentText, error);
  if (passage) lines.push(`${indent}  Stelle in der Arbeit: ${passage}`);
  if (error.suggestion) lines.push(`${indent}  Verbesserung: ${clip(error.suggestion, 200)}`);
  return lines;
}

function taskList(result: AnalysisResult): string {
  return result.tasks
    .map((task, index) => {
      const score =
        task.achieved_points !== null && task.max_points !== null
          ? ` (${pointsOf(task.achieved_points, task.max_points)})`
          : '';
      return `• ${taskLabel(task, index)}${score}`;
    })
    .join('\n');
}

function answerTask(context: Context, match: TaskMatch): string {
  const { task, taskIndex } = match;
  const label = taskLabel(task, taskIndex);
  const subtasks =
    match.subtaskIndex === undefined
      ? task.subtasks.map((subtask, index) => ({ subtask, index }))
      : [{ subtask: task.subtasks[match.subtaskIndex]!, index: match.subtaskIndex }];
  const lines: string[] = [];
  const scored = task.achieved_points !== null && task.max_points !== null;
  if (!scored) {
    lines.push(`Für ${label} vergibt das Ergebnis keine Punkte: Ohne Erwartungshorizont legen Sie sie fest.`);
  } else {
    const lost = Math.max(0, task.max_points! - task.achieved_points!);
    lines.push(
      lost > 0
        ? `${label}: ${pointsOf(task.achieved_points!, task.max_points!)}, also ${points(lost)} Abzug.`
        : `${label}: ${pointsOf(task.achieved_points!, task.max_points!)}. Hier gab es keinen Punktabzug.`,
    );
  }
  // "0 von 2 Punkten (überwiegend falsch)." says again what the first line says
  const restatesPoints = /^\s*\d+(?:[.,]\d+)?\s+von\s+\d+(?:[.,]\d+)?\s+Punkt/u.test(task.overall_feedback);
  if (task.overall_feedback && !restatesPoints) {
    lines.push(`Rückmeldung im Ergebnis: ${quote(task.overall_feedback, 300)}`);
  }

  const several = subtasks.length > 1 || match.subtaskIndex !== undefined;
  for (const { subtask, index } of subtasks) {
    const indent = several ? '  ' : '';
    if (several) {
      const name = subtask.subtask_label || String(index + 1);
      const score =
        subtask.achieved_points !== null && subtask.max_points !== null
          ? `: ${pointsOf(subtask.achieved_points, subtask.max_points)}`
          : '';
      const description = subtask.description ? ` (${clip(subtask.description, 80)})` : '';
      lines.push('', `Teilaufgabe ${name}${description}${score}`);
    }
    const ordered = [...subtask.errors].sort((a, b) => b.point_deduction - a.point_deduction);
    if (ordered.length > 0) {
      lines.push(
        `${indent}${ordered.some((e) => e.point_deduction > 0) ? 'Gefundene Fehler:' : 'Hinweise ohne Punktabzug:'}`,
      );
      for (const error of ordered.slice(0, 6)) lines.push(...errorLines(context, error, indent));
      if (ordered.length > 6) lines.push(`${indent}• … und ${ordered.length - 6} weitere im Ergebnis.`);
    }
    const deducted = subtask.errors.reduce((sum, error) => sum + error.point_deduction, 0);
    const lost =
      subtask.achieved_points !== null && subtask.max_points !== null
        ? Math.max(0, subtask.max_points - subtask.achieved_points)
        : 0;
    if (lost > deducted && subtask.feedback) {
      lines.push(
        `${indent}${deducted > 0 ? `Weitere ${points(lost - deducted)} fehlen ohne einzelnen Fehler. ` : ''}Die Rückmeldung dazu: ${quote(subtask.feedback, 300)}`,
      );
    } else if (ordered.length === 0 && subtask.feedback && several) {
      lines.push(`${indent}Rückmeldung: ${quote(subtask.feedback, 300)}`);
    }
    if (subtask.improvement_suggestion) {
      lines.push(`${indent}Vorschlag zur Verbesserung: ${clip(subtask.improvement_suggestion, 300)}`);
    }
  }
  return lines.join('\n');
}

function answerMissingTask(result: AnalysisResult, ref: TaskRef): string {
  if (result.tasks.length === 0) return 'Im Ergebnis sind keine Aufgaben aufgeführt.';
  const asked = ref.number === 'last' ? 'die letzte Aufgabe' : `Aufgabe ${ref.number}`;
  return `Im Ergebnis gibt es ${asked} nicht. Bewertet wurden diese Aufgaben:\n${taskList(result)}`;
}

function biggestDeductions(result: AnalysisResult, limit: number): LocatedError[] {
  return allErrors(result)
    .filter((located) => located.error.point_deduction > 0)
    .sort((a, b) => b.error.point_deduction - a.error.point_deduction)
    .slice(0, limit);
}

function flagLines(result: AnalysisResult): string[] {
  if (result.review_flags.length === 0) return [];
  return ['', 'Hinweise zur Prüfung:', ...result.review_flags.map((flag) => `• ${clip(flag.message, 300)}`)];
}

function answerGrade(context: Context): string {
  const { result } = context;
  const lines: string[] = [];
  const { achieved_points: achieved, total_points: total } = result;
  if (result.grade === null) {
    lines.push('Dieses Ergebnis hat noch keine Note.');
    if (achieved === null || !total) {
      lines.push(
        'Ohne Erwartungshorizont wurden keine Punkte vergeben. Sobald die Punkte im Ergebnis eingetragen sind, wird die Note nach dem Notenschlüssel berechnet.',
      );
    }
    lines.push(...flagLines(result));
    return lines.join('\n');
  }
  if (achieved !== null && total) {
    const percent = (achieved / total) * 100;
    lines.push(
      `Die Note ${result.grade} ergibt sich aus ${pointsOf(achieved, total)} (${fmt(Math.round(percent * 10) / 10)} %).`,
    );
    // the table the result was graded with (results from before issue 13 carry none: the default)
    const scale = result.grading_scale ?? defaultGradingScale;
    const rowIndex = scale.rows.findIndex((row) => row.grade === result.grade);
    if (rowIndex >= 0 && gradeFromPercent(percent, scale).grade === result.grade) {
      const row = scale.rows[rowIndex]!;
      const better = scale.rows[rowIndex - 1];
      const pct = (p: number) => fmt(Math.round(p * 10) / 10);
      lines.push(
        `Nach dem Notenschlüssel „${scale.name}“ gibt es die ${row.grade} ab ${pct(row.minPercent)} %` +
          (better
            ? `; für die ${better.grade} wären ${pct(better.minPercent)} % nötig, also ${fmt(Math.ceil(((total * better.minPercent) / 100) * 100) / 100)} von ${countOf(fmt(total), 'Punkt', 'Punkten')}.`
            : '.'),
      );
    } else {
      lines.push(`Die Note ${result.grade} steht so im Ergebnis.`);
    }
  } else {
    lines.push(`Die Note im Ergebnis ist ${result.grade}.`);
  }
  const scored = result.tasks.filter((task) => task.achieved_points !== null && task.max_points !== null);
  if (scored.length > 0) lines.push('', 'Punkte je Aufgabe:', taskList(result));
  const biggest = biggestDeductions(result, 3);
  if (biggest.length > 0) {
    lines.push('', 'Die größten Abzüge:');
    for (const { error, task, taskIndex } of biggest) {
      lines.push(`• ${taskLabel(task, taskIndex)} – ${error.title} (−${points(error.point_deduction)})`);
    }
  }
  lines.push(...flagLines(result));
  return lines.join('\n');
}

function answerErrors(context: Context, matches: LocatedError[]): string {
  const groups = new Map<string, LocatedError[]>();
  for (const located of matches) {
    const key = located.error.title;
    groups.set(key, [...(groups.get(key) ?? []), located]);
  }
  const lines: string[] = [];
  for (const [title, group] of [...groups].slice(0, 4)) {
    const first = group[0]!.error;
    const where = [...new Set(group.map(({ task, taskIndex }) => taskLabel(task, taskIndex)))].join(', ');
    if (lines.length > 0) lines.push('');
    lines.push(`${quote(title, 80)}${group.length > 1 ? ` (${group.length}×)` : ''} in ${where}`);
    const meaning = first.details || first.message;
    if (meaning) lines.push(`Bedeutung im Ergebnis: ${clip(meaning, 300)}`);
    for (const { error } of group.slice(0, 3)) {
      const passage = quoteInContext(context.studentText, error);
      const fix = error.suggestion ? ` → Verbesserung: ${clip(error.suggestion, 160)}` : '';
      if (passage || fix) lines.push(`• Stelle: ${passage ?? '–'}${fix}`);
    }
    const info = categoryInfo(first.category);
    if (info)
      lines.push(`Allgemein (${info.label}): ${info.meaning} So lässt es sich vermeiden: ${info.fix}`);
    const deduction = group.reduce((sum, { error }) => sum + error.point_deduction, 0);
    lines.push(deduction > 0 ? `Abzug dafür: ${points(deduction)}.` : 'Dafür wurden keine Punkte abgezogen.');
  }
  if (groups.size > 4) lines.push('', `Dazu passen noch ${groups.size - 4} weitere Fehlerarten im Ergebnis.`);
  return lines.join('\n');
}

function answerDeductions(context: Context): string {
  const { result } = context;
  const located = allErrors(result);
  if (located.length === 0) {
    const lost =
      result.achieved_points !== null && result.total_points !== null
        ? result.total_points - result.achieved_points
        : 0;
    return lost > 0
      ? `Das Ergebnis nennt keine einzelnen Fehler, aber es fehlen ${points(lost)}. Die Rückmeldungen je Aufgabe:\n${result.tasks
          .map((task, index) => `• ${taskLabel(task, index)}: ${quote(task.overall_feedback || '–', 200)}`)
          .join('\n')}`
      : 'Im Ergebnis sind keine Fehler und kein Punktabzug verzeichnet.';
  }
  const lines = ['Diese Abzüge und Hinweise stehen im Ergebnis:'];
  result.tasks.forEach((task, taskIndex) => {
    const errors = task.subtasks.flatMap((subtask) => subtask.errors);
    if (errors.length === 0) return;
    const score =
      task.achieved_points !== null && task.max_points !== null
        ? ` (${pointsOf(task.achieved_points, task.max_points)})`
        : '';
    lines.push('', `${taskLabel(task, taskIndex)}${score}:`);
    const ordered = [...errors].sort((a, b) => b.point_deduction - a.point_deduction);
    for (const error of ordered.slice(0, 5)) {
      const deduction = error.point_deduction > 0 ? ` (−${points(error.point_deduction)})` : ' (ohne Abzug)';
      const passage = quoteInContext(context.studentText, error);
      lines.push(`• ${error.title}${deduction}${passage ? `: ${passage}` : ''}`);
    }
    if (ordered.length > 5) lines.push(`• … und ${ordered.length - 5} weitere.`);
  });
  lines.push(
    '',
    'Fragen Sie nach einer Aufgabe, etwa „Warum gab es in Aufgabe 1 Abzug?“, dann erkläre ich sie genauer.',
  );
  return lines.join('\n');
}

const weakLevel = /unsicher|nicht|teilweise|ansatz|gering|schwach/iu;

function answerPractice(context: Context): string {
  const { result } = context;
  const lines: string[] = [];
  const suggestions = [
    ...result.general_improvement_suggestions,
    ...result.tasks.flatMap((task) =>
      task.subtasks
        .filter((subtask) => subtask.improvement_suggestion)
        .map((subtask) => subtask.improvement_suggestion),
    ),
  ];
  const unique = [...new Set(suggestions.map((text) => clip(text, 300)))].slice(0, 6);
  if (unique.length > 0) {
    lines.push('Laut Ergebnis lohnt es sich, vor allem das zu üben:', ...unique.map((text) => `• ${text}`));
  }
  const counts = new Map<string, number>();
  for (const { error } of allErrors(result)) {
    const label = categoryInfo(error.category)?.label ?? error.title;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  if (counts.size > 0) {
    const ranked = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4);
    lines.push('', `Häufigste Fehlerarten: ${ranked.map(([label, n]) => `${label} (${n}×)`).join(', ')}.`);
  }
  const weak = result.evaluation_criteria.competencies.filter((competency) =>
    weakLevel.test(competency.level),
  );
  if (weak.length > 0) {
    lines.push(
      '',
      'Noch nicht sicher:',
      ...weak
        .slice(0, 4)
        .map((c) => `• ${c.competency} (${c.level})${c.description ? `: ${clip(c.description, 160)}` : ''}`),
    );
  }
  if (result.weaknesses.length > 0 && unique.length === 0) {
    lines.push(
      '',
      'Schwächen laut Ergebnis:',
      ...result.weaknesses.slice(0, 5).map((w) => `• ${clip(w, 300)}`),
    );
  }
  if (lines.length === 0) {
    return 'Das Ergebnis nennt weder Schwächen noch Fehler oder Verbesserungsvorschläge. Daraus lässt sich kein Übungsbedarf ablesen.';
  }
  return lines.join('\n').replace(/^\n/, '');
}

function answerStrengths(context: Context): string {
  const { result } = context;
  const lines: string[] = [];
  if (result.strengths.length > 0) {
    lines.push('Stärken laut Ergebnis:', ...result.strengths.slice(0, 6).map((s) => `• ${clip(s, 300)}`));
  }
  const full = result.tasks
    .map((task, index) => ({ task, index }))
    .filter(
      ({ task }) =>
        task.max_points !== null && task.max_points > 0 && task.achieved_points === task.max_points,
    );
  if (full.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(`Volle Punktzahl in: ${full.map(({ task, index }) => taskLabel(task, index)).join(', ')}.`);
  }
  const secure = result.evaluation_criteria.competencies.filter(
    (competency) => /sicher/iu.test(competency.level) && !weakLevel.test(competency.level),
  );
  if (secure.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(
      `Sicher: ${secure
        .slice(0, 5)
        .map((c) => c.competency)
        .join(', ')}.`,
    );
  }
  return lines.length > 0
    ? lines.join('\n')
    : 'Das Ergebnis nennt keine ausdrücklichen Stärken und keine Aufgabe mit voller Punktzahl.';
}

function answerSummary(context: Context): string {
  const { result } = context;
  const lines: string[] = [];
  if (result.overall_feedback)
    lines.push(`Gesamtrückmeldung im Ergebnis: ${quote(result.overall_feedback, 600)}`);
  if (result.grade !== null || result.achieved_points !== null) {
    const score =
      result.achieved_points !== null && result.total_points !== null
        ? pointsOf(result.achieved_points, result.total_points)
        : null;
    lines.push(
      `Stand: ${[result.grade !== null ? `Note ${result.grade}` : null, score].filter(Boolean).join(', ')}.`,
    );
  }
  if (result.strengths.length > 0)
    lines.push(
      `Stärken: ${result.strengths
        .slice(0, 3)
        .map((s) => clip(s, 120))
        .join('; ')}.`,
    );
  if (result.weaknesses.length > 0)
    lines.push(
      `Schwächen: ${result.weaknesses
        .slice(0, 3)
        .map((s) => clip(s, 120))
        .join('; ')}.`,
    );
  return lines.length > 0 ? lines.join('\n') : 'Das Ergebnis enthält keine Gesamtrückmeldung.';
}

const cannotChangeAnswer = [
  'Ich kann die Bewertung nicht ändern: Punkte, Note und Rückmeldungen ändern nur Sie selbst im Ergebnis (im Punktefeld der Teilaufgabe oder über „Bearbeiten“); ein bestätigtes Ergebnis öffnen Sie dafür zuerst wieder.',
  'Ich erkläre Ihnen gern, wie die Punkte und die Note zustande kamen – fragen Sie zum Beispiel „Wie kam die Note zustande?“.',
].join('\n');

function answerUnknown(result: AnalysisResult): string {
  const example = result.tasks.length > 0 ? taskLabel(result.tasks[0]!, 0) : 'Aufgabe 1';
  const error = allErrors(result)[0]?.error.title;
  return [
    'Darauf kann ich keine verlässliche Antwort geben. Ich bin der eingebaute KI-Begleiter ohne Sprachmodell und erkläre nur, was im Ergebnis dieser Analyse steht.',
    'Sie können mich zum Beispiel fragen:',
    `• „Warum wurden in ${example} Punkte abgezogen?“`,
    `• „Was bedeutet der Fehler ${error ? `„${clip(error, 40)}“` : 'in Aufgabe 1'}?“`,
    '• „Was sollte geübt werden?“',
    '• „Wie kam die Note zustande?“',
  ].join('\n');
}

const has = (q: string, pattern: RegExp) => pattern.test(q);

const changeRequest = [
  /(änder|erhöh|hochsetz|heraufsetz|herabsetz|senk|überschreib|anheb|abwert|aufwert)[a-zäöüß]*[^.?!]*(note|punkt|bewertung)|(note|punkte?|bewertung)[^.?!]*(ändern|änderst|erhöhen|erhöhst|hochsetzen|anheben|senken)/u,
  /(?<![a-zäöüß])(gib|gebt|geben sie|vergib|vergeben sie|setz|setze|setzen sie|mach|mache)(?![a-zäöüß])[^.?!]*(note|punkte?|punktzahl|eine [1-6])(?![a-zäöüß])/u,
];
const practiceWords =
  /(?<![a-zäöüß])((ge)?üb(en|e|t|ung)|trainier|verbesser|empfehl|tipps?|lernen|förder|schwäche|nächsten? schritt|woran[^.?!]*arbeiten|worauf[^.?!]*achten)/u;
const gradeWords =
  /(?<![a-zäöüß])(note|noten|notenschlüssel|zustande|benotet|benotung|bewertet|bewertung|gesamtpunkt|insgesamt|prozent|wie viele punkte)(?![a-zäöüß])/u;
const strengthWords =
  /(stärke|gut gemacht|gelungen|gut gelöst|positiv|was (war|ist|lief) gut|richtig gemacht|(?<![a-zäöüß])lob)/u;
const deductionWords = /(punkt|abzug|abgezogen|verloren|fehler|falsch|gefehlt|fehlt)/u;
const summaryWords =
  /(zusammenfass|fass[a-zäöüß]*\s[^.?!]*zusammen|überblick|gesamteindruck|feedback|rückmeldung|fazit|wie (war|ist) die arbeit)/u;
const meaningWords = /(bedeut|heißt|heisst|meint|versteh|erklär|was ist|korrigier|behebe|vermeide)/u;
/** "dort", "dabei": the question goes on about the task asked about before */
const followUpWords =
  /(?<![a-zäöüß])(dort|dabei|darin|hierbei|diese[rn]? aufgabe|derselben aufgabe)(?![a-zäöüß])/u;
const weakFollowUpWords = /(?<![a-zäöüß])(warum|wieso|weshalb|und da)(?![a-zäöüß])/u;
const greetingWords = /^\s*(hallo|hi|hey|guten (morgen|tag|abend)|moin|servus)(?![a-zäöüß])/u;
const thanksWords = /(?<![a-zäöüß])(danke|vielen dank|merci)(?![a-zäöüß])/u;

/** The last task named in the user's earlier questions, for follow-ups such as "Und was heißt der Fehler dort?". */
function taskRefFromHistory(input: CompanionInput): TaskRef | null {
  const earlier = (input.history ?? []).filter((message) => message.role === 'user');
  for (let i = earlier.length - 1; i >= 0; i -= 1) {
    const ref = findTaskRef(earlier[i]!.content);
    if (ref) return ref;
  }
  return null;
}

/** The builtin companion's answer to one question (see the module comment). */
export function answerFromResult(input: CompanionInput): string {
  const { result } = input;
  const context: Context = { result, studentText: input.studentText };
  const q = input.question.toLowerCase().replace(/\s+/g, ' ').trim();

  if (changeRequest.some((pattern) => has(q, pattern))) return cannotChangeAnswer;

  const ref = findTaskRef(q);
  if (ref) {
    const match = resolveTaskRef(result, ref);
    return match ? answerTask(context, match) : answerMissingTask(result, ref);
  }
  const earlier = has(q, followUpWords) ? taskRefFromHistory(input) : null;
  const earlierMatch = earlier ? resolveTaskRef(result, earlier) : null;
  if (earlierMatch) return answerTask(context, earlierMatch);

  const errors = matchErrors(result, q);
  if (errors.score >= 2 || (errors.score === 1 && has(q, meaningWords))) {
    return answerErrors(context, errors.errors);
  }
  const unknownError = /(?<![a-zäöüß])([a-zäöüß]{3,}fehler)(?![a-zäöüß])/iu.exec(input.question)?.[1];
  if (unknownError && has(q, meaningWords)) {
    return `Einen Fehler „${unknownError}“ verzeichnet das Ergebnis nicht.\n\n${answerDeductions(context)}`;
  }
  if (has(q, practiceWords)) return answerPractice(context);
  if (has(q, gradeWords)) return answerGrade(context);
  if (has(q, strengthWords)) return answerStrengths(context);
  if (has(q, summaryWords)) return answerSummary(context);
  if (has(q, deductionWords)) return answerDeductions(context);

  const previous = has(q, weakFollowUpWords) ? taskRefFromHistory(input) : null;
  const previousMatch = previous ? resolveTaskRef(result, previous) : null;
  if (previousMatch) return answerTask(context, previousMatch);
  if (has(q, thanksWords)) {
    return 'Gern geschehen! Fragen Sie ruhig weiter, wenn etwas am Ergebnis unklar ist.';
  }
  if (has(q, greetingWords) && q.length < 40) {
    return 'Hallo! Fragen Sie mich zum Beispiel, wie die Note zustande kam oder warum in einer Aufgabe Punkte abgezogen wurden.';
  }
  return answerUnknown(result);
}

/** The builtin companion as a Companion: the whole answer in one piece. */
export const builtinCompanion: Companion = {
  name: 'builtin',
  async *reply(input) {
    yield answerFromResult(input);
  },
};
