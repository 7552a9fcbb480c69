import type { CardListRow, CardStatus } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  CARD_STATUS_COLORS,
  CARD_STATUS_OPTIONS,
  cardStatusName,
  designerPath,
  layoutText,
  makingPath,
} from '../card-labels.ts';
import { examOptions, inPeriod, PERIOD_OPTIONS, type PeriodFilter } from '../card-list-filter.ts';
import { CardActions } from '../components/card-actions.tsx';
import { useGenerateCard } from '../mutations.ts';
import { cardQueries, useCardContext } from '../queries.ts';

/**
 * 我的答题卡 (/teacher/examMark/my-card): every subject of the exams the user may see, with its
 * card's status (草稿 / 已印刷 / 扫描中) and what can be done with it.
 */
export function MyCardPage() {
  const { schoolId, canManage } = useCardContext();
  const { selection } = useCurrentSelection();
  const [period, setPeriod] = useState<PeriodFilter>('year');
  const [meId, setMeId] = useState<string | undefined>();
  const [status, setStatus] = useState<CardStatus | undefined>();
  const [query, setQuery] = useTableQuery();
  // The whole list once (a school's subjects in a year are a few hundred rows at most); the
  // filters are applied here so switching them is instant.
  const list = useQuery(cardQueries.list(schoolId, {}));
  const rows = (list.data ?? []).filter((row) => inPeriod(row.startDate, selection, period));
  const shown = rows.filter((row) => (!meId || row.meId === meId) && (!status || row.status === status));
  const page = pageLocally(list.data ? shown : undefined, query, {
    searchText: (row) => `${row.examName} ${row.courseName} ${row.gradeName}`,
  });
  const restart = () => setQuery({ ...query, currentPage: 1 });

  const filters = (
    <Space wrap>
      <Segmented<PeriodFilter>
        aria-label="时间范围"
        value={period}
        options={PERIOD_OPTIONS}
        onChange={(value) => {
          setPeriod(value);
          setMeId(undefined);
          restart();
        }}
      />
      <Select<string>
        aria-label="考试"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="全部考试"
        style={{ width: 240 }}
        value={meId}
        onChange={(value) => {
          setMeId(value);
          restart();
        }}
        options={examOptions(rows)}
      />
      <Select<CardStatus>
        aria-label="答题卡状态"
        allowClear
        placeholder="全部状态"
        style={{ width: 120 }}
        value={status}
        onChange={(value) => {
          setStatus(value);
          restart();
        }}
        options={CARD_STATUS_OPTIONS}
      />
    </Space>
  );

  return (
    <Flex vertical gap={8}>
      <PageHeader
        title="我的答题卡"
        description={
          selection
            ? `${selection.schoolYear.name}${period === 'term' ? ` ${selection.term.name}` : ''}的考试科目及其答题卡（可在页面顶部切换学年学期）`
            : '考试各科目的答题卡：生成、设计、下载和打印'
        }
      />
      <DataTable<CardListRow>
        label="答题卡列表"
        rowKey="seId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={list.isFetching}
        searchPlaceholder="输入考试或科目搜索"
        toolbar={filters}
        emptyText="这段时间还没有考试科目：在“我的考试”中建考试，或在“我的试卷”中用试卷建考试"
        columns={[
          {
            key: 'exam',
            title: '考试',
            render: (_v, row) => (
              <Flex vertical>
                <span>{row.examName}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.gradeName} · {row.startDate}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'course',
            title: '科目',
            render: (_v, row) => (
              <Link to={makingPath(row.seId)} data-testid={`making-${row.examName}-${row.courseName}`}>
                {row.courseName}
              </Link>
            ),
          },
          { key: 'questions', title: '题数', dataIndex: 'questionCount', width: 70 },
          { key: 'students', title: '考生', dataIndex: 'studentCount', width: 70 },
          {
            key: 'status',
            title: '状态',
            render: (_v, row) =>
              row.status ? (
                <Tag color={CARD_STATUS_COLORS[row.status]}>
                  {cardStatusName(row.status)} · 第{row.version}版
                </Tag>
              ) : (
                <Typography.Text type="secondary">未生成</Typography.Text>
              ),
          },
          { key: 'layout', title: '版式', render: (_v, row) => layoutText(row.paper, row.columns, row.pageCount) },
        ]}
        actionsWidth={380}
        rowActions={(row) =>
          row.templateId && row.status && row.version !== null ? (
            <CardActions seId={row.seId} templateId={row.templateId} status={row.status} version={row.version} />
          ) : (
            <GenerateButton row={row} enabled={canManage} />
          )
        }
      />
    </Flex>
  );
}

/** A subject without a card: generate it (an administrator) and open the designer. */
function GenerateButton({ row, enabled }: { row: CardListRow; enabled: boolean }) {
  const generate = useGenerateCard();
  const navigate = useNavigate();
  if (!enabled) return <Typography.Text type="secondary">尚未生成</Typography.Text>;
  if (row.questionCount === 0) {
    return <Link to={makingPath(row.seId, 'structure')}>先设置题目</Link>;
  }
  return (
    <Button
      type="link"
      size="small"
      loading={generate.isPending}
      onClick={async () => {
        try {
          await generate.mutateAsync({ seId: row.seId, regenerate: false });
          notifySuccess('答题卡已生成', `${row.examName} ${row.courseName}`);
          navigate(designerPath(row.seId));
        } catch {
          // Shown by the api-client.
        }
      }}
    >
      生成答题卡
    </Button>
  );
}
