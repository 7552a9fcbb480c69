import { type OnlineExamSummary, onlineExamApi, type SittingRow } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Modal, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { CreateOnlineExamDialog } from '../components/create-online-exam-dialog.tsx';
import { onlineExamKeys, onlineExamQueries } from '../queries.ts';

// 在线考试 (teachers, issue #18): the online exams a teacher made (the school administrator sees
// the school's), 新建在线考试 from a 我的试卷 paper, the sittings monitor with 收卷 and 重新开放
// (administrator), and 公布成绩.

export function OnlineExamManagePage() {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const exams = useQuery(onlineExamQueries.made(schoolId));
  const [creating, setCreating] = useState(false);
  const [watching, setWatching] = useState<OnlineExamSummary | null>(null);
  const queryClient = useQueryClient();
  const release = async (exam: OnlineExamSummary) => {
    await call(onlineExamApi.releaseOnlineExam, { onlineExamId: exam.onlineExamId });
    notifySuccess('成绩已公布');
    await queryClient.invalidateQueries({ queryKey: onlineExamKeys.all });
  };
  const columns: TableColumnsType<OnlineExamSummary> = [
    { key: 'name', title: '考试名称', dataIndex: 'name' },
    { key: 'course', title: '学科', dataIndex: 'courseName' },
    {
      key: 'window',
      title: '开放时间',
      render: (_v, r) => `${formatDateTime(r.opensAt)} 至 ${formatDateTime(r.closesAt)}`,
    },
    { key: 'duration', title: '时长', render: (_v, r) => `${r.durationMinutes} 分钟` },
    { key: 'submitted', title: '交卷', render: (_v, r) => `${r.submittedCount} / ${r.studentCount}` },
    {
      key: 'released',
      title: '成绩',
      render: (_v, r) => (r.releasedAt ? <Tag color="gold">已公布</Tag> : <Tag>未公布</Tag>),
    },
    {
      key: 'action',
      title: '操作',
      render: (_v, r) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setWatching(r)}>
            考试监控
          </Button>
          <Button size="small" onClick={() => void release(r)}>
            {r.releasedAt ? '重新公布' : '公布成绩'}
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="在线考试"
        description="用我的试卷建在线考试，学生在“我的考试”中作答；主观题进入阅卷，客观题交卷即判分"
      />
      <Card
        extra={
          <Button type="primary" onClick={() => setCreating(true)}>
            新建在线考试
          </Button>
        }
      >
        <Table
          rowKey="onlineExamId"
          size="small"
          columns={columns}
          dataSource={exams.data ?? []}
          loading={exams.isLoading}
        />
      </Card>
      {creating ? <CreateOnlineExamDialog onClose={() => setCreating(false)} /> : null}
      {watching ? <MonitorDialog exam={watching} onClose={() => setWatching(null)} /> : null}
    </Flex>
  );
}

function MonitorDialog({ exam, onClose }: { exam: OnlineExamSummary; onClose: () => void }) {
  const rows = useQuery(onlineExamQueries.monitor(exam.onlineExamId));
  const queryClient = useQueryClient();
  const admin = readStoredUser()?.type === 5;
  const act = async (kind: 'force' | 'reopen', row: SittingRow) => {
    const params = { onlineExamId: exam.onlineExamId, studentId: row.studentId };
    if (kind === 'force') await call(onlineExamApi.forceSubmitOnlineExam, params);
    else await call(onlineExamApi.reopenOnlineExam, { ...params, minutes: 10 });
    notifySuccess(kind === 'force' ? '已收卷' : '已重新开放 10 分钟');
    await queryClient.invalidateQueries({ queryKey: onlineExamKeys.monitor(exam.onlineExamId) });
  };
  const STATE = { 'not-started': '未开始', sitting: '作答中', submitted: '已交卷' } as const;
  const columns: TableColumnsType<SittingRow> = [
    { key: 'class', title: '班级', dataIndex: 'className' },
    { key: 'name', title: '姓名', dataIndex: 'name' },
    { key: 'state', title: '状态', render: (_v, r) => STATE[r.state] },
    { key: 'answered', title: '已答题数', dataIndex: 'answered' },
    { key: 'leave', title: '离开页面次数', dataIndex: 'leaveCount' },
    {
      key: 'changed',
      title: '阅后改答',
      render: (_v, r) =>
        r.changedAfterMarking.length > 0 ? (
          <Tooltip title="重新开放后再次交卷时，这些题块的作答已改变，但已批阅的试卷保留原作答与评分">
            <Tag color="warning">{r.changedAfterMarking.join('、')}</Tag>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { key: 'submitted', title: '交卷时间', render: (_v, r) => (r.submittedAt ? formatDateTime(r.submittedAt) : '—') },
    ...(admin
      ? [
          {
            key: 'action',
            title: '操作',
            render: (_v: unknown, r: SittingRow) =>
              r.state === 'sitting' ? (
                <Button size="small" onClick={() => void act('force', r)}>
                  收卷
                </Button>
              ) : r.state === 'submitted' ? (
                <Button size="small" onClick={() => void act('reopen', r)}>
                  重新开放
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <Modal open width={900} title={`考试监控：${exam.name}`} footer={null} onCancel={onClose}>
      <Table rowKey="studentId" size="small" columns={columns} dataSource={rows.data ?? []} loading={rows.isLoading} />
    </Modal>
  );
}
