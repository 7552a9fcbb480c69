import type { StudentOnlineExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, type TableColumnsType, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/date-format.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { onlineExamQueries } from '../queries.ts';

const BASE = '/student/student-exam-main';
const STATE: Record<StudentOnlineExam['state'], { text: string; color: string }> = {
  upcoming: { text: '未开始', color: 'default' },
  open: { text: '进行中', color: 'processing' },
  sitting: { text: '作答中', color: 'processing' },
  submitted: { text: '已交卷', color: 'success' },
  closed: { text: '已结束', color: 'default' },
  released: { text: '已公布', color: 'gold' },
};

/** 我的考试's online exams: upcoming, open (开始/继续作答), submitted and released (成绩与答案). */
export function StudentOnlineExams() {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const exams = useQuery(onlineExamQueries.mine(schoolId));
  const navigate = useNavigate();
  if (exams.error) return <Alert type="error" showIcon title={`在线考试加载失败：${exams.error.message}`} />;
  if (!exams.data || exams.data.length === 0) return null;
  const columns: TableColumnsType<StudentOnlineExam> = [
    { key: 'name', title: '考试', render: (_v, r) => `${r.name}（${r.courseName}）` },
    {
      key: 'window',
      title: '开放时间',
      render: (_v, r) => `${formatDateTime(r.opensAt)} 至 ${formatDateTime(r.closesAt)}`,
    },
    { key: 'duration', title: '时长', render: (_v, r) => `${r.durationMinutes} 分钟` },
    { key: 'state', title: '状态', render: (_v, r) => <Tag color={STATE[r.state].color}>{STATE[r.state].text}</Tag> },
    {
      key: 'score',
      title: '成绩',
      render: (_v, r) => (r.state === 'released' ? `${r.total ?? '—'} / ${r.fullMark}` : '—'),
    },
    {
      key: 'action',
      title: '操作',
      render: (_v, r) =>
        r.state === 'open' || r.state === 'sitting' ? (
          <Button type="primary" size="small" onClick={() => navigate(`${BASE}/online-exam/${r.onlineExamId}`)}>
            {r.state === 'open' ? '开始作答' : '继续作答'}
          </Button>
        ) : r.state === 'released' ? (
          <Button size="small" onClick={() => navigate(`${BASE}/online-exam-result/${r.onlineExamId}`)}>
            查看成绩与答案
          </Button>
        ) : null,
    },
  ];
  return (
    <Card title="在线考试">
      <Table rowKey="onlineExamId" size="small" pagination={false} columns={columns} dataSource={exams.data} />
    </Card>
  );
}
