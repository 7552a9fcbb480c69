import { Alert, Flex, Spin } from 'antd';
import { forwardRef, useEffect, useState } from 'react';

export interface PdfFrameProps {
  /** The PDF, once loaded. */
  blob: Blob | undefined;
  loading: boolean;
  error: Error | null;
  title: string;
  height: number | string;
}

/**
 * A PDF shown by the browser's own viewer: the preview is the file that will be printed, not a
 * drawing of it. The object URL is released when the PDF changes or the frame goes.
 */
export const PdfFrame = forwardRef<HTMLIFrameElement, PdfFrameProps>(function PdfFrame(
  { blob, loading, error, title, height },
  ref,
) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);

  if (error) return <Alert type="error" showIcon title="PDF 生成失败" description={error.message} />;
  return (
    <Spin spinning={loading} description="正在生成 PDF…">
      <Flex style={{ height, background: '#525659', borderRadius: 4 }}>
        {url ? (
          <iframe
            ref={ref}
            title={title}
            src={url}
            data-testid="card-pdf"
            data-pdf-size={blob?.size}
            style={{ border: 0, width: '100%', height: '100%' }}
          />
        ) : null}
      </Flex>
    </Spin>
  );
});
