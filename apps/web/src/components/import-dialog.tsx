import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportPreview, ImportResult, ImportRow } from '@huikao/contracts';

/** What the dialog shows: any import's checked rows (school base kinds, scores …). */
export type DialogPreview = Omit<ImportPreview, 'kind'>;

import { Alert, Button, Flex, Modal, Result, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

export const IMPORT_TEXT = {
  download: '下载模板',
  upload: '上传文件',
  reupload: '重新上传',
  confirm: '确认导入',
  done: '完成',
  wrongType: '只能上传 .xlsx 格式的 Excel 文件',
  onlyErrors: '只看有错误的行',
  noValidRows: '没有可导入的行，请修改文件后重新上传',
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
  /** Reads the file on the server; a rejection's message is shown in the dialog (call it silently). */
  onPreview: (file: File) => Promise<DialogPreview>;
  onConfirm: (rows: ImportCommitRow[]) => Promise<ImportResult>;
}

/** Rows are numbered per sheet, so a multi-sheet file needs the sheet in the key. */
const rowKeyOf = (row: { sheet?: string; rowNo: number }) => `${row.sheet ?? ''}#${row.rowNo}`;

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
  const [onlyErrors, setOnlyErrors] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function reset() {
    setPreview(null);
    setFileName('');
    setFileProblem('');
    setBusy(null);
    setResult(null);
    setOnlyErrors(false);
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
    setOnlyErrors(false);
    setBusy('preview');
    try {
      setPreview(await onPreview(file));
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
          {preview ? (
            <PreviewTable preview={preview} onlyErrors={onlyErrors} onOnlyErrorsChange={setOnlyErrors} />
          ) : (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              先下载模板，按模板的列填写后上传；上传后会逐行检查，确认无误再导入。
            </Typography.Paragraph>
          )}
        </Flex>
      )}
    </Modal>
  );
}

const ERROR_ROW_BACKGROUND = '#fff1f0';

interface PreviewTableProps {
  preview: DialogPreview;
  onlyErrors: boolean;
  onOnlyErrorsChange: (value: boolean) => void;
}

function PreviewTable({ preview, onlyErrors, onOnlyErrorsChange }: PreviewTableProps) {
  const rows = onlyErrors ? preview.rows.filter((row) => row.errors.length > 0) : preview.rows;
  const sheets = preview.rows.some((row) => row.sheet !== undefined);
  const columns: TableColumnsType<ImportRow> = [
    ...(sheets ? [{ key: 'sheet', title: '工作表', dataIndex: 'sheet', width: 96, fixed: 'left' as const }] : []),
    {
      key: 'rowNo',
      title: '行号',
      dataIndex: 'rowNo',
      width: 64,
      fixed: 'left',
      // A fixed cell paints its own background, so the error colour is given to it too.
      onCell: (row) => (row.errors.length > 0 ? { style: { background: ERROR_ROW_BACKGROUND } } : {}),
    },
    ...preview.columns.map((column) => ({
      key: `value:${column}`,
      title: column,
      render: (_: unknown, row: ImportRow) => row.values[column] ?? '',
    })),
    {
      key: 'errors',
      title: '问题',
      render: (_: unknown, row: ImportRow) =>
        row.errors.length > 0 ? (
          <Flex vertical>
            {row.errors.map((error) => (
              <Typography.Text key={error} type="danger">
                {error}
              </Typography.Text>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="success">可导入</Typography.Text>
        ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Space wrap data-testid="import-counts">
          <span>共 {preview.rows.length} 行</span>
          <Tag color="success">可导入 {preview.validCount} 行</Tag>
          <Tag color={preview.errorCount > 0 ? 'error' : 'default'}>有错误 {preview.errorCount} 行</Tag>
        </Space>
        {preview.errorCount > 0 ? (
          <Space>
            <Switch
              size="small"
              checked={onlyErrors}
              onChange={onOnlyErrorsChange}
              aria-label={IMPORT_TEXT.onlyErrors}
            />
            <span>{IMPORT_TEXT.onlyErrors}</span>
          </Space>
        ) : null}
      </Flex>
      {preview.errorCount > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={
            preview.validCount > 0
              ? `有错误的 ${preview.errorCount} 行不会导入。可修改文件后重新上传，或只导入可导入的 ${preview.validCount} 行。`
              : IMPORT_TEXT.noValidRows
          }
        />
      ) : null}
      <Table<ImportRow>
        rowKey={rowKeyOf}
        size="small"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content', y: 360 }}
        onRow={(row) =>
          row.errors.length > 0 ? { 'data-row-error': 'true', style: { background: ERROR_ROW_BACKGROUND } } : {}
        }
        pagination={{
          defaultPageSize: 50,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (n) => `共 ${n} 行`,
        }}
      />
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
