import type { AnalysisResult, ChatMessage } from '@korrigo/domain';

/** What the chat companion knows: one stored analysis, its input text, and the conversation so far. */
export type CompanionInput = {
  result: AnalysisResult;
  /** the student's work as it was graded (typed text and text recognised from files) */
  studentText: string;
  question: string;
  /** earlier messages of the same chat, oldest first, without the current question */
  history?: readonly ChatMessage[];
};

/**
 * A companion answers in pieces, so that an LLM's answer reaches the browser while it is being written.
 * The builtin companion yields its whole answer at once. Failures are thrown; the caller turns them into
 * the spec's message.
 */
export type Companion = {
  name: 'builtin' | 'llm';
  reply(input: CompanionInput, options?: { signal?: AbortSignal }): AsyncIterable<string>;
};
