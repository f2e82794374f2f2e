export {
  detectName,
  matchStudent,
  readName,
  MATCH_THRESHOLD,
  type ReadName,
  type RosterEntry,
  type StudentMatch,
} from './names';
export { splitStack, type DetectedPaper, type SplitOptions, type StackPage } from './split-stack';
export { groupAnswers, normaliseAnswer, type AnswerGroup, type AnswerGroupKind } from './group-answers';
