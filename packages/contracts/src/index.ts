export * from './auth.ts';
export * from './common.ts';
export * from './endpoint.ts';
export * from './exams.ts';
export * from './password.ts';
export * from './platform.ts';
export * from './question-bank.ts';
export * from './school-base.ts';
