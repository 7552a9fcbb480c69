import { CloudUploadOutlined } from '@ant-design/icons';
import { type ExamImportPreview, type ExamImportResult, fileServiceApi, type ImportResult } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { type DialogPreview, ImportDialog } from '../../../components/import-dialog.tsx';
import { callFile, callUpload, uploadShare } from '../../../lib/api-client.ts';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { saveDownload } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExamContext } from '../exam-context.ts';
import { examKeys } from '../queries.ts';

/** The exam workbook's preview as the shared import dialog shows it: every sheet's rows, named by sheet. */
export function examPreviewForDialog(preview: ExamImportPreview): DialogPreview {
  const columns = [...new Set(preview.sheets.flatMap((s) => s.columns))];
  return {
    columns,
    rows: preview.rows.map((row) => ({
      sheet: row.sheet,
      rowNo: row.rowNo,
      values: row.values,
      errors: row.errors,
      cellErrors: row.cellErrors,
    })),
    validCount: preview.validCount,
    errorCount: preview.errorCount,
  };
}

/**
 * 一键导入考试 on 我的考试: one workbook (考试信息, 题目结构, 学生, one score sheet per subject)
 * previewed row by row in the score import's dialog, then the whole exam created at once in the
 * current school year and term. The same file is sent again to commit (the server checks it again).
 */
export function ExamImportButton() {
  const { schoolId } = useExamContext();
  const { selection } = useCurrentSelection();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const file = useRef<File | null>(null);
  const term = selection ? { schyId: selection.schoolYear.schyId, termId: selection.term.termId } : null;

  async function preview(chosen: File, onUploadProgress: (sent: number) => void): Promise<DialogPreview> {
    file.current = chosen;
    const checked = (await callUpload(fileServiceApi.examImportPreview, { schoolId, ...term! }, chosen, {
      silent: true,
      onUploadProgress: uploadShare(onUploadProgress),
    })) as ExamImportPreview;
    return examPreviewForDialog(checked);
  }

  async function confirm(): Promise<ImportResult> {
    const result = (await callUpload(
      fileServiceApi.examImport,
      { schoolId, ...term! },
      file.current!,
    )) as ExamImportResult;
    await queryClient.invalidateQueries({ queryKey: examKeys.lists(schoolId) });
    notifySuccess(
      '考试已导入',
      `${result.subjects} 个科目、${result.questions} 道题、${result.students} 名学生，${result.changedScores} 个分数`,
    );
    return { created: result.students, updated: 0, unchanged: 0, skipped: [] };
  }

  return (
    <>
      <Button icon={<CloudUploadOutlined />} disabled={!term} onClick={() => setOpen(true)}>
        一键导入考试
      </Button>
      <ImportDialog
        open={open}
        title="一键导入考试"
        scope="一个工作簿建好整场考试：考试信息、题目结构、参加考试的学生和各科成绩。任何一行有错误都不会导入。考试建在页面顶部所选的学年学期。"
        onClose={() => setOpen(false)}
        onDownloadTemplate={async () => saveDownload(await callFile(fileServiceApi.examImportTemplate, { schoolId }))}
        onPreview={preview}
        onConfirm={confirm}
      />
    </>
  );
}
