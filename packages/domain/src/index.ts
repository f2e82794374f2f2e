import './zod-locale';
export * from './messages';
export * from './account';
export * from './profile';
export * from './api';
export * from './analysis-result';
export * from './analysis-options';
export * from './test';
export * from './grade-scale';
export * from './extraction-messages';
export * from './llm-grading-messages';
export * from './test-creator-messages';
export * from './marketing';
export * from './builtin-grading-messages';
export * from './analysis';
export * from './analysis-screen-messages';
export * from './notifications';
export * from './chat'
