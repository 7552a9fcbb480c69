import type { UserPaperDetail } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { raceToConflict } from '../../../platform/tenancy.ts';
import { createExamFromPaper, type PaperExamInput } from '../../exams/index.ts';
import { createPaperExports } from '../../question-bank/index.ts';
import { createCard, lockSingleExamCard } from './card-create.ts';
import type { CardParams } from './cards-service.ts';

// 用此试卷建考试 (issue #15): the caller's question-bank paper becomes an exam of its course, with
// one question per paper question (numbered in paper order; 大题 from the paper's sections; type,
// marks, key and knowledge points from the bank), the chosen classes' students, and the card, in
// one transaction. The paper is read first, through question-bank's door (another user's paper is
// 403); the exam rules are the exams module's (createExamFromPaper).

type Structure = Pick<PaperExamInput, 'groups' | 'questions'>;

const FULL_WIDTH = /[\uff21-\uff28]/g;

/** The key letters of a choice answer ("A", "AC", "A、C", "A. 因为…"); null when none can be read. */
export function answerLetters(answer: string): string | null {
  const text = answer
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .trim()
    .toUpperCase();
  const list = /^([A-H])(?:[\s,，、;；]*([A-H]))*$/.test(text) ? text.replace(/[^A-H]/g, '') : null;
  const lead = /^([A-H])(?:[.．、:：\s)]|$)/.exec(text)?.[1] ?? null;
  const letters = list ?? lead;
  return letters ? [...new Set(letters)].sort().join('') : null;
}

/** A 判断 answer as T or F (对/错, √/×, 正确/错误, T/F); null when unreadable. */
export function judgeAnswer(answer: string): 'T' | 'F' | null {
  const text = answer.replace(/<[^>]+>/g, '').trim();
  if (/^(T|TRUE|√|✓|对|正确|是)/i.test(text)) return 'T';
  if (/^(F|FALSE|×|✗|X|错|错误|否)/i.test(text)) return 'F';
  return null;
}

export function paperStructure(paper: UserPaperDetail): Structure {
  const bank = new Map(paper.questions.map((q) => [q.quesId, q]));
  const groups: string[] = [];
  const questions: Structure['questions'] = [];
  for (const [groupIndex, section] of paper.paper.sections.entries()) {
    groups.push(section.title);
    for (const item of section.questions) {
      const questionNo = String(questions.length + 1);
      const label = `试卷第 ${questionNo} 题`;
      const q = bank.get(item.quesId);
      if (!q) throw badInput(`${label}已从题库删除或无权查看，请先在组卷中更新试卷`, { field: 'paperId' });
      if (!(item.score > 0)) throw badInput(`${label}的分值须大于 0，请先在组卷中设置分值`, { field: 'paperId' });
      const options = item.edited?.options ?? q.options ?? [];
      const answer = item.edited?.answer ?? q.answer;
      const base = {
        questionNo,
        fullMark: item.score,
        groupIndex,
        knowledgePoints: q.knowledgePoints.map((k) => k.name),
      };
      if (/判断/.test(q.questionTypeName)) {
        const key = judgeAnswer(answer);
        if (!key) throw badInput(`${label}（判断题）的答案“${answer.slice(0, 20)}”不是对或错，请在组卷中修改`);
        questions.push({ ...base, kind: 1, objectiveType: 3, answer: key });
      } else if (options.length >= 2) {
        const key = answerLetters(answer);
        if (!key) {
          throw badInput(`${label}（选择题）的答案“${answer.slice(0, 20)}”读不出选项字母，请在组卷中修改答案`);
        }
        const multiple = key.length > 1 || /多选|不定项/.test(q.questionTypeName);
        questions.push({ ...base, kind: 1, objectiveType: multiple ? 2 : 1, optionCount: options.length, answer: key });
      } else {
        questions.push({ ...base, kind: 2 });
      }
    }
  }
  if (questions.length === 0) throw badInput('试卷没有题目，不能建考试', { field: 'paperId' });
  return { groups, questions };
}

export function createExamFromPaperService(db: Db) {
  const papers = createPaperExports(db);
  return {
    async createExamFromPaper(actor: Actor, p: CardParams<'createExamFromPaper'>) {
      const paper = await papers.paper(actor, p.paperId);
      if (paper.courseId === null) throw badInput('试卷没有学科，请先在组卷中选择学科', { field: 'paperId' });
      const structure = paperStructure(paper);
      return db
        .transaction(async (tx) => {
          const exam = await createExamFromPaper(tx, actor, {
            schoolId: p.schoolId,
            name: p.name,
            schyId: p.schyId,
            termId: p.termId,
            gradeId: p.gradeId,
            courseId: paper.courseId!,
            classIds: p.classIds,
            examDate: p.examDate,
            examType: p.examType,
            ...structure,
          });
          const single = { id: exam.seId, schoolId: Number(p.schoolId) };
          await lockSingleExamCard(tx, single.id);
          const templateId = await createCard(tx, { actor, userId: actor.userId }, single, p.settings ?? {});
          return {
            meId: String(exam.meId),
            seId: String(exam.seId),
            templateId: String(templateId),
            questionCount: structure.questions.length,
            studentCount: exam.studentCount,
          };
        })
        .catch(raceToConflict);
    },
  };
}
