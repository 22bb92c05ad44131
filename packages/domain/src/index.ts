export * from './auth';
export * from './contact';
export * from './envelope';
