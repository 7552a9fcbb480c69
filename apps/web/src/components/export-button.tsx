import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { FileDownload } from '../lib/api-client.ts';
import { saveDownload } from '../lib/download.ts';

export interface ExportButtonProps {
  /** Fetches the file (a `get` file response of the api-client). */
  onExport: () => Promise<FileDownload>;
  disabled?: boolean;
  label?: string;
}

/** 导出: fetches the export and hands it to the browser; failures were already shown by the api-client. */
export function ExportButton({ onExport, disabled, label = '导出' }: ExportButtonProps) {
  const [running, setRunning] = useState(false);
  async function run() {
    setRunning(true);
    try {
      saveDownload(await onExport());
    } catch {
      // Notified by the api-client.
    } finally {
      setRunning(false);
    }
  }
  return (
    <Button icon={<ExportOutlined />} loading={running} disabled={disabled} onClick={() => void run()}>
      {label}
    </Button>
  );
}
