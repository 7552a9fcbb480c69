import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

// UI state of the question screens: the stage and course the teacher works in. Kept in
// localStorage so the next visit (and the other question screens) open on the same course; until
// the teacher picks one, the screens open on the course they teach (course-picker.tsx).

/** 1 小学, 2 初中, 3 高中 (courses/get stageCode). */
export const STAGES = [
  { code: 1, name: '小学' },
  { code: 2, name: '初中' },
  { code: 3, name: '高中' },
] as const;
export const DEFAULT_STAGE = 2;

export interface QuestionBankState {
  stageCode: number;
  courseId: string | null;
  /** The course was decided (picked by the teacher, or their own course applied once). */
  decided: boolean;
  setStage: (stageCode: number) => void;
  setCourse: (courseId: string) => void;
  /** Opens on this course: the teacher's own, decided; or the stage's first, not. */
  settle: (stageCode: number, courseId: string, decided: boolean) => void;
}

export const QUESTION_BANK_STORE_KEY = 'huikao.question-bank';

export const useQuestionBankStore = create<QuestionBankState>()(
  persist(
    (set) => ({
      stageCode: DEFAULT_STAGE,
      courseId: null,
      decided: false,
      setStage: (stageCode) => set({ stageCode, courseId: null, decided: true }),
      setCourse: (courseId) => set({ courseId, decided: true }),
      settle: (stageCode, courseId, decided) => set({ stageCode, courseId, decided }),
    }),
    {
      name: QUESTION_BANK_STORE_KEY,
      // Version 1 kept the stage's first course chosen for the teacher as if it were theirs: start over.
      version: 2,
      migrate: () => ({ stageCode: DEFAULT_STAGE, courseId: null, decided: false }),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ stageCode, courseId, decided }) => ({ stageCode, courseId, decided }),
    },
  ),
);
