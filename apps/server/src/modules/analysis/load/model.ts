import type { LevelBand } from '@huikao/stats';
import type { RunSettings } from './settings.ts';

// What one run's computation works on, loaded once: students as parallel arrays (no per-student
// or per-score objects), one Float64Array per subject and per question column. NaN marks a
// student outside a subject's population (absent, not sitting it, or a zero with excludeZero).

export interface RunMember {
  meId: number;
  name: string;
  schoolId: number;
  gradeId: number;
  gradeName: string;
  startDate: string;
  settings: RunSettings;
}

export interface QuestionInfo {
  /** Question id of the reference structure (the run's first member sitting the course). */
  questionId: string;
  questionNo: string;
  groupName: string | null;
  kind: number;
  objectiveType: number | null;
  answer: string | null;
  fullMark: number;
  knowledgePoints: string[];
  /** Option letters of an objective item ('T','F' for 判断), empty for subjective ones. */
  letters: string[];
}

export interface SubjectData {
  /** The course id (contracts subjectKey). */
  key: string;
  name: string;
  fullMark: number;
  /** The single exam of the course in a school run; null in a union run. */
  seId: string | null;
  /** Each member exam's single exam of the course and its question ids (in `questions` order). */
  papers: Map<number, { seId: string; questionIds: string[] }>;
  /** Score per student, NaN outside the population. */
  score: Float64Array;
  /** 1 where the exam student is marked 缺考 for this subject. */
  absent: Uint8Array;
  questions: QuestionInfo[];
  /**
   * False in a union run whose schools' papers of this course differ (question count, 题号 or full
   * marks): no item statistics then, since columns would not mean the same question.
   */
  itemsComparable: boolean;
  /** One column per question, NaN outside the item population (subject population with question scores). */
  items: Float64Array[];
  /** Objective items only: chosen letters coded as a bit set over `letters` (0 none, CHOICE_OTHER unknown). */
  choices: (Uint16Array | null)[];
}

export const CHOICE_OTHER = 0x8000;

export interface Unit {
  id: string;
  name: string;
}
export interface SchoolUnit extends Unit {
  areaIdx: number;
  meId: number;
}
export interface ClassUnit extends Unit {
  schoolIdx: number;
}

export interface PreviousExam {
  meId: number;
  name: string;
  /** Previous figures by student id and subject key. */
  ranks: Map<number, Map<string, { gradeRank: number | null; classRank: number | null; t: number | null }>>;
  /** Students with a grade rank in the previous exam, per subject key (N of that exam). */
  counts: Map<string, number>;
}

export interface RunData {
  runKey: string;
  union: boolean;
  /** The settings used: a school run's own; a union run takes its first member's (lowest exam id). */
  settings: RunSettings;
  members: RunMember[];
  areas: Unit[];
  schools: SchoolUnit[];
  classes: ClassUnit[];
  /** The grade of a school run (scope 'grade'); the union's name in a union run. */
  top: Unit;
  n: number;
  studentIds: Float64Array;
  names: string[];
  studentNos: string[];
  classOf: Int32Array;
  schoolOf: Int32Array;
  subjects: SubjectData[];
  /** Sum of the subjects sat; NaN for a student absent from every subject. */
  total: Float64Array;
  totalFullMark: number;
  levelScheme: LevelBand[] | null;
  previous: PreviousExam | null;
}
