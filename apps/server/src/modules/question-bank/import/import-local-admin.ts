import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { registerLocalAdminRoute } from '../../../platform/local-admin.ts';
import { type FileImport, importQuestionBankFiles } from './import-files.ts';

// The import command while the server owns the data folder (import-cli.ts): the same import, done
// by the server on the files the command names (absolute paths on this machine).
const importParams = z.object({
  targets: z
    .array(
      z
        .string()
        .min(1)
        .refine((p) => p.startsWith('/'), '文件路径应为绝对路径'),
    )
    .min(1, '缺少要导入的文件'),
  treeCourse: z.string().min(1).max(50).optional(),
});

export type ImportThroughServer = z.infer<typeof importParams>;

export function registerImportLocalAdminRoute(app: FastifyInstance, db: Db): void {
  registerLocalAdminRoute(app, 'question-bank/import', async (body): Promise<FileImport[]> => {
    const parsed = importParams.safeParse(body);
    if (!parsed.success) throw badInput(parsed.error.issues.map((issue) => issue.message).join('；'));
    try {
      return await importQuestionBankFiles(db, parsed.data.targets, { treeCourse: parsed.data.treeCourse });
    } catch (error) {
      const { code, path } = error as NodeJS.ErrnoException;
      if (code === 'ENOENT' || code === 'EACCES') throw badInput(`服务无法读取文件：${path}`);
      if (error instanceof SyntaxError) throw badInput(`文件不是有效的 JSON：${error.message}`);
      throw error;
    }
  });
}
