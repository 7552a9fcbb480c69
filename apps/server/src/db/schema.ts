// Every module's tables, for Drizzle and drizzle-kit. Modules own their schema.ts files; the
// platform owns the tenants and the audit log.

export * from '../modules/analysis/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/curriculum/schema.ts';
export * from '../modules/documents/template/template-schema.ts';
export * from '../modules/exams/schema.ts';
// The desk's tables apart from marking/schema.ts: they reference it, so re-exporting them there would loop.
export * from '../modules/marking/desk/answer-schema.ts';
export * from '../modules/marking/desk/desk-schema.ts';
export * from '../modules/marking/monitor/monitor-schema.ts';
export * from '../modules/marking/monitor/monitor-sums-schema.ts';
export * from '../modules/marking/quality/quality-schema.ts';
export * from '../modules/marking/schema.ts';
export * from '../modules/online-exam/schema.ts';
export * from '../modules/question-bank/schema.ts';
export * from '../modules/scanning/rooms/rooms-schema.ts';
export * from '../modules/scanning/schema.ts';
export * from '../modules/school-base/schema.ts';
export * from '../platform/schema.ts';
