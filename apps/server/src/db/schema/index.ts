export * from './auth';
export * from './profiles';
