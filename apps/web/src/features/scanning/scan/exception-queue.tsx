import { RECOGNIZE_EXCEPTION_KINDS, type RecognizeException } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Empty, Flex, List, Pagination, Segmented, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { ExceptionItem } from './exception-item.tsx';
import { scanQueries, useScanContext } from './scan-queries.ts';

// 异常处理 (issue #16 item 3): one queue per exception kind with its open count; the queue on the
// left, the chosen item on the right with its image, what was read and the correction. 确认 (or
// Enter) resolves it and the next one comes up, so a queue is worked through at the keyboard.

const KINDS = Object.entries(RECOGNIZE_EXCEPTION_KINDS).map(([kind, name]) => ({ kind: Number(kind), name }));

export function ExceptionQueue({ seId, polling }: { seId: string; polling: boolean }) {
  const { schoolId } = useScanContext();
  const summary = useQuery(scanQueries.summary(schoolId, seId, polling));
  const [kind, setKind] = useState<number | null>(null);
  const [status, setStatus] = useState(0);
  const [currentPage, setCurrentPage] = useState(1);
  const [index, setIndex] = useState(0);
  // Until a kind is chosen, the first with open exceptions is shown.
  const shownKind = kind ?? summary.data?.kinds.find((k) => k.open > 0)?.kind ?? 1;
  const list = useQuery(scanQueries.exceptions(schoolId, seId, { kind: shownKind, status, currentPage }));
  const items = list.data?.list ?? [];
  const current: RecognizeException | undefined = items[Math.min(index, items.length - 1)];

  const counts = new Map(summary.data?.kinds.map((k) => [k.kind, k]) ?? []);
  return (
    <Flex vertical gap={12}>
      <Tabs
        activeKey={String(shownKind)}
        onChange={(key) => {
          setKind(Number(key));
          setCurrentPage(1);
          setIndex(0);
        }}
        items={KINDS.map(({ kind: k, name }) => ({
          key: String(k),
          label: (
            <span>
              {name}{' '}
              <Badge count={counts.get(k)?.open ?? 0} showZero color={counts.get(k)?.open ? '#fa541c' : '#d9d9d9'} />
            </span>
          ),
        }))}
      />
      <Flex gap={16} align="flex-start">
        <Flex vertical gap={8} style={{ width: 300, flex: '0 0 300px' }}>
          <Segmented<number>
            block
            value={status}
            onChange={(next) => {
              setStatus(next);
              setCurrentPage(1);
              setIndex(0);
            }}
            options={[
              { value: 0, label: `待处理 ${counts.get(shownKind)?.open ?? 0}` },
              { value: 1, label: `已处理 ${counts.get(shownKind)?.resolved ?? 0}` },
            ]}
          />
          <List<RecognizeException>
            aria-label="异常列表"
            size="small"
            bordered
            loading={list.isLoading}
            locale={{ emptyText: status === 0 ? '这一类没有待处理的异常' : '还没有处理过' }}
            style={{ maxHeight: 560, overflow: 'auto' }}
            dataSource={items}
            renderItem={(item, i) => (
              <List.Item
                onClick={() => setIndex(i)}
                style={{ cursor: 'pointer', background: item === current ? '#e6f4ff' : undefined }}
              >
                <Flex vertical>
                  <Typography.Text strong={item === current}>
                    {item.studentName ? `${item.studentName} ` : ''}
                    {item.examNo ?? ''}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.detail}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
          {(list.data?.total ?? 0) > 50 ? (
            <Pagination
              size="small"
              simple
              current={currentPage}
              pageSize={50}
              total={list.data?.total ?? 0}
              onChange={(next) => {
                setCurrentPage(next);
                setIndex(0);
              }}
            />
          ) : null}
        </Flex>
        <div style={{ flex: 1, minWidth: 0 }}>
          {current ? (
            <ExceptionItem
              key={current.exceptionId}
              seId={seId}
              exception={current}
              position={`${Math.min(index, items.length - 1) + 1} / ${items.length}`}
            />
          ) : (
            <Empty description={status === 0 ? '没有待处理的异常' : '没有已处理的异常'} />
          )}
        </div>
      </Flex>
    </Flex>
  );
}
