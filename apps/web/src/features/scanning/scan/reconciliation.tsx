import type { RoomScanInfo } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Statistic, Tag, Typography } from 'antd';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { scanQueries, useScanContext } from './scan-queries.ts';

// 考场核对 (issue #16 item 3): per exam room, the students expected against the pages received;
// missing students and pages, extras (pages of no student of the room) and 缺考. A room is 已核对
// when everyone placed in it is scanned or 缺考 and none of its exceptions is open.

const roomName = (room: string | null) => room ?? '未分考场';

export function Reconciliation({ seId, polling }: { seId: string; polling: boolean }) {
  const { schoolId } = useScanContext();
  const info = useQuery(scanQueries.reconcile(schoolId, seId, polling));
  const [query, setQuery] = useTableQuery({ pageSize: 50 });
  const rows = info.data?.rooms;
  const page = pageLocally(rows, query, {
    searchText: (r) => `${roomName(r.room)} ${r.missingStudents.map((s) => `${s.name} ${s.examNo ?? ''}`).join(' ')}`,
  });
  const totals = info.data?.totals;

  return (
    <Flex vertical gap={12}>
      {totals ? (
        <Flex gap={32} wrap>
          <Statistic title="考生" value={totals.examStudents} />
          <Statistic title="应收页" value={totals.expectedPages} />
          <Statistic title="已收页" value={totals.receivedPages} />
          <Statistic title="完整答卷" value={totals.complete} />
          <Statistic title="缺考" value={totals.absent} />
          <Statistic title="未收到" value={totals.missingStudents} />
          <Statistic title="多出的页" value={totals.extras} />
          <Statistic title="待处理异常" value={totals.openExceptions} />
        </Flex>
      ) : null}
      <DataTable<RoomScanInfo>
        label="考场核对"
        rowKey={(r) => roomName(r.room)}
        page={page}
        query={query}
        onQueryChange={setQuery}
        loading={info.isLoading}
        searchPlaceholder="搜索考场或考生"
        emptyText="本科目还没有考生"
        columns={[
          { title: '考场', render: (_: unknown, r) => roomName(r.room), width: 120 },
          { title: '考生', dataIndex: 'examStudents', width: 70 },
          { title: '应收页', dataIndex: 'expectedPages', width: 80 },
          { title: '已收页', dataIndex: 'receivedPages', width: 80 },
          { title: '完整', dataIndex: 'complete', width: 70 },
          {
            title: '未收到',
            width: 80,
            render: (_: unknown, r) =>
              r.missingStudents.length ? <Tag color="red">{r.missingStudents.length}</Tag> : 0,
          },
          {
            title: '缺页',
            width: 70,
            render: (_: unknown, r) => (r.missingPages.length ? <Tag color="orange">{r.missingPages.length}</Tag> : 0),
          },
          {
            title: '多出',
            width: 70,
            render: (_: unknown, r) => (r.extras.length ? <Tag color="orange">{r.extras.length}</Tag> : 0),
          },
          { title: '缺考', dataIndex: 'absent', width: 70 },
          { title: '待处理异常', dataIndex: 'openExceptions', width: 100 },
          {
            title: '状态',
            width: 90,
            render: (_: unknown, r) =>
              r.reconciled ? <Tag color="green">已核对</Tag> : <Tag color="volcano">未核对</Tag>,
          },
        ]}
        expandable={{
          rowExpandable: (r) => r.missingStudents.length + r.missingPages.length + r.extras.length > 0,
          expandedRowRender: (r) => <RoomDetail room={r} />,
        }}
      />
    </Flex>
  );
}

function RoomDetail({ room }: { room: RoomScanInfo }) {
  return (
    <Flex vertical gap={6}>
      {room.missingStudents.length ? (
        <Typography.Text>
          <Typography.Text strong>未收到答题卡：</Typography.Text>
          {room.missingStudents.map((s) => `${s.name}（${s.examNo ?? '无考号'}）`).join('、')}
        </Typography.Text>
      ) : null}
      {room.missingPages.length ? (
        <Typography.Text>
          <Typography.Text strong>缺页：</Typography.Text>
          {room.missingPages.map((s) => `${s.name} 缺第 ${s.pageNos.join('、')} 页`).join('；')}
        </Typography.Text>
      ) : null}
      {room.extras.length ? (
        <Typography.Text>
          <Typography.Text strong>多出的页：</Typography.Text>
          {room.extras
            .map(
              (e) =>
                `扫描页 ${e.pageId}${e.examNo ? `（考号 ${e.examNo}）` : ''} ${e.detail}${e.studentRoom ? `，属于${e.studentRoom}` : ''}`,
            )
            .join('；')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
