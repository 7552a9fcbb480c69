import { SCORE_RECORD_SOURCES, SCORE_RECORD_STATUS, type ScoreRecord } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { managerQueries, useApproveRecords, useManagerContext, useRejectRecord } from '../manager-queries.ts';
import { ExamDocDeleteButton } from './exam-doc-buttons.tsx';

const STATUS_COLORS: Record<number, string> = { 1: 'warning', 2: 'success', 3: 'default' };

/** old → new of a record: the score, and the chosen letters of an objective question. */
export function changeText(record: ScoreRecord): string {
  const score = (value: number | null) => (value === null ? '空' : String(value));
  const parts = [`${score(record.oldScore)} → ${score(record.newScore)}`];
  if (record.oldChoice !== null || record.newChoice !== null) {
    parts.push(`（${record.oldChoice || '未选'} → ${record.newChoice || '未选'}）`);
  }
  return parts.join('');
}

/**
 * 成绩更正: the score-change records of the school; an administrator applies the selected pending
 * correction requests (待审核) or rejects one.
 */
export function ScoreRecordsPanel() {
  const { schoolId, canEdit } = useManagerContext();
  const { selection } = useCurrentSelection();
  const [status, setStatus] = useState<number | undefined>(1);
  const [seId, setSeId] = useState<string>('');
  const [query, setQuery] = useTableQuery();
  const [selected, setSelected] = useState<string[]>([]);
  const exams = useQuery({
    ...managerQueries.exams(schoolId, {
      schyId: selection?.schoolYear.schyId,
      currentPage: 1,
      pageSize: 100,
    }),
    enabled: selection !== null,
  });
  const records = useQuery(
    managerQueries.records(schoolId, {
      seId: seId || undefined,
      status,
      currentPage: query.currentPage,
      pageSize: query.pageSize,
    }),
  );
  const approve = useApproveRecords();
  const reject = useRejectRecord();

  const subjects = (exams.data?.list ?? []).flatMap((exam) =>
    exam.singleExams.map((single) => ({ value: single.seId, label: `${exam.name} · ${single.courseName}` })),
  );
  const pendingOnPage = (records.data?.list ?? []).filter((record) => record.status === 1).map((r) => r.recordId);
  const allChosen = pendingOnPage.length > 0 && pendingOnPage.every((id) => selected.includes(id));

  async function approveSelected() {
    try {
      const result = await approve.mutateAsync(selected);
      notifySuccess('审核通过', `已更正 ${result.applied} 条成绩`);
      setSelected([]);
    } catch {
      // Shown by the api-client.
    }
  }

  const choose = (next: string[]) => setSelected(next);
  return (
    <DataTable<ScoreRecord>
      label="成绩更正"
      rowKey="recordId"
      query={query}
      onQueryChange={(next) => {
        setQuery(next);
        setSelected([]);
      }}
      page={records.data}
      loading={records.isFetching}
      searchPlaceholder={false}
      emptyText="没有成绩更正记录"
      toolbar={
        <>
          <Select<number | ''>
            aria-label="审核状态"
            value={status ?? ''}
            style={{ width: 120 }}
            onChange={(value) => {
              setStatus(value === '' ? undefined : value);
              setQuery({ ...query, currentPage: 1 });
              setSelected([]);
            }}
            options={[
              { value: '', label: '全部状态' },
              ...Object.entries(SCORE_RECORD_STATUS).map(([value, label]) => ({ value: Number(value), label })),
            ]}
          />
          <Select<string>
            aria-label="考试科目"
            value={seId}
            style={{ width: 260 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={exams.isLoading}
            onChange={(value) => {
              setSeId(value);
              setQuery({ ...query, currentPage: 1 });
              setSelected([]);
            }}
            options={[{ value: '', label: '全部考试科目' }, ...subjects]}
          />
          {canEdit ? (
            <Button
              type="primary"
              disabled={selected.length === 0}
              loading={approve.isPending}
              onClick={() => void approveSelected()}
            >
              通过所选（{selected.length}）
            </Button>
          ) : null}
        </>
      }
      columns={[
        ...(canEdit
          ? [
              {
                key: 'select',
                title: (
                  <Checkbox
                    aria-label="选择本页待审核"
                    checked={allChosen}
                    disabled={pendingOnPage.length === 0}
                    onChange={(event) =>
                      choose(
                        event.target.checked
                          ? [...new Set([...selected, ...pendingOnPage])]
                          : selected.filter((id) => !pendingOnPage.includes(id)),
                      )
                    }
                  />
                ),
                render: (_: unknown, record: ScoreRecord) =>
                  record.status === 1 ? (
                    <Checkbox
                      aria-label={`选择 ${record.studentName} ${record.questionNo ?? '总分'}`}
                      checked={selected.includes(record.recordId)}
                      onChange={(event) =>
                        choose(
                          event.target.checked
                            ? [...selected, record.recordId]
                            : selected.filter((id) => id !== record.recordId),
                        )
                      }
                    />
                  ) : null,
              },
            ]
          : []),
        { key: 'courseName', title: '科目', dataIndex: 'courseName' },
        {
          key: 'student',
          title: '学生',
          render: (_, record) => `${record.studentName}（${record.studentNo}）`,
        },
        { key: 'questionNo', title: '题号', render: (_, record) => record.questionNo ?? '总分' },
        {
          key: 'change',
          title: '原分 → 新分',
          render: (_, record) => <Typography.Text strong>{changeText(record)}</Typography.Text>,
        },
        { key: 'reason', title: '原因', render: (_, record) => record.reason || '—' },
        {
          key: 'source',
          title: '来源',
          render: (_, record) =>
            SCORE_RECORD_SOURCES[record.source as keyof typeof SCORE_RECORD_SOURCES] ?? record.source,
        },
        { key: 'changedBy', title: '修改人', dataIndex: 'changedBy' },
        { key: 'changedAt', title: '时间', render: (_, record) => formatDateTime(record.changedAt) },
        {
          key: 'status',
          title: '状态',
          render: (_, record) => (
            <Tag color={STATUS_COLORS[record.status]}>
              {SCORE_RECORD_STATUS[record.status as keyof typeof SCORE_RECORD_STATUS] ?? record.status}
            </Tag>
          ),
        },
      ]}
      rowActions={
        canEdit
          ? (record) =>
              record.status === 1 ? (
                <Space size={0}>
                  <ExamDocDeleteButton
                    label="驳回"
                    question={`确定驳回${record.studentName}的成绩更正申请吗？`}
                    onDelete={async () => {
                      await reject.mutateAsync(record.recordId);
                      setSelected((current) => current.filter((id) => id !== record.recordId));
                    }}
                  />
                </Space>
              ) : (
                <span>—</span>
              )
          : undefined
      }
    />
  );
}
