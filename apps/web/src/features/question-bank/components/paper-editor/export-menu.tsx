import { DownOutlined, FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import {
  documentsApi,
  EXPORT_VERSIONS,
  type ExportFileType,
  type ExportVersion,
  exportFormatOf,
  PDF_UNAVAILABLE_MESSAGE,
} from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Flex, Tooltip } from 'antd';
import { useState } from 'react';
import { call, callFile } from '../../../../lib/api-client.ts';
import { saveDownload } from '../../../../lib/download.ts';

export interface ExportMenuProps {
  /** Saves the paper when it has changes (or was never saved) and gives its id; rejects when saving failed. */
  ensureSaved: () => Promise<string>;
}

const VERSIONS = Object.entries(EXPORT_VERSIONS) as [ExportVersion, string][];

/** 导出 Word / 导出 PDF: the four versions of the saved paper; PDF only where the server has LibreOffice. */
export function ExportMenu({ ensureSaved }: ExportMenuProps) {
  const options = useQuery({
    queryKey: ['documents', 'export-options'],
    // A background read: when it fails, PDF stays off with the reason.
    queryFn: ({ signal }) => call(documentsApi.exportOptions, {}, { signal, silent: true }),
    staleTime: 10 * 60 * 1000,
  });
  const [running, setRunning] = useState<ExportFileType | null>(null);

  async function run(version: ExportVersion, fileType: ExportFileType) {
    setRunning(fileType);
    try {
      const userPaperId = await ensureSaved();
      saveDownload(
        await callFile(documentsApi.generateWord, { userPaperId, format: exportFormatOf(version, fileType) }),
      );
    } catch {
      // Shown by the api-client (or by the save).
    } finally {
      setRunning(null);
    }
  }

  const items = (fileType: ExportFileType) =>
    VERSIONS.map(([version, label]) => ({ key: version, label, onClick: () => void run(version, fileType) }));
  const pdfReady = options.data?.pdf === true;
  const pdfReason = options.data?.pdfMessage ?? PDF_UNAVAILABLE_MESSAGE;

  return (
    <Flex gap={8}>
      <Dropdown menu={{ items: items('docx') }} trigger={['click']}>
        <Button icon={<FileWordOutlined />} loading={running === 'docx'}>
          导出 Word <DownOutlined />
        </Button>
      </Dropdown>
      <Tooltip title={pdfReady ? undefined : pdfReason}>
        <span>
          <Dropdown menu={{ items: items('pdf') }} trigger={['click']} disabled={!pdfReady}>
            <Button icon={<FilePdfOutlined />} loading={running === 'pdf'} disabled={!pdfReady}>
              导出 PDF <DownOutlined />
            </Button>
          </Dropdown>
        </span>
      </Tooltip>
    </Flex>
  );
}
