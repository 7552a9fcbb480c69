import { PrinterOutlined } from '@ant-design/icons';
import type { StudentExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, InputNumber, Select, Skeleton } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header.tsx';
import { formatDate } from '../../../../lib/date-format.ts';
import { readStoredUser } from '../../../../lib/session.ts';
import type { DefinitionTopic } from '../../definitions.ts';
import { exportFileName } from '../../export-table.ts';
import { STEP_RANGE } from '../../url-state.ts';
import { DefinitionsButton } from '../definitions-button.tsx';
import { Picker, PRINT_CSS, PrintCaption } from '../report-print.tsx';
import { studentExamsQuery } from './student-queries.ts';
import { readStudentUrl, resolveStudentSelection, type StudentUrl, writeStudentUrl } from './student-selection.ts';

/** What a student report page's body gets: the chosen exam and (单科分析) course. */
export interface StudentReportContext {
  schoolId: string;
  exam: StudentExam;
  meId: string;
  course: StudentExam['subjects'][number] | undefined;
  step: number;
  /** An export's file name: the page, exam and course, then the given parts. */
  exportName: (...parts: string[]) => string;
}

export interface StudentReportFrameProps {
  title: string;
  definitions: readonly DefinitionTopic[];
  /** 单科分析: a course picker; with `step`, the segment width too. */
  course?: boolean;
  step?: boolean;
  children: (context: StudentReportContext) => ReactNode;
}

/**
 * The frame of a student's report pages. The teachers' ReportPage does not fit: a student reads
 * their published exams (getUserMultiExamByStudentIdAndSchoolId) and picks only an exam and a course,
 * never a class or another student; the report calls answer for the session's student alone. The
 * choice lives in the address (?meId=&seId=&step=) so 我的考试 can link to a report.
 */
export function StudentReportFrame({ title, definitions, course, step, children }: StudentReportFrameProps) {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const exams = useQuery(studentExamsQuery(schoolId));
  const [params, setParams] = useSearchParams();
  const url = readStudentUrl(params);
  const selection = resolveStudentSelection(exams.data ?? [], url);
  const { exam } = selection;
  const chosenCourse = course ? selection.course : undefined;

  // The address always names what is shown (a reload or a shared link opens the same report).
  useEffect(() => {
    if (!exam) return;
    const wanted: StudentUrl = {
      meId: exam.meId,
      seId: course ? selection.course?.seId : undefined,
      step: step ? selection.step : undefined,
    };
    const next = writeStudentUrl(params, wanted);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [exam, course, step, selection.course?.seId, selection.step, params, setParams]);

  const choose = (change: StudentUrl) => setParams(writeStudentUrl(params, { ...url, ...change }));

  let body: ReactNode;
  if (exams.isLoading) {
    body = <Skeleton active />;
  } else if (exams.error) {
    body = <Alert type="error" showIcon title="考试列表读取失败" description={exams.error.message} />;
  } else if (!exam) {
    body = (
      <Card>
        <Empty description="还没有发布的考试：考试成绩发布后，这里会显示你的成绩分析。" />
      </Card>
    );
  } else {
    body = children({
      schoolId,
      exam,
      meId: exam.meId,
      course: chosenCourse,
      step: selection.step,
      exportName: (...parts) => exportFileName([title, exam.name, chosenCourse?.courseName, ...parts]),
    });
  }

  return (
    <Flex vertical className="analysis-report">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={title}
        description={
          <span className="analysis-no-print">
            只显示你本人的成绩；名次等信息按学校的设置显示。
            <Link to="/student/student-exam-main/student-exam-list">返回我的考试</Link>
          </span>
        }
        extra={
          <Flex gap={8} className="analysis-no-print">
            <DefinitionsButton topics={definitions} />
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              打印
            </Button>
          </Flex>
        }
      />
      {selection.exams.length > 0 ? (
        <Card size="small" className="analysis-no-print" style={{ marginBottom: 16 }}>
          <Flex gap={16} wrap align="center">
            <Picker label="考试">
              <Select
                aria-label="考试"
                showSearch={{ optionFilterProp: 'label' }}
                style={{ minWidth: 280 }}
                value={exam?.meId}
                onChange={(meId) => choose({ meId, seId: undefined, step: undefined })}
                options={selection.exams.map((candidate) => ({
                  value: candidate.meId,
                  label: `${candidate.name}（${candidate.gradeName} ${formatDate(candidate.startDate)}）`,
                }))}
              />
            </Picker>
            {course && exam ? (
              <Picker label="科目">
                <Select
                  aria-label="科目"
                  style={{ minWidth: 120 }}
                  value={chosenCourse?.seId}
                  onChange={(seId) => choose({ seId })}
                  options={exam.subjects.map((subject) => ({
                    value: subject.seId,
                    label: subject.absent ? `${subject.courseName}（缺考）` : subject.courseName,
                  }))}
                />
              </Picker>
            ) : null}
            {step ? (
              <Picker label="分段步长">
                <InputNumber
                  aria-label="分段步长"
                  min={STEP_RANGE.course.min}
                  max={STEP_RANGE.course.max}
                  step={STEP_RANGE.course.step}
                  precision={0}
                  value={selection.step}
                  onChange={(value) => {
                    if (typeof value === 'number') choose({ step: value });
                  }}
                />
              </Picker>
            ) : null}
          </Flex>
        </Card>
      ) : null}
      {exam ? <PrintCaption parts={[exam.name, chosenCourse?.courseName]} /> : null}
      {body}
    </Flex>
  );
}
