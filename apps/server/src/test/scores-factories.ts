import { DEFAULT_SCORE_CONFIG } from '@huikao/contracts';
import { examQuestions, examStudents, multiExams, singleExams } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';

// Exams built with direct inserts (no vitest here, so benches use it too): a multi-exam with its
// single exams, questions and exam students.

export interface QuestionSpec {
  questionNo: string;
  kind: 1 | 2;
  objectiveType?: 1 | 2 | 3;
  optionCount?: number;
  answer?: string;
  fullMark: number;
  partialMark?: number;
}

export interface SubjectSpec {
  courseId: number;
  fullMark: number;
  questions: QuestionSpec[];
}

/** 数学 out of 30: 单选, 多选 (少选 3), 判断, two subjective questions. */
export const MATH_QUESTIONS: QuestionSpec[] = [
  { questionNo: '1', kind: 1, objectiveType: 1, optionCount: 4, answer: 'B', fullMark: 3 },
  { questionNo: '2', kind: 1, objectiveType: 2, optionCount: 4, answer: 'AC', fullMark: 6, partialMark: 3 },
  { questionNo: '3', kind: 1, objectiveType: 3, answer: 'T', fullMark: 2 },
  { questionNo: '4', kind: 2, fullMark: 10 },
  { questionNo: '5', kind: 2, fullMark: 9 },
];

export const DEFAULT_SUBJECTS: SubjectSpec[] = [
  { courseId: 2, fullMark: 30, questions: MATH_QUESTIONS },
  { courseId: 1, fullMark: 120, questions: [] },
];

/** A multi-exam with its single exams, questions and exam students (every student sits every subject). */
export async function makeExam(
  db: Db,
  options: {
    schoolId: number;
    schoolYearId: number;
    termId: number;
    gradeId?: number;
    name?: string;
    status?: number;
    subjects?: SubjectSpec[];
    students: { id: number; classId: number }[];
  },
) {
  const [multi] = await db
    .insert(multiExams)
    .values({
      schoolId: options.schoolId,
      name: options.name ?? '八年级第一次月考',
      schoolYearId: options.schoolYearId,
      termId: options.termId,
      gradeId: options.gradeId ?? 8,
      examType: 1,
      startDate: '2025-10-10',
      endDate: '2025-10-11',
      status: options.status ?? 2,
      settings: { ...DEFAULT_SCORE_CONFIG, classIds: [], elaId: null },
    })
    .returning();
  const subjects = [];
  for (const spec of options.subjects ?? DEFAULT_SUBJECTS) {
    const [single] = await db
      .insert(singleExams)
      .values({
        schoolId: options.schoolId,
        multiExamId: multi!.id,
        courseId: spec.courseId,
        fullMark: spec.fullMark,
        status: Math.min(options.status ?? 2, 3),
      })
      .returning();
    const questions =
      spec.questions.length === 0
        ? []
        : await db
            .insert(examQuestions)
            .values(
              spec.questions.map((q, i) => ({
                schoolId: options.schoolId,
                singleExamId: single!.id,
                questionNo: q.questionNo,
                sortOrder: i + 1,
                kind: q.kind,
                objectiveType: q.objectiveType ?? null,
                optionCount: q.objectiveType === 3 ? null : (q.optionCount ?? (q.kind === 1 ? 4 : null)),
                answer: q.answer ?? null,
                fullMark: q.fullMark,
                partialMark: q.partialMark ?? null,
              })),
            )
            .returning();
    for (let i = 0; i < options.students.length; i += 1000) {
      await db.insert(examStudents).values(
        options.students.slice(i, i + 1000).map((s) => ({
          schoolId: options.schoolId,
          singleExamId: single!.id,
          studentId: s.id,
          classId: s.classId,
        })),
      );
    }
    subjects.push({ single: single!, questions, byNo: new Map(questions.map((q) => [q.questionNo, q])) });
  }
  return { multi: multi!, subjects };
}
