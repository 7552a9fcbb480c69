import { ImportOutlined } from '@ant-design/icons';
import { examsApi, type ImportPreview, type ImportResult, type ScoreImportPreview } from '@huikao/contracts';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { callFile, callUpload } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExamContext } from '../exam-context.ts';
import { useImportScores } from '../mutations.ts';

export interface ScoreImportButtonProps {
  meId: string;
  seId: string;
  courseName: string;
  disabled?: boolean;
}

const FIXED_COLUMNS = ['学号', '姓名', '班级'];

/**
 * The score preview as the shared import dialog shows it: one sheet (this subject's), its columns
 * after 学号/姓名/班级, each row's cells and errors.
 */
export function previewForDialog(preview: ScoreImportPreview): ImportPreview {
  const sheetColumns = preview.sheets.flatMap((sheet) => sheet.columns);
  const columns = [...FIXED_COLUMNS, ...sheetColumns.filter((c) => !FIXED_COLUMNS.includes(c))];
  return {
    // The dialog never reads `kind`; the score import is not one of the school base kinds.
    kind: 'students',
    columns: [...new Set(columns)],
    rows: preview.rows.map((row) => ({
      rowNo: row.rowNo,
      values: { 学号: row.studentNo, 姓名: row.name, 班级: row.className, ...row.values },
      errors: row.errors,
    })),
    validCount: preview.validCount,
    errorCount: preview.errorCount,
  };
}

/** 导入成绩 of one subject: the platform's template, the checked preview, then the import. */
export function ScoreImportButton({ meId, seId, courseName, disabled }: ScoreImportButtonProps) {
  const { schoolId } = useExamContext();
  const [open, setOpen] = useState(false);
  const commit = useImportScores();
  // The rows to commit keep the sheet they were read from.
  const sheetOfRow = useRef(new Map<number, string>());

  async function preview(file: File): Promise<ImportPreview> {
    const checked = (await callUpload(examsApi.uploadFileParse, { schoolId, meId, seId }, file, {
      silent: true,
    })) as ScoreImportPreview;
    sheetOfRow.current = new Map(checked.rows.map((row) => [row.rowNo, row.sheet]));
    return previewForDialog(checked);
  }

  async function confirm(rows: Array<{ rowNo: number; values: Record<string, string> }>): Promise<ImportResult> {
    const result = await commit.mutateAsync({
      meId,
      seId,
      rows: rows.map((row) => ({
        sheet: sheetOfRow.current.get(row.rowNo) ?? '',
        rowNo: row.rowNo,
        values: row.values,
      })),
    });
    notifySuccess('成绩已导入', `${result.students} 名学生，改动 ${result.changedScores} 个分数`);
    const changed = Math.max(0, result.students - result.unchanged - result.addedStudents);
    return {
      created: result.addedStudents,
      updated: changed,
      unchanged: result.unchanged,
      skipped: result.skipped.map(({ rowNo, errors }) => ({ rowNo, errors })),
    };
  }

  return (
    <>
      <Button icon={<ImportOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        导入成绩
      </Button>
      <ImportDialog
        open={open}
        title={`导入${courseName}成绩`}
        scope={`按模板填写本科目每名学生每道题的得分（客观题可填选项字母），或只填总分。`}
        onClose={() => setOpen(false)}
        onDownloadTemplate={async () =>
          saveDownload(await callFile(examsApi.exportScoreTemplate, { schoolId, meId, seId }))
        }
        onPreview={preview}
        onConfirm={confirm}
      />
    </>
  );
}
