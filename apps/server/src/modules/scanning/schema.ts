// The scanning module's tables, one file per sub-folder (re-exported by db/schema.ts).
export * from './cards/card-schema.ts';
