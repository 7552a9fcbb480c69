import { Card, Empty, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header.tsx';
import { BlockProgressTable } from '../components/block-progress-table.tsx';
import { ExamPicker } from '../components/exam-picker.tsx';
import { useExamSummary, useSubjectSummary } from '../monitor-queries.ts';

/** 学科监控: one subject of an exam, its 题块' progress by stage, refreshing every 5 s. */
export function CourseMonitorPage() {
  const [params, setParams] = useSearchParams();
  const meId = params.get('meId') ?? undefined;
  const seId = params.get('seId') ?? undefined;
  const exam = useExamSummary(meId);
  const subject = useSubjectSummary(seId);
  return (
    <>
      <PageHeader
        title="学科监控"
        extra={
          <>
            <ExamPicker value={meId} onChange={(id) => setParams({ meId: id })} />
            <Select
              aria-label="选择学科"
              placeholder="选择学科"
              style={{ minWidth: 140 }}
              value={seId}
              onChange={(id: string) => setParams({ meId: meId ?? '', seId: id })}
              options={(exam.data ?? []).map((s) => ({ value: s.seId, label: s.courseName }))}
            />
          </>
        }
      />
      {seId === undefined ? <Empty description="请选择考试和学科" /> : null}
      {subject.data ? (
        <Card title={subject.data.courseName}>
          <BlockProgressTable blocks={subject.data.blocks} label={`${subject.data.courseName}题块进度`} />
        </Card>
      ) : null}
    </>
  );
}
