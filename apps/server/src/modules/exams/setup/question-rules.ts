import { allowedLetters } from '@huikao/stats';
import { badInput, ruleBroken } from '../../../platform/errors.ts';
import type { QuestionValues } from './questions-repo.ts';

// Rules of one question of the structure editor (issue #4 model): an objective question has its
// kind, its options (判断 has none: T/F) and a key of allowed letters, one letter unless 多选; a
// partial mark belongs to 多选 only and is below the full mark. Messages name the question.

export interface QuestionDraft {
  questionNo: string;
  kind: number;
  objectiveType?: number | null;
  optionCount?: number | null;
  answer?: string | null;
  fullMark: number;
  partialMark?: number | null;
  knowledgePoints?: string[];
}

/** The stored values of a valid question (objective fields cleared where they do not apply). */
export function checkQuestion(
  q: QuestionDraft,
): Pick<
  QuestionValues,
  'questionNo' | 'kind' | 'objectiveType' | 'optionCount' | 'answer' | 'fullMark' | 'partialMark'
> {
  const label = `第${q.questionNo}题`;
  const partialMark = q.partialMark ?? null;
  if (q.kind === 2) {
    if (partialMark !== null) throw badInput(`${label}：只有多选题可以设置少选得分`, { field: 'partialMark' });
    return {
      questionNo: q.questionNo,
      kind: 2,
      objectiveType: null,
      optionCount: null,
      answer: null,
      fullMark: q.fullMark,
      partialMark: null,
    };
  }
  const type = q.objectiveType ?? null;
  if (type === null) throw badInput(`${label}：客观题请选择题型（单选、多选或判断）`, { field: 'objectiveType' });
  const optionCount = type === 3 ? null : (q.optionCount ?? null);
  if (type !== 3 && optionCount === null) throw badInput(`${label}：请填写选项个数`, { field: 'optionCount' });
  const answer = (q.answer ?? '').toUpperCase();
  if (answer === '') throw badInput(`${label}：请填写答案`, { field: 'answer' });
  const allowed = allowedLetters(type, optionCount);
  const letters = answer.split('');
  const bad = letters.filter((l) => !allowed.includes(l));
  if (bad.length > 0) {
    throw badInput(`${label}：答案“${answer}”中的 ${bad.join('、')} 不允许，只能是 ${allowed.split('').join('、')}`, {
      field: 'answer',
    });
  }
  if (new Set(letters).size !== letters.length) throw badInput(`${label}：答案中的字母重复`, { field: 'answer' });
  if (type !== 2 && letters.length !== 1) {
    throw badInput(`${label}：${type === 3 ? '判断题' : '单选题'}的答案只能是一个字母`, { field: 'answer' });
  }
  if (partialMark !== null && type !== 2) {
    throw badInput(`${label}：只有多选题可以设置少选得分`, { field: 'partialMark' });
  }
  if (partialMark !== null && partialMark >= q.fullMark) {
    throw badInput(`${label}：少选得分必须小于满分 ${q.fullMark}`, { field: 'partialMark' });
  }
  return {
    questionNo: q.questionNo,
    kind: 1,
    objectiveType: type,
    optionCount,
    answer: [...letters].sort().join(''),
    fullMark: q.fullMark,
    partialMark: type === 2 ? partialMark : null,
  };
}

/** Question numbers are unique within a single exam. */
export function checkUniqueNumbers(numbers: string[]): void {
  const seen = new Set<string>();
  for (const no of numbers) {
    if (seen.has(no)) throw badInput(`题号“${no}”重复`, { field: 'questions' });
    seen.add(no);
  }
}

/**
 * A subjective score is typed, not derived, so a full mark may not drop below a score already
 * given for that question.
 */
export function checkMarkCovers(
  scoreRows: { scores: Record<string, number> }[],
  questionId: number,
  questionNo: string,
  kind: number,
  fullMark: number,
): void {
  if (kind !== 2) return;
  let highest = -1;
  for (const row of scoreRows) highest = Math.max(highest, row.scores[String(questionId)] ?? -1);
  if (highest > fullMark) {
    throw ruleBroken(`第${questionNo}题已有学生得分 ${highest}，满分不能低于该分数`);
  }
}
