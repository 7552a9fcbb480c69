import { PAPER_ORDERS, type PaperSummary } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { CoursePicker, useChosenCourse } from '../components/course-picker.tsx';
import { PaperDetailDrawer } from '../components/paper-detail-drawer.tsx';
import { ALL, initialPaperFilters, PAPER_PAGE_SIZE, type PaperFilters, toPaperRequest } from '../filters.ts';
import { questionBankQueries } from '../queries.ts';

const ORDER_OPTIONS = Object.entries(PAPER_ORDERS).map(([id, label]) => ({ value: Number(id), label }));

/** 试卷选题 (spec §2 paper-topic): the paper library, 50 a page (spec §9), and each paper's content. */
export function PaperTopicPage() {
  const courseId = useChosenCourse();
  const [filters, setFilters] = useState<PaperFilters>(initialPaperFilters);
  const [query, setQuery] = useTableQuery({ pageSize: PAPER_PAGE_SIZE });
  const [params, setParams] = useSearchParams();
  const paperId = params.get('paperId');
  const base = useQuery(questionBankQueries.base(courseId));
  const papers = useQuery(questionBankQueries.papers(courseId ? toPaperRequest(courseId, filters, query) : null));

  const change = (next: Partial<PaperFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setQuery((current) => ({ ...current, currentPage: 1 }));
  };
  const openPaper = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('paperId', id);
        else next.delete('paperId');
        return next;
      },
      { replace: true },
    );

  const choices = (list: { id: string; name: string }[] | undefined) => [
    { value: ALL, label: '全部' },
    ...(list ?? []).map((entry) => ({ value: entry.id, label: entry.name })),
  ];
  const filterSelect = (
    label: string,
    field: keyof Omit<PaperFilters, 'orderId'>,
    options: { value: string; label: string }[],
  ) => (
    <Flex align="center" gap={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Select
        aria-label={label}
        size="small"
        value={filters[field]}
        options={options}
        onChange={(value: string) => change({ [field]: value })}
        style={{ minWidth: 110 }}
      />
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      <PageHeader title="试卷选题" description="按年级、类型、年份和地区查找整卷，打开试卷查看每道试题" />
      <Card size="small">
        <Flex vertical gap={12}>
          <div style={{ maxWidth: 520 }}>
            <CoursePicker />
          </div>
          <Flex wrap gap={16} align="center">
            {filterSelect('年级', 'gradeId', choices(base.data?.grades))}
            {filterSelect('试卷类型', 'paperType', choices(base.data?.paperTypes))}
            {filterSelect(
              '年份',
              'year',
              choices(base.data?.years.map((year) => ({ id: String(year), name: String(year) }))),
            )}
            {filterSelect('地区', 'areaId', choices(base.data?.areas))}
            <Segmented
              aria-label="排序"
              size="small"
              value={filters.orderId}
              options={ORDER_OPTIONS}
              onChange={(orderId) => change({ orderId: Number(orderId) })}
            />
          </Flex>
        </Flex>
      </Card>
      <DataTable<PaperSummary>
        label="试卷列表"
        rowKey="paperId"
        query={query}
        onQueryChange={setQuery}
        page={papers.data}
        loading={papers.isFetching}
        searchPlaceholder="搜索试卷名称"
        emptyText="没有符合条件的试卷"
        columns={[
          {
            key: 'title',
            title: '试卷名称',
            dataIndex: 'title',
            render: (title: string, paper) => (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => openPaper(paper.paperId)}
              >
                {title}
              </Button>
            ),
          },
          { key: 'gradeName', title: '年级', dataIndex: 'gradeName', render: dash },
          { key: 'paperTypeName', title: '类型', dataIndex: 'paperTypeName', render: dash },
          { key: 'year', title: '年份', dataIndex: 'year', render: dash },
          { key: 'areaName', title: '地区', dataIndex: 'areaName', render: dash },
          { key: 'questionCount', title: '题数', dataIndex: 'questionCount' },
          { key: 'totalScore', title: '总分', dataIndex: 'totalScore', render: (score: number) => score || '—' },
          { key: 'timesUsed', title: '组卷次数', dataIndex: 'timesUsed' },
        ]}
        rowActions={(paper) => (
          <Button size="small" onClick={() => openPaper(paper.paperId)}>
            查看
          </Button>
        )}
      />
      <PaperDetailDrawer paperId={paperId} onClose={() => openPaper(null)} />
    </Flex>
  );
}

function dash(value: string | number | null) {
  return value ?? '—';
}
