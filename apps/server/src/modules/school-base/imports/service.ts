import type { ImportKind, ImportPreview, ImportResult } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { FileResult, type Upload, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import { auditWrite, type CallParams, optionalIdOf, raceToConflict, schoolOf } from '../access.ts';
import { initialPasswordHashes } from '../accounts/initial-password.ts';
import { IMPORT_COLUMNS, IMPORT_KIND_NAMES, normaliseTitle } from '../excel/columns.ts';
import { readImportSheetInWorker } from '../excel/read.ts';
import { buildTemplate } from '../excel/template.ts';
import { findSchool } from '../repo.ts';
import { type AccountPassword, applyPlan } from './apply.ts';
import { schoolCatalogue } from './lookup-repo.ts';
import { type ImportPlan, type ImportRequest, type PlanOptions, planImport } from './plan.ts';

// Excel import of school base data (issue #3 item 4): template, preview of an uploaded file, and
// the batch add that commits it. Parsing and checks run before the transaction; the transaction
// only writes, in bulk, every valid row or none.

export interface RunOptions extends PlanOptions {
  /** Hashes the password of `count` accounts, one hash each; called at most once per batch, before the transaction. */
  password: (count: number) => Promise<AccountPassword>;
  /** Who to write the audit entry for (the seed has no actor). */
  audit?: { actor: Actor; ip: string };
}

/** How many accounts the plan opens or gives back: each needs its own password hash. */
const passwordsNeeded = (plan: ImportPlan) =>
  plan.rows.filter((row) => {
    const record = row.record as { account?: { kind: string; restore?: boolean } | null } | undefined;
    return (
      row.errors.length === 0 &&
      (record?.account?.kind === 'new' || (record?.account?.kind === 'reuse' && record.account.restore))
    );
  }).length;

function resultOf(plan: ImportPlan): ImportResult {
  const result: ImportResult = { created: 0, updated: 0, unchanged: 0, skipped: [] };
  for (const row of plan.rows) {
    if (row.errors.length > 0 || !row.change) result.skipped.push({ rowNo: row.rowNo, errors: row.errors });
    else if (row.change === 'create') result.created++;
    else if (row.change === 'update') result.updated++;
    else result.unchanged++;
  }
  return result;
}

/**
 * Checks the rows and commits every valid one in one transaction (all or nothing on a database
 * failure). Used by the batch add calls and by the demo seed, so both write the same way.
 */
export async function runImport(db: Db, request: ImportRequest, options: RunOptions): Promise<ImportResult> {
  const plan = await planImport(db, request, options);
  const needed = passwordsNeeded(plan);
  const password = needed > 0 ? await options.password(needed) : null;
  if (!plan.rows.some((r) => r.errors.length === 0 && (r.change === 'create' || r.change === 'update'))) {
    return resultOf(plan);
  }
  return db
    .transaction(async (tx) => {
      await applyPlan(tx, plan, { password });
      const result = resultOf(plan);
      if (options.audit) {
        const { created, updated, unchanged, skipped } = result;
        await auditWrite(tx, options.audit.actor, `import.${request.kind}`, `school:${request.schoolId}`, {
          after: { created, updated, unchanged, skipped: skipped.length, termId: request.termId },
        });
      }
      return result;
    })
    .catch(raceToConflict);
}

export function createImportService(db: Db) {
  return {
    async template(actor: Actor, p: CallParams<'importTemplate'>): Promise<FileResult> {
      const schoolId = schoolOf(actor, p.schoolId);
      const catalogue = (await schoolCatalogue(db, schoolId))!;
      const taught = new Set([...catalogue.gradeCourses.values()].flatMap((set) => [...set]));
      const gradeOrder = new Map(catalogue.grades.map((g, index) => [g.id, index]));
      const buffer = await buildTemplate(p.kind, {
        schoolName: (await findSchool(db, schoolId))?.name,
        gradeNames: catalogue.grades.filter((g) => g.schoolGradeId !== null).map((g) => g.name),
        courseNames: catalogue.courses.filter((c) => taught.has(c.id)).map((c) => c.name),
        classNames: catalogue.activeClasses
          .map((c) => ({ name: c.name, order: gradeOrder.get(c.gradeId) ?? 0 }))
          .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'zh-CN', { numeric: true }))
          .map((c) => c.name),
      });
      return new FileResult(`${IMPORT_KIND_NAMES[p.kind]}导入模板.xlsx`, XLSX_CONTENT_TYPE, buffer);
    },

    /** Reads the file and checks every row against the school's data; writes nothing. */
    async preview(actor: Actor, p: CallParams<'importPreview'>, upload: Upload): Promise<ImportPreview> {
      const schoolId = schoolOf(actor, p.schoolId);
      const sheet = await readImportSheetInWorker(upload.buffer, IMPORT_COLUMNS[p.kind]);
      const plan = await planImport(
        db,
        { schoolId, kind: p.kind, termId: optionalIdOf(p.termId, '学期'), rows: sheet.rows },
        { actorUserId: actor.userId },
      );
      const rows = plan.rows.map(({ rowNo, values, errors }) => ({ rowNo, values, errors }));
      const errorCount = rows.filter((r) => r.errors.length > 0).length;
      return { kind: p.kind, columns: sheet.columns, rows, validCount: rows.length - errorCount, errorCount };
    },

    /** The batch add calls: the same checks again, server-side, then the commit. */
    async commit(actor: Actor, kind: ImportKind, p: CallParams<'batchAddStudents'>, ip: string): Promise<ImportResult> {
      const schoolId = schoolOf(actor, p.schoolId);
      const rows = p.rows.map((row, index) => ({
        // Without row numbers, count as the sheet does: the header is row 1.
        rowNo: row.rowNo ?? index + 2,
        values: Object.fromEntries(Object.entries(row.values).map(([title, value]) => [normaliseTitle(title), value])),
      }));
      return runImport(
        db,
        { schoolId, kind, termId: optionalIdOf(p.termId, '学期'), rows },
        {
          actorUserId: actor.userId,
          password: async (count) => ({ hashes: await initialPasswordHashes(count), mustChange: true }),
          audit: { actor, ip },
        },
      );
    },
  };
}
