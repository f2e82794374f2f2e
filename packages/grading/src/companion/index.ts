export { answerFromResult, builtinCompanion, quoteInContext } from './builtin-companion';
export { createLlmCompanion } from './llm-companion';
export {
  buildCompanionMessages,
  buildCompanionSystemPrompt,
  COMPANION_PROMPT_VERSION,
} from './companion-prompt';
export {
  categoryInfo,
  findTaskRef,
  matchErrors,
  resolveTaskRef,
  taskLabel,
  type CategoryInfo,
  type TaskRef,
} from './result-lookup';
export type { Companion, CompanionInput } from './types';
