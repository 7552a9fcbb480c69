import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Card, Flex, Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { BatchList } from './batch-list.tsx';
import { ExceptionQueue } from './exception-queue.tsx';
import { Reconciliation } from './reconciliation.tsx';
import { scanKeys, scanQueries, useScanContext } from './scan-queries.ts';
import { UploadPanel } from './upload-panel.tsx';

// 扫描 (issue #16), a tab of 试卷制作: upload and recognition progress, the exception queues and
// the reconciliation per exam room, one after another as an administrator works a stack of sheets.
// Counts and reconciliation are polled while any page is still waiting for recognition.

type Section = 'upload' | 'exceptions' | 'reconcile';

export function ScanTab({ seId, meId }: { seId: string; meId: string }) {
  const { schoolId, canScan } = useScanContext();
  const [section, setSection] = useState<Section>('upload');
  const batches = useQuery({
    ...scanQueries.batches(schoolId, seId),
    enabled: canScan && schoolId !== '' && seId !== '',
  });
  const polling = batches.data?.some((b) => !b.deletedAt && b.pages.queued + b.pages.recognising > 0) ?? false;
  const summary = useQuery({ ...scanQueries.summary(schoolId, seId, polling), enabled: canScan && seId !== '' });
  // When the last page is recognised, polling stops: read the counts, queues and rooms once more,
  // or they would show the state of the poll before the last pages' exceptions were written.
  const client = useQueryClient();
  const wasPolling = useRef(false);
  useEffect(() => {
    if (wasPolling.current && !polling) void client.invalidateQueries({ queryKey: scanKeys.all(schoolId, seId) });
    wasPolling.current = polling;
  }, [polling, client, schoolId, seId]);

  if (!canScan) return <Alert type="info" showIcon title="扫描和识别异常处理由学校管理员进行" />;
  return (
    <Flex vertical gap={12}>
      <Segmented<Section>
        value={section}
        onChange={setSection}
        options={[
          { value: 'upload', label: '上传与识别' },
          {
            value: 'exceptions',
            label: (
              <span>
                异常处理 <Badge count={summary.data?.open ?? 0} />
              </span>
            ),
          },
          { value: 'reconcile', label: '考场核对' },
        ]}
      />
      {section === 'upload' ? (
        <>
          <Card size="small" title="上传扫描件">
            <UploadPanel seId={seId} meId={meId} />
          </Card>
          <Card size="small" title="扫描批次">
            <BatchList seId={seId} />
          </Card>
        </>
      ) : section === 'exceptions' ? (
        <ExceptionQueue seId={seId} polling={polling} />
      ) : (
        <Reconciliation seId={seId} polling={polling} />
      )}
    </Flex>
  );
}
