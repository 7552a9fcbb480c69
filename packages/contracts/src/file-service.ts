import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { file, meId, schoolId } from './exam-call-kit.ts';

// The file service (spec §7 /cg_exam_szy, issue #19 part 2): JSON bodies, file answers.

export const fileServiceApi = {
  /** 考务安排 of a multi exam as Word: subjects and dates, rooms with location, seats, examinees and 监考教师. */
  wordExportInfo: endpoint('file', 'pk/wordExportInfo', {
    kind: 'json',
    access: 'session',
    params: z.object({ schoolId, meId }),
    response: file,
    loading: true,
  }),
};
