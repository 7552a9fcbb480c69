import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

// UI state of the question screens: the stage and course the teacher works in. Kept in
// localStorage so the next visit (and the other question screens) open on the same course.

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
  setStage: (stageCode: number) => void;
  setCourse: (courseId: string) => void;
}

export const QUESTION_BANK_STORE_KEY = 'huikao.question-bank';

export const useQuestionBankStore = create<QuestionBankState>()(
  persist(
    (set) => ({
      stageCode: DEFAULT_STAGE,
      courseId: null,
      setStage: (stageCode) => set({ stageCode, courseId: null }),
      setCourse: (courseId) => set({ courseId }),
    }),
    {
      name: QUESTION_BANK_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ stageCode, courseId }) => ({ stageCode, courseId }),
    },
  ),
);
