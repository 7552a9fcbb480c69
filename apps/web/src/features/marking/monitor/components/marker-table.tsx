import type { MarkerQualityFigures, MarkerRow } from '@huikao/contracts';
import { Button, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { DataTable, pageLocally, useTableQuery } from '../../../../components/data-table.tsx';
import { confirmDialog } from '../../../../lib/notify.ts';
import { usePauseMarker } from '../monitor-queries.ts';
import { percent, points } from './monitor-format.ts';

const ALERT_TEXT = { mean: '均分偏离', agreement: '一致率低' } as const;

/**
 * The per-marker table of 题目监控 (marking.md "Quality"), with pause/resume and 抽查; `quality`
 * adds each marker's 回评抽检 and 标准卷 figures (a query of its own, quality/).
 */
export function MarkerTable({
  blockId,
  markers,
  quality = [],
  onPick,
}: {
  blockId: string;
  markers: MarkerRow[];
  quality?: MarkerQualityFigures[];
  onPick: (userId: string) => void;
}) {
  const [query, setQuery] = useTableQuery();
  const figures = new Map(quality.map((f) => [f.userId, f]));
  const of = (m: MarkerRow) => figures.get(m.userId);
  const pause = usePauseMarker(blockId);
  const page = pageLocally(markers, query, {
    searchText: (m) => m.name,
    sortValue: (m, field) => (m[field as keyof MarkerRow] as number | null) ?? null,
  });
  return (
    <DataTable<MarkerRow>
      label="阅卷教师统计"
      rowKey="userId"
      page={page}
      query={query}
      onQueryChange={setQuery}
      searchPlaceholder="搜索阅卷教师"
      size="small"
      actionsWidth={200}
      rowClassName={(m) => (m.alerts.length > 0 ? 'marker-drift' : '')}
      columns={[
        {
          title: '阅卷教师',
          dataIndex: 'name',
          render: (name: string, m) => (
            <Space size={4}>
              <Button type="link" size="small" onClick={() => onPick(m.userId)}>
                {name}
              </Button>
              {m.leader ? <Tag color="blue">题组长</Tag> : null}
              {m.paused ? <Tag color="orange">已暂停</Tag> : null}
              {m.alerts.map((a) => (
                <Tag key={a} color="red">
                  {ALERT_TEXT[a]}
                </Tag>
              ))}
            </Space>
          ),
        },
        { title: '份数', dataIndex: 'count', sorter: true },
        { title: '均分', dataIndex: 'mean', sorter: true, render: (v: number | null) => points(v) },
        { title: '标准差', dataIndex: 'sd', render: (v: number | null) => points(v) },
        { title: '零分率', dataIndex: 'zeroShare', render: percent },
        { title: '满分率', dataIndex: 'fullShare', render: percent },
        { title: '秒/份', dataIndex: 'secondsPerPaper', render: (v: number | null) => points(v, 1) },
        { title: '误差内一致', dataIndex: 'agreementWithinT', sorter: true, render: percent },
        { title: '完全一致', dataIndex: 'exactAgreement', render: percent },
        { title: '与终分差', dataIndex: 'meanDifferenceToFinal', render: (v: number | null) => points(v) },
        { title: '三评率', dataIndex: 'thirdRate', render: percent },
        { title: '仲裁率', dataIndex: 'arbitrationRate', render: percent },
        { title: '近50份均分', dataIndex: 'recentMean', render: (v: number | null) => points(v) },
        { title: '回评抽检', key: 'selfChecks', render: (_v, m) => of(m)?.selfChecks ?? 0 },
        { title: '回评差', key: 'selfDiff', render: (_v, m) => points(of(m)?.selfMeanAbsDifference ?? null) },
        { title: '标准卷', key: 'seededChecks', render: (_v, m) => of(m)?.seededChecks ?? 0 },
        { title: '标准卷偏差', key: 'seededDev', render: (_v, m) => points(of(m)?.seededMeanDeviation ?? null) },
      ]}
      rowActions={(m) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            loading={pause.isPending && pause.variables?.userId === m.userId}
            onClick={() =>
              m.paused
                ? pause.mutate({ userId: m.userId, paused: false })
                : confirmDialog({
                    title: `暂停 ${m.name} 的阅卷？`,
                    content: '暂停后该教师不能再领取试卷，未提交的试卷立即收回。',
                    onOk: () => pause.mutateAsync({ userId: m.userId, paused: true }),
                  })
            }
          >
            {m.paused ? '恢复' : '暂停'}
          </Button>
          <Link to={`/markCensorInfo?blockId=${blockId}&markerId=${m.userId}`}>
            <Button type="link" size="small">
              抽查
            </Button>
          </Link>
        </Space>
      )}
    />
  );
}
