import type { ScanBatch } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Progress, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { scanQueries, useDeleteBatch, useScanContext } from './scan-queries.ts';
import { percentOf } from './upload-plan.ts';

// The exam's batches with their recognition progress (polled while pages wait), who uploaded them,
// and the deleted ones kept as history: a deletion takes the batch's pages out of the scores and
// the reconciliation but keeps its originals (soft delete, with a reason, audited by the server).

export function BatchList({ seId }: { seId: string }) {
  const { schoolId } = useScanContext();
  const batches = useQuery(scanQueries.batches(schoolId, seId));
  const remove = useDeleteBatch(seId);
  const [query, setQuery] = useTableQuery({ pageSize: 20 });
  const [deleting, setDeleting] = useState<ScanBatch | null>(null);
  const [reason, setReason] = useState('');
  const page = pageLocally(batches.data, query, {
    searchText: (b) => `${b.room ?? ''} ${b.createdByName} ${b.createdAt}`,
  });

  return (
    <>
      <DataTable<ScanBatch>
        label="扫描批次"
        rowKey="batchId"
        page={page}
        query={query}
        onQueryChange={setQuery}
        loading={batches.isLoading}
        searchPlaceholder="搜索考场或上传人"
        emptyText="还没有上传扫描件"
        rowClassName={(b) => (b.deletedAt ? 'scan-batch-deleted' : '')}
        columns={[
          { title: '批次', dataIndex: 'batchId', width: 80 },
          { title: '考场', dataIndex: 'room', width: 110, render: (room: string | null) => room ?? '未指定' },
          {
            title: '文件',
            width: 170,
            render: (_: unknown, b) => (
              <Space size={4} wrap>
                <span>{b.files.stored} 个</span>
                {b.files.duplicate ? <Tag color="orange">重复 {b.files.duplicate}</Tag> : null}
                {b.files.refused ? <Tag color="red">拒收 {b.files.refused}</Tag> : null}
              </Space>
            ),
          },
          {
            title: '识别进度',
            width: 240,
            render: (_: unknown, b) =>
              b.deletedAt ? (
                <Tag>已删除</Tag>
              ) : (
                <Space direction="vertical" size={0} style={{ width: '100%' }}>
                  <Progress
                    size="small"
                    aria-label={`批次${b.batchId}识别进度`}
                    percent={percentOf(b.pages.done + b.pages.failed, b.pages.total)}
                    status={b.pages.failed ? 'exception' : b.pages.queued + b.pages.recognising ? 'active' : 'success'}
                  />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    已识别 {b.pages.done} / {b.pages.total} 页{b.pages.failed ? `，失败 ${b.pages.failed}` : ''}
                  </Typography.Text>
                </Space>
              ),
          },
          {
            title: '待处理异常',
            dataIndex: 'openExceptions',
            width: 100,
            render: (n: number) => (n ? <Tag color="volcano">{n}</Tag> : '—'),
          },
          {
            title: '上传',
            width: 190,
            render: (_: unknown, b) => `${b.createdByName} ${formatDateTime(b.createdAt)}`,
          },
          {
            title: '删除',
            render: (_: unknown, b) => (b.deletedAt ? `${b.deletedByName ?? ''}：${b.deleteReason ?? ''}` : null),
          },
        ]}
        actionsWidth={90}
        rowActions={(b) =>
          b.deletedAt ? null : (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => {
                setReason('');
                setDeleting(b);
              }}
            >
              删除
            </Button>
          )
        }
      />
      <Modal
        title={deleting ? `删除批次 ${deleting.batchId}` : ''}
        open={deleting !== null}
        okText="删除"
        okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
        confirmLoading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onOk={() =>
          deleting &&
          remove.mutate(
            { batchId: deleting.batchId, reason: reason.trim() },
            {
              onSuccess: () => {
                setDeleting(null);
                notifySuccess('批次已删除', '原件保留在历史中，成绩和核对不再计入本批');
              },
            },
          )
        }
      >
        <Typography.Paragraph type="secondary">
          本批的页面将不再计入成绩和考场核对；原始扫描件保留，直到本场考试的成绩被删除。
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="删除原因"
          placeholder="删除原因（必填）"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
