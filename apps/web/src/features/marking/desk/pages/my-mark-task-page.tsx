import { MARK_BLOCK_STATUS, type markingApi, type ResultOf } from '@huikao/contracts';
import { Button, Progress, Tag } from 'antd';
import { Link } from 'react-router';
import { DataTable, pageLocally, useTableQuery } from '../../../../components/data-table.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { useMyTasks } from '../desk-queries.ts';

type MyTask = ResultOf<typeof markingApi.myTasks>[number];

const STATUS: Record<number, { text: string; color: string }> = {
  1: { text: '未开始', color: 'default' },
  2: { text: '阅卷中', color: 'processing' },
  3: { text: '已暂停', color: 'warning' },
  4: { text: '已结束', color: 'success' },
};

/** 我的阅卷任务: the teacher's 题块 across exams, with done / quota / remaining and 进入阅卷. */
export function MyMarkTaskPage() {
  const tasks = useMyTasks();
  const [query, setQuery] = useTableQuery();
  const page = pageLocally(tasks.data ?? [], query, { searchText: (t) => `${t.examName} ${t.blockName}` });
  return (
    <>
      <PageHeader title="我的阅卷任务" />
      <DataTable<MyTask>
        label="我的阅卷任务"
        rowKey="blockId"
        page={tasks.data ? page : undefined}
        loading={tasks.isLoading}
        query={query}
        onQueryChange={setQuery}
        searchPlaceholder="搜索考试或题块"
        emptyText="暂无阅卷任务"
        columns={[
          { title: '考试', dataIndex: 'examName' },
          { title: '题块', dataIndex: 'blockName' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: number, t) => (
              <>
                <Tag color={STATUS[s]?.color}>{STATUS[s]?.text ?? s}</Tag>
                {t.paused ? <Tag color="warning">已被暂停</Tag> : null}
                {t.leader ? <Tag color="purple">题组长</Tag> : null}
              </>
            ),
          },
          { title: '已评', dataIndex: 'done' },
          { title: '任务量', dataIndex: 'quota', render: (q: number | null) => q ?? '不限' },
          { title: '剩余', dataIndex: 'remaining' },
          {
            title: '题块进度',
            key: 'block',
            width: 180,
            render: (_, t) => (
              <Progress
                size="small"
                percent={t.blockTotal === 0 ? 0 : Math.floor((t.blockDone / t.blockTotal) * 100)}
                format={() => `${t.blockDone}/${t.blockTotal}`}
              />
            ),
          },
        ]}
        rowActions={(t) =>
          t.status === MARK_BLOCK_STATUS.marking && !t.paused ? (
            <Link to={`/markDetail?blockId=${t.blockId}`}>
              <Button type="link" size="small">
                进入阅卷
              </Button>
            </Link>
          ) : (
            <Button type="link" size="small" disabled>
              进入阅卷
            </Button>
          )
        }
      />
    </>
  );
}
