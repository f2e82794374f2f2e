export * from './auth';
export * from './profiles';
export * from './tests';
export * from './contact';
export * from './updates';
export * from './analysis';
export * from './chat';
export * from './classes';
