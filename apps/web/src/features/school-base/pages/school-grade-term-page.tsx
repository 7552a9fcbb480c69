import { PlusOutlined, RiseOutlined } from '@ant-design/icons';
import type { SchoolYearWithTerms, Term } from '@huikao/contracts';
import { Alert, Button, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { formatDateRange } from '../../../lib/date-format.ts';
import { DeleteButton, EditButton } from '../components/row-buttons.tsx';
import { SchoolYearDialog, TermDialog } from '../components/school-year-dialogs.tsx';
import { UpgradeDialog } from '../components/upgrade-dialog.tsx';
import { exportList } from '../excel.ts';
import { useDeleteSchoolYear, useDeleteTerm } from '../mutations.ts';
import { useSchoolContext } from '../school-context.ts';

type TermEditing = { year: SchoolYearWithTerms; term: Term | null } | null;

/** 学年学期: school years with their terms; the current selection is chosen here too. */
export function SchoolGradeTermPage() {
  const { schoolId, canEdit } = useSchoolContext();
  const { selection, years, loading, error, chooseTerm } = useCurrentSelection();
  const deleteYear = useDeleteSchoolYear();
  const deleteTerm = useDeleteTerm();
  const [query, setQuery] = useTableQuery();
  const [editingYear, setEditingYear] = useState<SchoolYearWithTerms | 'new' | null>(null);
  const [editingTerm, setEditingTerm] = useState<TermEditing>(null);
  const [upgrading, setUpgrading] = useState(false);

  // Newest first: at the start of a year the administrator works on the newest one.
  const sorted = [...years].sort((a, b) => b.startDate.localeCompare(a.startDate));
  const page = pageLocally(loading ? undefined : sorted, query, {
    searchText: (year) => [year.name, ...year.terms.map((term) => term.name)].join(' '),
  });
  const currentIndex = sorted.findIndex((year) => year.schyId === selection?.schoolYear.schyId);
  const suggestedUpgrade = currentIndex > 0 ? sorted[currentIndex - 1]?.schyId : undefined;

  function termLine(year: SchoolYearWithTerms, term: Term) {
    const isCurrent = selection?.term.termId === term.termId;
    return (
      <Flex key={term.termId} gap={8} align="center" wrap data-testid={`term-${year.name}-${term.name}`}>
        <Typography.Text strong>{term.name}</Typography.Text>
        <Typography.Text type="secondary">{formatDateRange(term.startDate, term.endDate)}</Typography.Text>
        {isCurrent ? (
          <Tag color="blue">当前学期</Tag>
        ) : (
          <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => chooseTerm(term.termId)}>
            设为当前
          </Button>
        )}
        {canEdit ? (
          <>
            <EditButton onClick={() => setEditingTerm({ year, term })} />
            <DeleteButton
              question={`确定删除${year.name}${term.name}吗？`}
              onDelete={() => deleteTerm.mutateAsync(term.termId)}
            />
          </>
        ) : null}
      </Flex>
    );
  }

  return (
    <Flex vertical>
      <PageHeader title="学年学期" description="学校的学年及其上、下学期。“设为当前”决定各页面显示哪个学期的数据。" />
      {error ? (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`学年学期加载失败：${error.message}`} />
      ) : null}
      <DataTable<SchoolYearWithTerms>
        label="学年"
        rowKey="schyId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={loading}
        searchPlaceholder="搜索学年"
        emptyText={canEdit ? '还没有学年，点击“新增”添加' : '还没有学年'}
        toolbar={
          <>
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditingYear('new')}>
                  新增
                </Button>
                <Button icon={<RiseOutlined />} onClick={() => setUpgrading(true)} disabled={years.length < 2}>
                  学年升级
                </Button>
              </>
            ) : null}
            <ExportButton onExport={() => exportList(schoolId, 'school_years')} />
          </>
        }
        columns={[
          { key: 'name', title: '学年', dataIndex: 'name', width: 160 },
          {
            key: 'dates',
            title: '起止日期',
            width: 220,
            render: (_, year) => formatDateRange(year.startDate, year.endDate),
          },
          {
            key: 'terms',
            title: '学期',
            render: (_, year) =>
              year.terms.length > 0 ? (
                <Flex vertical gap={4}>
                  {[...year.terms].sort((a, b) => a.termNo - b.termNo).map((term) => termLine(year, term))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">还没有学期</Typography.Text>
              ),
          },
        ]}
        rowActions={
          canEdit
            ? (year) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    style={{ paddingInline: 4 }}
                    disabled={year.terms.length >= 2}
                    onClick={() => setEditingTerm({ year, term: null })}
                  >
                    新增学期
                  </Button>
                  <EditButton onClick={() => setEditingYear(year)} />
                  <DeleteButton
                    question={`确定删除${year.name}吗？`}
                    onDelete={() => deleteYear.mutateAsync(year.schyId)}
                  />
                </Space>
              )
            : undefined
        }
      />
      {canEdit ? (
        <>
          <SchoolYearDialog
            open={editingYear !== null}
            year={editingYear === 'new' ? null : editingYear}
            years={years}
            onClose={() => setEditingYear(null)}
          />
          <TermDialog
            open={editingTerm !== null}
            year={editingTerm?.year ?? null}
            term={editingTerm?.term ?? null}
            onClose={() => setEditingTerm(null)}
          />
          <UpgradeDialog
            open={upgrading}
            years={sorted}
            suggestedSchyId={suggestedUpgrade}
            onClose={() => setUpgrading(false)}
          />
        </>
      ) : null}
    </Flex>
  );
}
