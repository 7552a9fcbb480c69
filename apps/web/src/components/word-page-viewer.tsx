import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { documentsToolsApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { call, callFile } from '../lib/api-client.ts';
import { saveDownload } from '../lib/download.ts';

/** A stored Word file as the tool service names it: an upload of the tool service or an exam document. */
export interface WordSource {
  schoolId: string;
  fileKey?: string;
  examDocId?: string;
  /** Shown in the title. */
  fileName: string;
}

/**
 * A Word file's pages as images (word/preview), converted on the server by LibreOffice, with
 * 打印 (word/wordPrint, a print-ready PDF) and 下载 PDF (word/wordToPDFAndJPG). Shared by the
 * exam-document list and the 文档工具 page.
 */
export function WordPageViewer({ source, onClose }: { source: WordSource | null; onClose: () => void }) {
  const params = source ? { schoolId: source.schoolId, fileKey: source.fileKey, examDocId: source.examDocId } : null;
  const pages = useQuery({
    queryKey: ['tool', 'word-preview', params],
    queryFn: () => call(documentsToolsApi.wordPreview, params!, { silent: true }),
    enabled: params !== null,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);

  async function print() {
    setBusy('print');
    try {
      const file = await callFile(documentsToolsApi.wordPrint, params!);
      const url = URL.createObjectURL(file.blob);
      const opened = window.open(url, '_blank');
      if (!opened) saveDownload(file);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      // Shown by the api-client.
    } finally {
      setBusy(null);
    }
  }

  async function downloadPdf() {
    setBusy('pdf');
    try {
      const converted = await call(documentsToolsApi.wordToPDFAndJPG, params!);
      const link = document.createElement('a');
      link.href = converted.pdfUrl;
      link.download = `${source!.fileName.replace(/\.docx$/i, '')}.pdf`;
      link.click();
    } catch {
      // Shown by the api-client.
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      title={source ? `预览：${source.fileName}` : '预览'}
      open={source !== null}
      onCancel={onClose}
      width={960}
      footer={
        <Space>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'pdf'}
            disabled={!pages.data}
            onClick={() => void downloadPdf()}
          >
            下载 PDF
          </Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            loading={busy === 'print'}
            disabled={!pages.data}
            onClick={() => void print()}
          >
            打印
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      {pages.isFetching ? (
        <Flex vertical align="center" gap={8} style={{ padding: 48 }}>
          <Spin />
          <Typography.Text type="secondary">正在转换文档，请稍候…</Typography.Text>
        </Flex>
      ) : pages.error ? (
        <Alert type="error" showIcon title={pages.error.message} />
      ) : pages.data && pages.data.pages.length > 0 ? (
        <Flex
          vertical
          gap={12}
          className="word-pages"
          style={{ maxHeight: '70vh', overflow: 'auto', background: '#f0f0f0', padding: 12 }}
        >
          <Typography.Text type="secondary">共 {pages.data.pageCount} 页</Typography.Text>
          {pages.data.pages.map((page) => (
            <img
              key={page.page}
              className="word-page"
              src={page.url}
              alt={`第 ${page.page} 页`}
              style={{ width: '100%', background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.15)' }}
            />
          ))}
        </Flex>
      ) : (
        <Empty description="该文档没有可显示的页面" />
      )}
    </Modal>
  );
}
