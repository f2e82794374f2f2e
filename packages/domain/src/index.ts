export * from './messages';
export * from './account';
export * from './profile';
export * from './api';
export * from './analysis-result';
export * from './analysis-options';
export * from './test';
export * from './grade-scale';
