import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { DEMO_QUESTION_BANKS } from '../../apps/server/src/db/seed/demo-questions/index.ts';
import { seedDemoSchool } from '../../apps/server/src/db/seed/demo-school.ts';
import {
  importQuestionDrafts,
  PATH_SEPARATOR,
  type QuestionDraft,
} from '../../apps/server/src/modules/question-bank/index.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';

// The demo seed (seedDemoSchool, with the demo question bank) has no papers, and the shared e2e
// server must not be changed by one flow's data. The question-bank flows therefore run against their
// own instance of the same app: the demo school and question bank, plus one paper filed from demo
// 数学 questions through the server's own importer.

export const DEMO_PAPER_TITLE = '2025年七年级数学上册期末检测卷（示例）';

export interface QuestionBankServer {
  baseURL: string;
  close: () => Promise<void>;
}

export async function startQuestionBankServer(): Promise<QuestionBankServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huikao-e2e-qb-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' });
  const app = await buildApp(config, { logger: false });
  const db = app.platform.database.db;
  await seedDemoSchool(db);
  await importQuestionDrafts(db, demoPaperDrafts());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The first eight 数学 questions of the demo bank, as the seed writes them (same source keys, so
 * they are updated, not added) and filed under one paper, sectioned by question type.
 */
function demoPaperDrafts(): QuestionDraft[] {
  const bank = DEMO_QUESTION_BANKS.find((b) => b.course === '数学');
  if (!bank) throw new Error('demo bank has no 数学');
  const order = new Map<string, number>();
  return bank.questions.slice(0, 8).map((q, index) => {
    order.set(q.type, (order.get(q.type) ?? 0) + 1);
    return {
      sourceKey: `demo:${bank.course}:${q.key}`,
      origin: 'demo',
      courseName: bank.course,
      typeName: q.type,
      difficulty: q.difficulty,
      stem: q.stem,
      options: q.options ?? null,
      answer: q.answer,
      explanation: q.explanation,
      year: q.year,
      areaName: q.area,
      gradeId: q.grade,
      paperTypeName: '期末',
      sourcePaper: DEMO_PAPER_TITLE,
      score: q.options ? 3 : 8,
      knowledgePaths: q.knowledgePoints,
      chapterPaths: q.chapters.map((c) => `${bank.textbook.edition}${PATH_SEPARATOR}${c}`),
      paper: { sourceKey: 'e2e:demo-paper:math-7a', title: DEMO_PAPER_TITLE, section: q.type, order: index + 1 },
    };
  });
}
