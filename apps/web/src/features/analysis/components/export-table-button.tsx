import { FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { saveDownload } from '../../../lib/download.ts';
import { notifyError } from '../../../lib/notify.ts';
import { type AnyExportTable, sheetOf, workbookBytes, XLSX_TYPE } from '../export-table.ts';

export interface ExportTableButtonProps {
  /** The file's name with its extension (see exportFileName). */
  fileName: string;
  /** The tables, one sheet each (or fetched on click, e.g. every page of a paged list). */
  tables: readonly AnyExportTable[] | (() => Promise<readonly AnyExportTable[]>);
  label?: string;
  disabled?: boolean;
}

/** 导出Excel: writes the tables, as displayed, to an .xlsx in the browser. */
export function ExportTableButton({ fileName, tables, label = '导出Excel', disabled }: ExportTableButtonProps) {
  const [running, setRunning] = useState(false);
  async function run() {
    setRunning(true);
    try {
      const list = typeof tables === 'function' ? await tables() : tables;
      const bytes = await workbookBytes(list.map(sheetOf), fileName.replace(/\.xlsx$/i, ''));
      saveDownload({ blob: new Blob([bytes], { type: XLSX_TYPE }), fileName });
    } catch (cause) {
      // A failed call was already shown by the api-client; anything else is said here.
      if (!(cause instanceof Error && cause.name === 'ApiError')) {
        notifyError('导出失败', cause instanceof Error ? cause.message : undefined);
      }
    } finally {
      setRunning(false);
    }
  }
  return (
    <Button
      className="analysis-no-print"
      icon={<FileExcelOutlined />}
      loading={running}
      disabled={disabled}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}
