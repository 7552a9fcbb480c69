import { Card, Empty, Flex, Statistic } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header.tsx';
import { BlockProgressTable } from '../components/block-progress-table.tsx';
import { ExamPicker } from '../components/exam-picker.tsx';
import { useExamSummary } from '../monitor-queries.ts';

/** 阅卷监控: one exam, every subject's 题块 with their progress, refreshing every 5 s. */
export function MarkMonitorPage() {
  const [params, setParams] = useSearchParams();
  const meId = params.get('meId') ?? undefined;
  const summary = useExamSummary(meId);
  return (
    <>
      <PageHeader title="阅卷监控" extra={<ExamPicker value={meId} onChange={(id) => setParams({ meId: id })} />} />
      {meId === undefined ? <Empty description="请选择考试" /> : null}
      {summary.data?.length === 0 ? <Empty description="该考试还没有题块" /> : null}
      {(summary.data ?? []).map((subject) => {
        const papers = subject.blocks.reduce((s, b) => s + b.papers, 0);
        const final = subject.blocks.reduce((s, b) => s + b.final, 0);
        return (
          <Card
            key={subject.seId}
            title={subject.courseName}
            style={{ marginBottom: 16 }}
            extra={<Link to={`/teacher/examMark/course-monitor?meId=${meId}&seId=${subject.seId}`}>学科监控</Link>}
          >
            <Flex gap={32} style={{ marginBottom: 12 }}>
              <Statistic title="试卷" value={papers} />
              <Statistic title="已评完" value={final} />
              <Statistic title="剩余评分" value={subject.blocks.reduce((s, b) => s + b.remainingMarks, 0)} />
            </Flex>
            <BlockProgressTable blocks={subject.blocks} label={`${subject.courseName}题块进度`} />
          </Card>
        );
      })}
    </>
  );
}
