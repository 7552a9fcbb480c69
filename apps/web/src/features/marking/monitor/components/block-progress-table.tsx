import type { BlockProgress } from '@huikao/contracts';
import { Button, Progress, Tag } from 'antd';
import { Link } from 'react-router';
import { DataTable, pageLocally, useTableQuery } from '../../../../components/data-table.tsx';
import { finishText } from './monitor-format.ts';

const STATUS: Record<number, { text: string; color: string }> = {
  1: { text: '未开始', color: 'default' },
  2: { text: '阅卷中', color: 'processing' },
  3: { text: '已暂停', color: 'warning' },
  4: { text: '已结束', color: 'success' },
};

/** 题块 progress by stage (marking.md "Monitors"), each opening its 题目监控. */
export function BlockProgressTable({ blocks, label }: { blocks: BlockProgress[]; label: string }) {
  const [query, setQuery] = useTableQuery();
  const page = pageLocally(blocks, query, { searchText: (b) => b.blockName });
  return (
    <DataTable<BlockProgress>
      label={label}
      rowKey="blockId"
      page={page}
      query={query}
      onQueryChange={setQuery}
      searchPlaceholder={false}
      size="small"
      columns={[
        { title: '题块', dataIndex: 'blockName' },
        {
          title: '状态',
          dataIndex: 'status',
          render: (s: number) => <Tag color={STATUS[s]?.color}>{STATUS[s]?.text ?? s}</Tag>,
        },
        {
          title: '进度',
          key: 'progress',
          width: 160,
          render: (_, b) => (
            <Progress percent={b.papers === 0 ? 0 : Math.floor((b.final / b.papers) * 100)} size="small" />
          ),
        },
        { title: '试卷', dataIndex: 'papers' },
        { title: '已评完', dataIndex: 'final' },
        { title: '待一评', dataIndex: 'needsFirst' },
        { title: '待二评', dataIndex: 'needsSecond' },
        { title: '三评', dataIndex: 'needsThird' },
        { title: '仲裁', dataIndex: 'needsArbitration' },
        { title: '问题卷', dataIndex: 'openProblems' },
        { title: '剩余评分', dataIndex: 'remainingMarks' },
        { title: '速度(份/时)', dataIndex: 'ratePerHour' },
        { title: '预计完成', key: 'finish', render: (_, b) => finishText(b.predictedFinish, b.remainingMarks) },
      ]}
      rowActions={(b) => (
        <Link to={`/teacher/examMark/ques-monitor?blockId=${b.blockId}`}>
          <Button type="link" size="small">
            题目监控
          </Button>
        </Link>
      )}
    />
  );
}
