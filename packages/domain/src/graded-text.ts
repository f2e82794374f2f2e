import type { SavedTest } from './test';

/**
 * The text an analysis was graded against, and that its error offsets point into: the typed text, then the
 * text recognised from the uploaded files (each trimmed, joined by a blank line). Without files
 * (`extractedText` null) the typed text as it was typed. The job builds the engine's input with it, and the
 * result view, the history and the chat show the same text, so an offset means the same everywhere.
 */
export function gradedTextOf(analysis: { inputText: string; extractedText: string | null }): string {
  if (analysis.extractedText === null) return analysis.inputText;
  return [analysis.inputText.trim(), analysis.extractedText.trim()].filter(Boolean).join('\n\n');
}

const letters = 'abcdefghijklmnopqrstuvwxyz';

/**
 * spec 001 §4: a saved test as text: title, subject, grade, topic, objectives, numbered questions with points
 * and lettered options. The analyse screen's preview shows it, and an analysis of a selected test without
 * student work grades it.
 */
export function testToText(test: SavedTest): string {
  const lines = [test.title, `Fach: ${test.subject}`, `Klasse: ${test.grade}`];
  if (test.topic.trim()) lines.push(`Thema: ${test.topic.trim()}`);
  if (test.learningObjectives.trim()) lines.push(`Lernziele: ${test.learningObjectives.trim()}`);
  const questions = [...test.questions].sort((a, b) => a.orderIndex - b.orderIndex);
  questions.forEach((question, index) => {
    lines.push('', `${index + 1}. ${question.text} (${question.points} P.)`);
    question.options.forEach((option, optionIndex) => {
      lines.push(`   ${letters[optionIndex] ?? '-'}) ${option.text}`);
    });
  });
  return lines.join('\n');
}
