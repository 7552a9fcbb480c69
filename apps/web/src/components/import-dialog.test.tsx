import type { ImportPreview, ImportResult } from '@huikao/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { ImportDialog, type ImportDialogProps } from './import-dialog.tsx';
import { UiConfigProvider } from './ui-config-provider.tsx';

const PREVIEW: ImportPreview = {
  kind: 'students',
  columns: ['姓名', '性别', '学号', '考号', '班级'],
  rows: [
    { rowNo: 2, values: { 姓名: '张子涵', 性别: '男', 学号: 'S001', 考号: '', 班级: '八年级(1)班' }, errors: [] },
    {
      rowNo: 3,
      values: { 姓名: '', 性别: '女', 学号: 'S002', 考号: '', 班级: '九年级(9)班' },
      errors: ['请填写姓名', '班级“九年级(9)班”不存在'],
    },
    { rowNo: 4, values: { 姓名: '李沐阳', 性别: '女', 学号: 'S003', 考号: '', 班级: '八年级(1)班' }, errors: [] },
  ],
  validCount: 2,
  errorCount: 1,
};

const RESULT: ImportResult = { created: 2, updated: 0, unchanged: 0, skipped: [] };

afterEach(cleanup);

function renderDialog(overrides: Partial<ImportDialogProps> = {}) {
  const props: ImportDialogProps = {
    open: true,
    title: '批量导入学生',
    onClose: vi.fn(),
    onDownloadTemplate: vi.fn(async () => undefined),
    onPreview: vi.fn(async () => PREVIEW),
    onConfirm: vi.fn(async () => RESULT),
    ...overrides,
  };
  render(
    <UiConfigProvider>
      <ImportDialog {...props} />
    </UiConfigProvider>,
  );
  return props;
}

function chooseFile(name: string) {
  const input = screen.getByLabelText('上传文件') as HTMLInputElement;
  const file = new File(['xlsx-bytes'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

describe('ImportDialog', () => {
  it('offers 下载模板 and 上传文件, and 确认导入 only once a file has valid rows', () => {
    const props = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: /下载模板/ }));
    expect(props.onDownloadTemplate).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: /上传文件/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: '确认导入' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('previews every row and marks each problem of a bad row in red', async () => {
    const props = renderDialog();
    const file = chooseFile('学生.xlsx');
    await screen.findByText('请填写姓名');
    expect(props.onPreview).toHaveBeenCalledWith(file, expect.any(Function));

    expect(screen.getByTestId('import-counts').textContent).toContain('共 3 行');
    expect(screen.getByText('可导入 2 行')).toBeTruthy();
    expect(screen.getByText('有错误 1 行')).toBeTruthy();
    for (const message of ['请填写姓名', '班级“九年级(9)班”不存在']) {
      expect(screen.getByText(message).classList.contains('ant-typography-danger')).toBe(true);
    }
    const marked = document.querySelectorAll('tr[data-row-error="true"]');
    expect(marked).toHaveLength(1);
    expect(marked[0]?.textContent).toContain('S002');
    expect(screen.getByText(/有错误的 1 行不会导入/)).toBeTruthy();
    // The values are shown under the template's own column titles.
    for (const title of PREVIEW.columns) expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
  });

  it('commits only the valid rows, as {rowNo, values}, and says what happened', async () => {
    const props = renderDialog();
    chooseFile('学生.xlsx');
    await screen.findByText('请填写姓名');
    fireEvent.click(screen.getByRole('button', { name: '确认导入' }));
    await screen.findByText('导入完成');
    expect(props.onConfirm).toHaveBeenCalledWith([
      { rowNo: 2, values: PREVIEW.rows[0]?.values },
      { rowNo: 4, values: PREVIEW.rows[2]?.values },
    ]);
    expect(screen.getByText('新增 2 条，更新 0 条，未变 0 条，跳过 0 条')).toBeTruthy();
  });

  it('marks the bad cell with its error beside it, and walks from error to error', async () => {
    const preview: ImportPreview = {
      ...PREVIEW,
      rows: [
        PREVIEW.rows[0]!,
        { ...PREVIEW.rows[1]!, cellErrors: { 姓名: ['请填写姓名'], 班级: ['班级“九年级(9)班”不存在'] } },
        PREVIEW.rows[2]!,
      ],
    };
    renderDialog({
      onPreview: vi.fn(async (_file: File, onProgress: (sent: number) => void) => {
        onProgress(1);
        return preview;
      }),
    });
    chooseFile('学生.xlsx');
    await screen.findByText('请填写姓名');
    const marked = [...document.querySelectorAll('td[data-error-key]')];
    expect(marked.map((cell) => cell.getAttribute('title'))).toEqual(['请填写姓名', '班级“九年级(9)班”不存在']);
    expect(marked[1]?.textContent).toContain('九年级(9)班');
    expect(screen.getByTestId('import-error-position').textContent).toBe('共 2 处错误');
    fireEvent.click(screen.getByRole('button', { name: /下一个错误/ }));
    expect(screen.getByTestId('import-error-position').textContent).toBe('第 1 / 2 处错误');
    expect(screen.getByTestId('import-current-error').textContent).toContain('第 3 行“姓名”列：请填写姓名');
    fireEvent.click(screen.getByRole('button', { name: /下一个错误/ }));
    expect(screen.getByTestId('import-current-error').textContent).toContain('“班级”列');
    fireEvent.click(screen.getByRole('button', { name: /上一个错误/ }));
    expect(screen.getByTestId('import-current-error').textContent).toContain('“姓名”列');
  });

  it('refuses anything but .xlsx before sending it', () => {
    const props = renderDialog();
    chooseFile('学生.xls');
    expect(screen.getByText('只能上传 .xlsx 格式的 Excel 文件')).toBeTruthy();
    expect(props.onPreview).not.toHaveBeenCalled();
  });

  it('shows why the server could not read a file, and drops the rows of the previous one', async () => {
    const onPreview = vi
      .fn<ImportDialogProps['onPreview']>()
      .mockResolvedValueOnce(PREVIEW)
      .mockRejectedValueOnce(new ApiError('business', '文件不是有效的 Excel（.xlsx）表格', 400));
    renderDialog({ onPreview });
    chooseFile('学生.xlsx');
    await screen.findByText('请填写姓名');
    chooseFile('坏文件.xlsx');
    await screen.findByText('文件不是有效的 Excel（.xlsx）表格');
    await waitFor(() => expect(screen.queryByText('请填写姓名')).toBeNull());
    expect((screen.getByRole('button', { name: '确认导入' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
