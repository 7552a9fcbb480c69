import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportPreview, ImportResult } from '@huikao/contracts';

/** What the dialog shows: any import's checked rows (school base kinds, scores …). */
export type DialogPreview = Omit<ImportPreview, 'kind'>;

import { Alert, Button, Flex, Modal, Progress, Result, Space, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { rowKeyOf } from './import-errors.ts';
import { ImportPreviewTable, PREVIEW_TEXT } from './import-preview-table.tsx';

export const IMPORT_TEXT = {
  download: '下载模板',
  upload: '上传文件',
  reupload: '重新上传',
  confirm: '确认导入',
  done: '完成',
  wrongType: '只能上传 .xlsx 格式的 Excel 文件',
  onlyErrors: PREVIEW_TEXT.onlyErrors,
  noValidRows: PREVIEW_TEXT.noValidRows,
  uploading: '正在上传',
  checking: '上传完成，服务器正在逐行检查…',
  unreadable: '文件未能读取，请检查后重新上传',
} as const;

/** A row to commit: its number in the file and its cells by column title, as the preview read them. */
export interface ImportCommitRow {
  /** Set when the file has several sheets: rows are numbered per sheet. */
  sheet?: string;
  rowNo: number;
  values: Record<string, string>;
}

export interface ImportDialogProps {
  open: boolean;
  /** e.g. 批量导入学生. */
  title: string;
  onClose: () => void;
  /** What the rows go into, e.g. the current term; shown above the steps. */
  scope?: ReactNode;
  onDownloadTemplate: () => Promise<void>;
  /**
   * Reads the file on the server; a rejection's message is shown in the dialog (call it silently).
   * `onProgress` takes the share of the file sent (0–1), as the browser reports it.
   */
  onPreview: (file: File, onProgress: (sent: number) => void) => Promise<DialogPreview>;
  onConfirm: (rows: ImportCommitRow[]) => Promise<ImportResult>;
}

export function summarizeResult(result: ImportResult): string {
  return `新增 ${result.created} 条，更新 ${result.updated} 条，未变 ${result.unchanged} 条，跳过 ${result.skipped.length} 条`;
}

export function validRows(preview: DialogPreview): ImportCommitRow[] {
  return preview.rows
    .filter((row) => row.errors.length === 0)
    .map(({ sheet, rowNo, values }) => (sheet === undefined ? { rowNo, values } : { sheet, rowNo, values }));
}

/**
 * Batch import (issue #3 item 4), the same for every kind: 下载模板 → 上传文件 (.xlsx) → a preview of
 * every row with its errors in red → 确认导入 of the valid rows → what happened. A corrected file can
 * be uploaded again at any time before confirming.
 */
export function ImportDialog({
  open,
  title,
  onClose,
  scope,
  onDownloadTemplate,
  onPreview,
  onConfirm,
}: ImportDialogProps) {
  const [preview, setPreview] = useState<DialogPreview | null>(null);
  const [fileName, setFileName] = useState('');
  const [fileProblem, setFileProblem] = useState('');
  const [busy, setBusy] = useState<'template' | 'preview' | 'confirm' | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  /** Share of the file sent while previewing (real progress from the browser); 1 once it is all sent. */
  const [sent, setSent] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  function reset() {
    setPreview(null);
    setFileName('');
    setFileProblem('');
    setBusy(null);
    setResult(null);
    setSent(0);
  }

  async function run(kind: 'template' | 'confirm', work: () => Promise<void>) {
    setBusy(kind);
    try {
      await work();
    } catch {
      // The api-client has already shown the server's message (titled 错误).
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File) {
    if (!/\.xlsx$/i.test(file.name)) {
      setFileProblem(IMPORT_TEXT.wrongType);
      return;
    }
    // The rows on screen are always the ones of the file named beside the button.
    setPreview(null);
    setFileProblem('');
    setFileName(file.name);
    setSent(0);
    setBusy('preview');
    try {
      setPreview(await onPreview(file, setSent));
    } catch (error) {
      setFileProblem(error instanceof Error && error.message ? error.message : IMPORT_TEXT.unreadable);
    } finally {
      setBusy(null);
    }
  }

  function confirm() {
    if (!preview) return;
    const rows = validRows(preview);
    if (rows.length === 0) return;
    void run('confirm', async () => setResult(await onConfirm(rows)));
  }

  const footer = result ? (
    <Button type="primary" onClick={onClose}>
      {IMPORT_TEXT.done}
    </Button>
  ) : (
    <Space>
      <Button onClick={onClose}>取消</Button>
      <Button
        type="primary"
        disabled={!preview || preview.validCount === 0 || busy === 'preview'}
        loading={busy === 'confirm'}
        onClick={confirm}
      >
        {IMPORT_TEXT.confirm}
      </Button>
    </Space>
  );

  return (
    <Modal
      title={title}
      open={open}
      width={1000}
      onCancel={busy === 'confirm' ? undefined : onClose}
      mask={{ closable: false }}
      footer={footer}
      afterClose={reset}
      destroyOnHidden
    >
      {result ? (
        <ImportResultView result={result} />
      ) : (
        <Flex vertical gap={12}>
          {scope ? <Typography.Text type="secondary">{scope}</Typography.Text> : null}
          <Flex gap={8} align="center" wrap>
            <Button
              icon={<DownloadOutlined />}
              loading={busy === 'template'}
              onClick={() => void run('template', onDownloadTemplate)}
            >
              {IMPORT_TEXT.download}
            </Button>
            {/* A plain file input behind the button: the file goes nowhere but onPreview. */}
            <input
              ref={fileInput}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={IMPORT_TEXT.upload}
              style={{ display: 'none' }}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
            <Button
              type={preview ? 'default' : 'primary'}
              icon={<UploadOutlined />}
              loading={busy === 'preview'}
              onClick={() => fileInput.current?.click()}
            >
              {preview ? IMPORT_TEXT.reupload : IMPORT_TEXT.upload}
            </Button>
            {fileName ? <Typography.Text type="secondary">{fileName}</Typography.Text> : null}
          </Flex>
          {fileProblem ? <Alert type="error" showIcon title={fileProblem} /> : null}
          {busy === 'preview' ? <PreviewProgress sent={sent} /> : null}
          {preview ? (
            <ImportPreviewTable key={fileName} preview={preview} />
          ) : busy === 'preview' ? null : (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              先下载模板，按模板的列填写后上传；上传后会逐行检查，确认无误再导入。
            </Typography.Paragraph>
          )}
        </Flex>
      )}
    </Modal>
  );
}

/**
 * The upload's real progress: the share of bytes the browser has sent. Once all is sent the server
 * reads and checks the rows; that stage is named, not given a made-up percentage.
 */
function PreviewProgress({ sent }: { sent: number }) {
  const percent = Math.floor(sent * 100);
  return (
    <Flex vertical gap={4} data-testid="import-progress">
      <Progress percent={percent} status="active" aria-label={IMPORT_TEXT.uploading} />
      <Typography.Text type="secondary">
        {sent >= 1 ? IMPORT_TEXT.checking : `${IMPORT_TEXT.uploading}（${percent}%）`}
      </Typography.Text>
    </Flex>
  );
}

function ImportResultView({ result }: { result: ImportResult }) {
  return (
    <Result
      status={result.skipped.length > 0 ? 'warning' : 'success'}
      title="导入完成"
      subTitle={summarizeResult(result)}
    >
      {result.skipped.length > 0 ? (
        <Flex vertical gap={4}>
          {result.skipped.map((row) => (
            <Typography.Text key={rowKeyOf(row)} type="danger">
              {row.sheet ? `${row.sheet} ` : ''}第 {row.rowNo} 行：{row.errors.join('；')}
            </Typography.Text>
          ))}
        </Flex>
      ) : null}
    </Result>
  );
}
