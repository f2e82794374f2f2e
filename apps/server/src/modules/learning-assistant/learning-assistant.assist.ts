import { generateText } from 'ai';
import { z } from 'zod';
import {
  clozeBlankMarker,
  learningAssistantTexts as texts,
  practiceDifficultyLabels,
  type Explanation,
  type LearningChatRequest,
  type LearningMistake,
  type LearningOverview,
  type PracticeDifficulty,
  countOf,
} from '@korrigo/domain';
import { categoryInfo } from '@korrigo/grading';
import { createChatModel, generateStructured, type LlmConfig } from '@korrigo/grading/llm';
import type { StoredPracticeQuestion } from '../../db/schema';
import { sentenceWith, type PracticeMaterial } from './learning-assistant.practice';
import { sameSubject } from './learning-assistant.overview';

/**
 * Explanations and the chat of the Lern-Assistent: templates over her own results (builtin), or the
 * configured model (AI_PROVIDER=openai-compatible). The model's calls throw on any failure; the service falls
 * back to the templates then.
 */

const germanDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};

/** The category's German meaning of the error, in du, with her passage and the correct form. */
export function explainFromTemplates(
  mistake: LearningMistake,
  details: { details: string; category: string | undefined },
): Explanation {
  const info = categoryInfo(details.category);
  const parts = [
    texts.explainIntro(mistake.error, info?.meaning ?? texts.explainGenericMeaning),
    details.details.trim(),
    mistake.quoted ? texts.explainQuoted(mistake.quoted) : '',
  ].filter(Boolean);
  return {
    mistakeId: mistake.id,
    explanation: parts.join(' '),
    correctForm: mistake.correction,
    tip: info?.fix ?? texts.explainGenericTip,
    source: 'templates',
  };
}

/** The builtin chat: answers from her overview by rules, never more than it shows. */
export function chatFromTemplates(overview: LearningOverview, request: LearningChatRequest): string {
  if (!overview.hasResults) return texts.chatNoResults;
  const question = request.messages.at(-1)!.content.toLowerCase();
  const subjects = overview.subjects.filter(
    (s) => s.results > 0 && (!request.subject || sameSubject(s.subject, request.subject)),
  );
  const weakest = subjects
    .flatMap((s) => s.weaknesses.map((w) => ({ subject: s.subject, area: w })))
    .sort((a, b) => a.area.score - b.area.score)[0];
  const strongest = subjects
    .flatMap((s) => s.strengths.map((w) => ({ subject: s.subject, area: w })))
    .sort((a, b) => b.area.score - a.area.score)[0];

  for (const key of ['spelling', 'grammar', 'maths', 'content', 'style', 'structure']) {
    const info = categoryInfo(key)!;
    if (question.includes(info.label.toLowerCase()) || info.words.some((word) => question.includes(word))) {
      const count = overview.mistakes.filter(
        (m) => m.category === info.label && (!request.subject || sameSubject(m.subject, request.subject)),
      ).length;
      return texts.chatCategory(info.label, info.meaning, info.fix, count);
    }
  }
  if (/(test|prüfung|klausur|klassenarbeit|arbeit schreib)/.test(question)) {
    const next = overview.stats.nextTest;
    return next
      ? texts.chatNextTest(next.name, germanDate(next.date), next.courseName)
      : texts.chatNoNextTest;
  }
  if (/(üben|lernen|wiederhol|trainier|was soll ich|als nächstes)/.test(question)) {
    return weakest ? texts.chatPractise(weakest.subject, weakest.area.label) : texts.chatNoWeakness;
  }
  if (/(schwäch|schwach|schlecht|fehler|verbesser|probleme?)/.test(question)) {
    return weakest
      ? texts.chatWeakest(weakest.subject, weakest.area.label, weakest.area.evidence, weakest.area.suggestion)
      : texts.chatNoWeakness;
  }
  if (/(stärk|stark|gut kann|kann ich gut|am besten)/.test(question)) {
    return strongest
      ? texts.chatStrongest(strongest.subject, strongest.area.label, strongest.area.evidence)
      : texts.chatNoStrength;
  }
  if (/(note|stehe|stand|durchschnitt|prozent|punkte)/.test(question)) {
    return texts.chatGrade(overview.stats.currentGrade, overview.stats.overallPercent);
  }
  return texts.chatHelp;
}

/** Her results in a few lines for the model: subjects with progress, areas, recent mistakes, stats. */
export function summaryOf(overview: LearningOverview, subject?: string): string {
  const lines: string[] = [];
  for (const s of overview.subjects) {
    if (s.results === 0 || (subject && !sameSubject(s.subject, subject))) continue;
    lines.push(
      `Fach ${s.subject}: ${countOf(s.results, 'Arbeit', 'Arbeiten')}, im Schnitt ${s.progress ?? '–'} % der Punkte.`,
    );
    for (const a of s.strengths) lines.push(`  Stärke: ${a.label} (${a.evidence})`);
    for (const a of s.weaknesses)
      lines.push(`  Schwäche: ${a.label} (${a.evidence}); Vorschlag: ${a.suggestion}`);
  }
  for (const m of overview.mistakes.slice(0, 15)) {
    if (subject && !sameSubject(m.subject, subject)) continue;
    lines.push(
      `Fehler in „${m.title}“ (${m.subject}): ${m.error}` +
        (m.quoted ? `, geschrieben „${m.quoted}“` : '') +
        (m.correction ? `, richtig „${m.correction}“` : ''),
    );
  }
  const { stats } = overview;
  lines.push(
    `Gesamt: ${stats.overallPercent ?? '–'} % der Punkte; letzte Note der Lehrkraft: ${stats.currentGrade ?? 'keine'}.`,
  );
  lines.push(
    stats.nextTest
      ? `Nächster Test: ${stats.nextTest.name} am ${germanDate(stats.nextTest.date)} (${stats.nextTest.courseName}).`
      : 'Kein Test eingetragen.',
  );
  return lines.join('\n');
}

const itemsSchema = z.object({
  items: z.array(
    z.object({
      type: z.enum(['multiple-choice', 'cloze', 'matching', 'open']),
      text: z.string(),
      options: z.array(z.object({ text: z.string(), isCorrect: z.boolean() })),
      clozeSolutions: z.array(z.string()),
      matchingPairs: z.array(z.object({ left: z.string(), right: z.string() })),
      correctionTemplate: z.string(),
      trains: z.string(),
    }),
  ),
});
type GeneratedItem = z.infer<typeof itemsSchema>['items'][number];

const difficultyInstructions: Record<PracticeDifficulty, string> = {
  leicht: 'Leicht: vor allem Multiple Choice (4 Optionen, genau eine richtig).',
  mittel: `Mittel: Lückentexte (jede Lücke als ${clozeBlankMarker}, Lösungen in "clozeSolutions") und Multiple Choice.`,
  schwer:
    'Schwer: offene Aufgaben (Erwartungshorizont mit Punkten je Aspekt wie "(1 P)" in "correctionTemplate") und Zuordnungen (3 bis 5 Paare).',
};

/** The model's items as stored questions; an item without its type's content is dropped. */
export function toStoredItems(generated: GeneratedItem[], count: number): StoredPracticeQuestion[] {
  const items: StoredPracticeQuestion[] = [];
  for (const g of generated) {
    if (items.length >= count || !g.text.trim()) continue;
    const id = `p${items.length + 1}`;
    const q: StoredPracticeQuestion = {
      id,
      type: g.type,
      text: g.text.trim().slice(0, 2000),
      options: [],
      correctAnswer: '',
      points: 1,
      orderIndex: items.length,
      correctionTemplate: '',
      resources: [],
      matchingPairs: [],
      trains: g.trains.trim().slice(0, 200) || texts.trainsTask(g.type),
    };
    if (g.type === 'multiple-choice') {
      const options = g.options.filter((o) => o.text.trim()).slice(0, 6);
      if (options.length < 2 || !options.some((o) => o.isCorrect)) continue;
      q.options = options.map((o, i) => ({
        id: `${id}-o${i + 1}`,
        text: o.text.trim(),
        isCorrect: o.isCorrect,
      }));
    } else if (g.type === 'cloze') {
      const blanks = q.text.split(clozeBlankMarker).length - 1;
      const solutions = g.clozeSolutions.map((s) => s.trim());
      if (blanks === 0 || solutions.length < blanks || solutions.slice(0, blanks).some((s) => !s)) continue;
      q.correctAnswer = solutions.slice(0, blanks).join('|');
    } else if (g.type === 'matching') {
      const pairs = g.matchingPairs.filter((p) => p.left.trim() && p.right.trim()).slice(0, 6);
      if (pairs.length < 2) continue;
      q.matchingPairs = pairs.map((p) => ({ left: p.left.trim(), right: p.right.trim() }));
      q.points = pairs.length;
      // the printed column must not give the answer away: turned by one
      q.matchingOrder = pairs.map((_, i) => (i + 1) % pairs.length);
    } else {
      const template = g.correctionTemplate.trim();
      if (!template) continue;
      q.correctionTemplate = /\(\s*\d+(?:[.,]\d+)?\s*P\s*\)/.test(template) ? template : `${template} (1 P)`;
      const points = [...q.correctionTemplate.matchAll(/\(\s*(\d+(?:[.,]\d+)?)\s*P\s*\)/g)].reduce(
        (s, m) => s + Number(m[1]!.replace(',', '.')),
        0,
      );
      q.points = Math.max(1, Math.min(100, Math.round(points)));
    }
    items.push(q);
  }
  return items;
}

export type LearningModel = {
  practiceItems(input: {
    subject: string;
    difficulty: PracticeDifficulty;
    count: number;
    material: PracticeMaterial[];
  }): Promise<StoredPracticeQuestion[]>;
  explain(mistake: LearningMistake, details: string): Promise<{ explanation: string; tip: string }>;
  chat(overview: LearningOverview, request: LearningChatRequest): Promise<string>;
};

const describeMaterial = (m: PracticeMaterial) =>
  m.kind === 'mistake'
    ? `- ${m.label}: sie schrieb „${m.wrong}“, richtig ist „${m.right}“${m.sentence ? ` (Satz: „${sentenceWith(m.sentence, m.wrong)}“)` : ''}`
    : `- Aufgabe mit wenig Punkten: ${m.label}; es fehlte: ${m.aspects.join('; ')}`;

/** The learning assistant's calls to the configured model. */
export function createLearningModel(config: LlmConfig): LearningModel {
  const call = () => ({
    model: createChatModel(config),
    maxRetries: config.maxRetries ?? 1,
    abortSignal: AbortSignal.timeout(config.timeoutMs ?? 60_000),
    temperature: 0.3,
  });
  return {
    async practiceItems({ subject, difficulty, count, material }) {
      const output = await generateStructured({
        ...call(),
        mode: config.structuredOutput,
        schema: itemsSchema,
        name: 'practice_items',
        system:
          'Du erstellst Übungsaufgaben für eine Schülerin an einer deutschen Schule aus ihren eigenen Fehlern. ' +
          'Schreibe auf Deutsch, sprich sie mit du an, bleibe fachlich korrekt und erfinde keine Fehler, die nicht genannt sind. ' +
          'Fülle nur die Felder des jeweiligen Aufgabentyps; die anderen bleiben leer. "trains" sagt in einem kurzen Satz, was die Aufgabe übt.',
        prompt: [
          `Fach: ${subject}`,
          `Schwierigkeit: ${practiceDifficultyLabels[difficulty]}. ${difficultyInstructions[difficulty]}`,
          `Anzahl: genau ${countOf(count, 'Aufgabe', 'Aufgaben')}`,
          'Ihre Schwächen:',
          ...material.slice(0, 20).map(describeMaterial),
        ].join('\n'),
      });
      return toStoredItems(output.items, count);
    },
    async explain(mistake, details) {
      const output = await generateStructured({
        ...call(),
        mode: config.structuredOutput,
        schema: z.object({ explanation: z.string(), tip: z.string() }),
        name: 'explanation',
        system:
          'Du erklärst einer Schülerin kurz (höchstens vier Sätze) einen Fehler aus ihrer bewerteten Arbeit, auf Deutsch und mit du. ' +
          'Nutze nur die Angaben; nenne keine andere richtige Form als die angegebene. Gib dazu einen kurzen Tipp.',
        prompt: [
          `Fach: ${mistake.subject}`,
          `Fehler: ${mistake.error}`,
          mistake.category ? `Art: ${mistake.category}` : '',
          mistake.quoted ? `Ihre Stelle: „${mistake.quoted}“` : '',
          mistake.correction ? `Richtige Form: „${mistake.correction}“` : '',
          details ? `Begründung der Bewertung: ${details}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      });
      const explanation = output.explanation.trim();
      const tip = output.tip.trim();
      if (!explanation || !tip) throw new Error('the model left the explanation empty');
      return { explanation, tip };
    },
    async chat(overview, request) {
      const { text } = await generateText({
        ...call(),
        system:
          'Du bist der Lern-Assistent von Korrigo und hilfst einer Schülerin beim Lernen. Antworte auf Deutsch, mit du, ' +
          'kurz und ermutigend. Stütze dich nur auf ihre Ergebnisse unten; was dort nicht steht, weißt du nicht – sag das dann. ' +
          'Erfinde keine Noten, Punkte oder Termine.\n\nIhre Ergebnisse:\n' +
          summaryOf(overview, request.subject),
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      });
      if (!text.trim()) throw new Error('the model answered with an empty text');
      return text.trim();
    },
  };
}
