import { z } from 'zod';
import { idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// Building blocks of the exams calls (exams.ts, exam-score-calls.ts): the analysis service's
// encrypted body of protocol.md, and the ids every call names.

export const schoolId = idSchema('学校');
export const meId = idSchema('考试');
export const seId = idSchema('科目考试');
export const ids = (field: string) =>
  z
    .array(idSchema(field), { error: `请选择${field}` })
    .min(1, `请选择${field}`)
    .max(5000, `${field}最多5000个`);

/** An encrypted analysis call (under teacher/exam/ unless the name says otherwise). */
export const e = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R, loading = false) =>
  endpoint('analysis', name, { kind: 'encrypted', access: 'session', params: z.object(shape), response, loading });
export const x = (name: string) => `teacher/exam/${name}`;

/** A file answer (export, template): the file itself, never the envelope (protocol.md). */
export const file = z.unknown();
