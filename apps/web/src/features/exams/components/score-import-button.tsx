import { ImportOutlined } from '@ant-design/icons';
import { examsApi, type ImportResult, type ScoreImportPreview, type ScoreImportResult } from '@huikao/contracts';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { type DialogPreview, type ImportCommitRow, ImportDialog } from '../../../components/import-dialog.tsx';
import { callFile, callUpload, uploadShare } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExamContext } from '../exam-context.ts';
import { useImportScores } from '../mutations.ts';

export interface ScoreImportButtonProps {
  meId: string;
  /** One subject; absent imports every subject of the exam (one sheet each). */
  seId?: string;
  /** The subject's name, or absent for the whole exam. */
  courseName?: string;
  disabled?: boolean;
}

const FIXED_COLUMNS = ['学号', '姓名', '班级'];

/**
 * The score preview as the shared import dialog shows it: its columns after 学号/姓名/班级, each
 * row's cells and errors; with several sheets (the whole exam) each row names its sheet.
 */
export function previewForDialog(preview: ScoreImportPreview): DialogPreview {
  const severalSheets = preview.sheets.length > 1;
  const sheetColumns = preview.sheets.flatMap((sheet) => sheet.columns);
  const columns = [...FIXED_COLUMNS, ...sheetColumns.filter((c) => !FIXED_COLUMNS.includes(c))];
  return {
    columns: [...new Set(columns)],
    rows: preview.rows.map((row) => ({
      ...(severalSheets ? { sheet: row.sheet } : {}),
      rowNo: row.rowNo,
      values: { 学号: row.studentNo, 姓名: row.name, 班级: row.className, ...row.values },
      errors: row.errors,
      cellErrors: row.cellErrors,
    })),
    validCount: preview.validCount,
    errorCount: preview.errorCount,
  };
}

/**
 * The success notice: students counted once however many subjects (sheets) they appear in; the
 * rows are named only when there are more of them than students.
 */
export function importNotice(result: Pick<ScoreImportResult, 'students' | 'rows' | 'changedScores'>): string {
  const rows = result.rows > result.students ? `（${result.rows} 行成绩）` : '';
  return `${result.students} 名学生${rows}，改动 ${result.changedScores} 个分数`;
}

/** 导入成绩 of one subject: the platform's template, the checked preview, then the import. */
export function ScoreImportButton({ meId, seId, courseName, disabled }: ScoreImportButtonProps) {
  const { schoolId } = useExamContext();
  const [open, setOpen] = useState(false);
  const commit = useImportScores();
  // With one sheet the dialog leaves the sheet out of its rows; the commit still names it.
  const onlySheet = useRef('');

  async function preview(file: File, onUploadProgress: (sent: number) => void): Promise<DialogPreview> {
    const checked = (await callUpload(examsApi.uploadFileParse, { schoolId, meId, seId }, file, {
      silent: true,
      onUploadProgress: uploadShare(onUploadProgress),
    })) as ScoreImportPreview;
    onlySheet.current = checked.sheets[0]?.sheet ?? '';
    return previewForDialog(checked);
  }

  async function confirm(rows: ImportCommitRow[]): Promise<ImportResult> {
    const result = await commit.mutateAsync({
      meId,
      seId,
      rows: rows.map((row) => ({
        sheet: row.sheet ?? onlySheet.current,
        rowNo: row.rowNo,
        values: row.values,
      })),
    });
    notifySuccess('成绩已导入', importNotice(result));
    // The dialog's counts are of rows (one per student and subject), like its preview.
    const changed = Math.max(0, result.rows - result.unchanged - result.addedStudents);
    return {
      created: result.addedStudents,
      updated: changed,
      unchanged: result.unchanged,
      skipped: result.skipped,
    };
  }

  return (
    <>
      <Button icon={<ImportOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {courseName ? '导入成绩' : '导入全部科目'}
      </Button>
      <ImportDialog
        open={open}
        title={courseName ? `导入${courseName}成绩` : '导入全部科目成绩'}
        scope={
          courseName
            ? '按模板填写本科目每名学生每道题的得分（客观题可填选项字母），没有题目结构的科目只填总分。'
            : '模板每个科目一个工作表，按模板填写每名学生每道题的得分（客观题可填选项字母），没有题目结构的科目只填总分。'
        }
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
