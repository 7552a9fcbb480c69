import { scanningScansApi as api } from '@huikao/contracts';
import { Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callFile } from '../../../lib/api-client.ts';
import { useScanContext } from './scan-queries.ts';

/** A scanned page as stored (makeScan/pageImage), scrollable at its width; the object URL is let go on unmount. */
export function PageImage({ pageId, label, maxHeight = 640 }: { pageId: string; label: string; maxHeight?: number }) {
  const { schoolId } = useScanContext();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    setUrl(null);
    setFailed(false);
    callFile(api.pageImage, { schoolId, pageId }, { signal: controller.signal, silent: true })
      .then((file) => {
        made = URL.createObjectURL(file.blob);
        setUrl(made);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [schoolId, pageId]);

  if (failed) return <Typography.Text type="danger">页面图像读取失败</Typography.Text>;
  if (!url) return <Skeleton.Image active style={{ width: 320, height: 220 }} />;
  return (
    <div style={{ maxHeight, overflow: 'auto', border: '1px solid #f0f0f0', background: '#fff' }}>
      <img src={url} alt={label} style={{ width: '100%', display: 'block' }} />
    </div>
  );
}
