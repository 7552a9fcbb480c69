import { randomUUID } from 'node:crypto';
import {
  type BankQuestionInput,
  type ImportedQuestion,
  type QuestionImportPreview,
  type QuestionImportResult,
  SCHOOL_STATUS,
} from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { FileResult, type Upload, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { coursesOfStage } from '../catalogue/catalogue-repo.ts';
import { OBJECTIVE_TYPES } from '../import/import-model.ts';
import { readDocxPaperInWorker } from '../import/parse-docx-paper.ts';
import { buildQuestionTemplate, readQuestionWorkbookInWorker } from '../import/parse-excel-questions.ts';
import type { ReadQuestion } from '../import/parse-question-fields.ts';
import * as write from '../import/write-repo.ts';
import { assertCaller } from '../user/user-owner.ts';
import { type CheckedQuestion, checkInput, loadCatalogue, resolveRead } from './question-input-check.ts';
import { createQuestionPictures } from './question-pictures.ts';
import { ownSchool } from './school-access.ts';
import * as papers from './school-papers-repo.ts';
import { distinctTitles, paperColumns } from './school-papers-service.ts';
import * as repo from './school-questions-repo.ts';
import { questionTokens } from './school-questions-service.ts';

// The question importers (issue #6 item 2): Excel rows and Word papers are read and checked
// against the course (nothing stored), the teacher corrects the preview, and the confirmed
// questions are saved in one transaction: type 5 into the school's bank as drafts to publish
// (a Word paper also filed as a school paper), a teacher into their own questions.

/** The types every course can take, created for a course that has none yet so its import can start. */
const STARTER_TYPES = ['单选题', '多选题', '判断题', '填空题', '解答题'];

export const QUESTION_UPLOADS = {
  excel: { maxBytes: 10 * 1024 * 1024, extensions: ['.xlsx'], typeMessage: '只能上传 .xlsx 格式的 Excel 文件' },
  docx: {
    maxBytes: 20 * 1024 * 1024,
    extensions: ['.docx'],
    typeMessage: '只能上传 .docx 格式的 Word 文件（.doc 请先在 Word 中另存为 .docx）',
  },
} as const;

export function createQuestionImportService(db: Db, storage: FileStorage) {
  const pictures = createQuestionPictures(storage);
  async function courseOf(courseId: string) {
    const id = idOf(courseId, '学科');
    const course = (await coursesOfStage(db, null)).find((c) => c.id === id);
    if (!course) throw badInput('学科不存在');
    return course;
  }

  /** The course's catalogue; a course without question types first gets the starter types. */
  async function catalogueOf(courseId: number) {
    const catalogue = await loadCatalogue(db, courseId);
    if (catalogue.types.length > 0) return catalogue;
    await write.ensureQuestionTypes(
      db,
      STARTER_TYPES.map((name) => ({ courseId, name, objective: OBJECTIVE_TYPES.has(name) })),
    );
    return loadCatalogue(db, courseId);
  }

  function preview(
    fileName: string,
    courseId: number,
    title: string | null,
    questions: ImportedQuestion[],
    notes: string[],
  ): QuestionImportPreview {
    if (questions.length === 0) {
      throw badInput('文件中没有识别到试题：Excel 请按模板填写；Word 试卷的题号请写成“1.”或“1、”', { field: 'file' });
    }
    const errorCount = questions.filter((q) => q.errors.length > 0).length;
    return {
      fileName,
      courseId: String(courseId),
      title,
      questions,
      validCount: questions.length - errorCount,
      errorCount,
      notes,
    };
  }

  /** Checks every input against the course before anything is written; the first problem refuses the save. */
  async function checked(courseId: string, inputs: BankQuestionInput[]) {
    const course = await courseOf(courseId);
    const catalogue = await loadCatalogue(db, course.id);
    const questions = inputs.map((input, i) => checkInput(catalogue, input, `第 ${i + 1} 题`));
    return { courseId: course.id, questions, tokens: questions.map(questionTokens) };
  }

  return {
    async template(courseId: string | undefined): Promise<FileResult> {
      const typeNames = courseId
        ? (await loadCatalogue(db, (await courseOf(courseId)).id)).types.map((t) => t.name)
        : STARTER_TYPES;
      return new FileResult('试题导入模板.xlsx', XLSX_CONTENT_TYPE, await buildQuestionTemplate(typeNames));
    },

    async previewExcel(courseId: string, upload: Upload): Promise<QuestionImportPreview> {
      const course = await courseOf(courseId);
      const rows = await readQuestionWorkbookInWorker(upload.buffer);
      const catalogue = await catalogueOf(course.id);
      const questions = rows.map((row, i) =>
        resolveRead(catalogue, {
          ...row,
          no: i + 1,
          section: null,
          notes: [],
        }),
      );
      return preview(upload.fileName, course.id, null, questions, []);
    },

    /** The paper's pictures are stored for the actor's school as the preview is made (question-pictures.ts). */
    async previewDocx(actor: Actor, courseId: string, upload: Upload): Promise<QuestionImportPreview> {
      const course = await courseOf(courseId);
      const paper = await pictures.keep(actor.schoolId, await readDocxPaperInWorker(upload.buffer));
      const catalogue = await catalogueOf(course.id);
      const questions = paper.questions.map((question) =>
        resolveRead(catalogue, {
          ...question,
          rowNo: null,
          difficulty: 3,
          knowledgeNames: [],
          chapterNames: [],
          year: null,
          gradeId: null,
          errors: [],
        } satisfies ReadQuestion),
      );
      const title = paper.title ?? upload.fileName.replace(/\.docx$/i, '');
      return preview(upload.fileName, course.id, title, questions, paper.notes);
    },

    /** Type 5: into the school's bank as drafts; with `paper`, also filed as a draft school paper. */
    async importToSchool(
      actor: Actor,
      p: {
        schoolId: string;
        courseId: string;
        questions: BankQuestionInput[];
        paper?: { title: string; gradeId?: string; paperTypeId?: string; year?: number };
      },
    ): Promise<QuestionImportResult> {
      const schoolId = ownSchool(actor, p.schoolId);
      const { courseId, questions, tokens } = await checked(p.courseId, p.questions);
      const paper = p.paper ? paperColumns({ ...p.paper, courseId: String(courseId) }) : null;
      const paperTokens = paper ? questionTokens({ stem: paper.title, options: null }) : [];
      return db.transaction(async (tx) => {
        const ids = await repo.insertQuestions(tx, keyed(questions, tokens, `school:${schoolId}`), {
          courseId,
          schoolId,
          ownerId: null,
          origin: 'school',
          status: SCHOOL_STATUS.draft,
        });
        let paperId: number | null = null;
        if (paper) {
          paperId = await papers.insertPaper(tx, {
            ...paper,
            schoolId,
            sourceKey: `school:${schoolId}:paper:${randomUUID()}`,
            tokens: paperTokens,
          });
          await papers.replaceLayout(tx, paperId, sectionsOf(questions, ids));
        }
        return { created: ids.length, quesIds: ids.map(String), paperId: paperId === null ? null : String(paperId) };
      });
    },

    /** A teacher: into their own questions, seen only by them (userquestions/own). */
    async importToUser(
      actor: Actor,
      p: { userId: string; schoolId: string; courseId: string; questions: BankQuestionInput[] },
    ): Promise<QuestionImportResult> {
      assertCaller(actor, p);
      const { courseId, questions, tokens } = await checked(p.courseId, p.questions);
      const ids = await db.transaction((tx) =>
        repo.insertQuestions(tx, keyed(questions, tokens, `user:${actor.userId}`), {
          courseId,
          schoolId: actor.schoolId,
          ownerId: actor.userId,
          origin: 'user',
          status: SCHOOL_STATUS.draft,
        }),
      );
      return { created: ids.length, quesIds: ids.map(String), paperId: null };
    },
  };
}

function keyed(questions: CheckedQuestion[], tokens: string[][], prefix: string) {
  return questions.map((question, i) => ({ question, tokens: tokens[i]!, sourceKey: `${prefix}:${randomUUID()}` }));
}

/** A Word paper's sections in their order: the section each question came under, or its type. */
function sectionsOf(questions: CheckedQuestion[], ids: number[]): papers.SectionLayout[] {
  const sections: papers.SectionLayout[] = [];
  questions.forEach((question, i) => {
    const title = question.section ?? question.typeName;
    let section = sections.at(-1);
    if (section?.title !== title) {
      section = { title, questions: [] };
      sections.push(section);
    }
    section.questions.push({ questionId: ids[i]!, score: question.score });
  });
  return distinctTitles(sections);
}
