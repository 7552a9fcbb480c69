import type { StudentPaper } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  Col,
  Descriptions,
  Flex,
  Layout,
  Row,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ScannedSheet } from '../components/scanned-sheet.tsx';
import { useExamContext } from '../exam-context.ts';
import { objectiveTypeName, orDash } from '../exam-labels.ts';
import { MARK_SYMBOLS, questionMark } from '../paper-marks.ts';
import { examQueries } from '../queries.ts';

type PaperQuestion = StudentPaper['questions'][number];

/**
 * 考试详情 (/findStudentDetailPaper?seId=…&studentId=…): one student's scanned sheet (when it was
 * scanned) beside each question's score and chosen option against the key. A student reads their
 * own once published (student/exam); a teacher a student of the classes they may read.
 */
export function StudentPaperPage() {
  const [params] = useSearchParams();
  const { schoolId, type } = useExamContext();
  const seId = params.get('seId') ?? '';
  const studentId = params.get('studentId') ?? '';
  const asStudent = type === 2;
  const paper = useQuery(examQueries.paper(schoolId, seId, studentId, asStudent));

  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }}>
      <Flex vertical gap={16} style={{ maxWidth: 1400, width: '100%', margin: '0 auto' }}>
        {!seId || (!asStudent && !studentId) ? (
          <Alert type="warning" showIcon title="缺少考试或学生，请从考试列表进入" />
        ) : paper.error ? (
          <Alert type="error" showIcon title={`试卷加载失败：${paper.error.message}`} />
        ) : paper.data ? (
          <PaperView
            paper={paper.data}
            sheet={<ScannedSheet schoolId={schoolId} seId={seId} studentId={studentId} asStudent={asStudent} />}
          />
        ) : (
          <Typography.Text type="secondary">加载中…</Typography.Text>
        )}
      </Flex>
    </Layout>
  );
}

function PaperView({ paper, sheet }: { paper: StudentPaper; sheet: ReactNode }) {
  const { token } = theme.useToken();
  const markColors = { right: token.colorSuccess, wrong: token.colorError, partial: token.colorWarning, unscored: '' };
  const showAverage = paper.questions.some((q) => q.gradeAverage !== null);
  const columns: TableColumnsType<PaperQuestion> = [
    { key: 'group', title: '大题', render: (_v, q) => q.groupName ?? '—' },
    { key: 'no', title: '题号', dataIndex: 'questionNo' },
    {
      key: 'type',
      title: '类型',
      render: (_v, q) => (q.kind === 1 ? objectiveTypeName(q.objectiveType) || '客观题' : '主观题'),
    },
    { key: 'answer', title: '正确答案', render: (_v, q) => (q.kind === 1 ? orDash(q.answer) : '—') },
    {
      key: 'choice',
      title: '我的答案',
      render: (_v, q) => (q.kind === 1 ? (q.choice === '' ? '未作答' : orDash(q.choice)) : '—'),
    },
    {
      key: 'score',
      title: '得分',
      render: (_v, q) => {
        const mark = questionMark(q);
        return (
          <Typography.Text strong style={{ color: markColors[mark] || undefined }} data-mark={mark}>
            {MARK_SYMBOLS[mark]} {orDash(q.score)}
          </Typography.Text>
        );
      },
    },
    { key: 'fullMark', title: '满分', dataIndex: 'fullMark' },
    ...(showAverage
      ? [{ key: 'avg', title: '年级平均', render: (_v: unknown, q: PaperQuestion) => orDash(q.gradeAverage) }]
      : []),
    {
      key: 'points',
      title: '知识点',
      render: (_v, q) =>
        q.knowledgePoints.length > 0 ? (
          <Flex gap={4} wrap>
            {q.knowledgePoints.map((point) => (
              <Tag key={point}>{point}</Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {paper.examName} · {paper.courseName}
        </Typography.Title>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 'name', label: '学生', children: paper.student.name },
            { key: 'no', label: '学号', children: paper.student.studentNo },
            { key: 'class', label: '班级', children: paper.student.className },
            {
              key: 'total',
              label: '总分',
              children: paper.absent ? (
                <Tag color="warning">缺考</Tag>
              ) : (
                <span data-testid="paper-total">
                  <Typography.Text strong>{orDash(paper.totalScore)}</Typography.Text> / {paper.fullMark}
                </span>
              ),
            },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="答题卡">{sheet}</Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="逐题得分">
            <Table<PaperQuestion>
              aria-label="逐题得分"
              rowKey="questionId"
              size="small"
              columns={columns}
              dataSource={paper.questions}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: paper.totalScore === null ? '没有成绩' : '本科只录入了总分，没有逐题得分' }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
