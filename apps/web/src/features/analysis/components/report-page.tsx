import { PrinterOutlined } from '@ant-design/icons';
import type { AreaReportExam, ReportExam, SubjectRef } from '@huikao/contracts';
import { TOTAL_SUBJECT } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, InputNumber, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { formatDate } from '../../../lib/date-format.ts';
import { readStoredUser } from '../../../lib/session.ts';
import type { DefinitionSettings, DefinitionTopic } from '../definitions.ts';
import { exportFileName } from '../export-table.ts';
import { analysisQueries } from '../queries.ts';
import {
  examsForNeeds,
  newestFirst,
  offeredSubjects,
  type ReportNeeds,
  readableClasses,
  readUrlSelection,
  resolveSelection,
  STEP_RANGE,
  type UrlSelection,
  writeUrlSelection,
} from '../url-state.ts';
import { DefinitionsButton } from './definitions-button.tsx';
import { Picker, PRINT_CSS, PrintCaption } from './report-print.tsx';
import { ReportStatusGate } from './report-status.tsx';

export type { ReportNeeds } from '../url-state.ts';

/** What a report page's body gets: the chosen exam, subject, class and segment width. */
export interface ReportContext<E = ReportExam> {
  exam: E;
  meId: string;
  schoolId: string;
  subject: SubjectRef;
  subjectKey: string;
  /** The chosen class; undefined for the grade (or the area). */
  classId?: string;
  /** The population's name: the class, else the grade (or the exam's grade in the area). */
  scopeName: string;
  step: number;
  /** An export's file name: the page, exam, scope and subject, then the given parts. */
  exportName: (...parts: string[]) => string;
}

type ExamOf<N extends ReportNeeds> = N extends { area: true } ? AreaReportExam : ReportExam;

export interface ReportPageProps<N extends ReportNeeds> {
  title: string;
  definitions: readonly DefinitionTopic[];
  needs: N;
  /** Settings the 口径说明 quotes beyond the exam's own (e.g. the lines a report used). */
  settings?: DefinitionSettings;
  /** Page-level buttons beside 口径说明 and 打印. */
  extra?: ReactNode;
  children: (context: ReportContext<ExamOf<N>>) => ReactNode;
}

/**
 * The shell of every analysis screen (analysis-reports.md "Every screen"): the exam picker, the
 * subject, class and segment-width pickers the page needs (limited to the caller's scope), 口径说明,
 * 打印 with a print view, and the report's computation state. The choice lives in the address
 * (?meId=&subject=&classId=&step=) so a reload or a shared link shows the same report.
 */
export function ReportPage<N extends ReportNeeds>({
  title,
  definitions,
  needs,
  settings,
  extra,
  children,
}: ReportPageProps<N>) {
  const user = readStoredUser();
  const schoolId = user?.schoolId ?? '';
  const area = needs.area === true;
  // The teacher area lists the exams of the school year chosen in the header (spec §4's current
  // selection); until the school's terms are known it waits, and a school without terms lists all.
  const selection = useCurrentSelection();
  const schoolYearId = selection.selection?.schoolYear.schyId;
  const teacherExams = useQuery({
    ...analysisQueries.teacherExams(schoolId, schoolYearId),
    enabled: !area && schoolId !== '' && !selection.loading,
  });
  const areaExams = useQuery({ ...analysisQueries.areaExams(schoolId), enabled: area });
  const source = area ? areaExams : teacherExams;

  const exams = useMemo(() => {
    if (area) return [...(areaExams.data ?? [])].sort(newestFirst) as Array<ReportExam | AreaReportExam>;
    return examsForNeeds(teacherExams.data ?? [], needs) as Array<ReportExam | AreaReportExam>;
  }, [area, areaExams.data, teacherExams.data, needs]);

  const [params, setParams] = useSearchParams();
  const url = readUrlSelection(params);
  const resolved = resolveSelection({ exams: exams.map(asPickable), needs, url });

  // The address always names what is shown, so copying it shares this exact report.
  useEffect(() => {
    if (!resolved.meId) return;
    const wanted: UrlSelection = {
      meId: resolved.meId,
      subject: needs.subject ? resolved.subject?.subjectKey : undefined,
      classId: resolved.classId,
      step: needs.step ? resolved.step : undefined,
    };
    const next = writeUrlSelection(params, wanted);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [resolved.meId, resolved.subject?.subjectKey, resolved.classId, resolved.step, needs, params, setParams]);

  const choose = (change: UrlSelection) => setParams(writeUrlSelection(params, { ...url, ...change }));

  const exam = exams.find((candidate) => candidate.meId === resolved.meId);
  const reportExam = exam && !area ? (exam as ReportExam) : undefined;
  const classes = reportExam ? readableClasses(reportExam) : [];
  const subjects = exam
    ? offeredSubjects(exam.subjects, needs.subject || 'total', reportExam?.scope, resolved.classId)
    : [];
  const isTotal = resolved.subject?.subjectKey === TOTAL_SUBJECT;
  const range = isTotal ? STEP_RANGE.total : STEP_RANGE.course;
  const className = classes.find((schoolClass) => schoolClass.classId === resolved.classId)?.name;
  const scopeName = className ?? exam?.gradeName ?? '';

  const header = (
    <PageHeader
      title={title}
      extra={
        <Flex gap={8} className="analysis-no-print">
          {extra}
          <DefinitionsButton
            topics={definitions}
            exam={exam && !area ? { schoolId, meId: exam.meId } : undefined}
            settings={settings}
          />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        </Flex>
      }
    />
  );

  let body: ReactNode;
  if (source.isLoading || (!area && selection.loading)) {
    body = <Skeleton active />;
  } else if (source.error) {
    body = <Alert type="error" showIcon title="考试列表读取失败" description={source.error.message} />;
  } else if (!exam || !resolved.subject) {
    body = <NoExam grade={needs.unit === 'grade'} anyExam={(source.data?.length ?? 0) > 0} />;
  } else {
    const context: ReportContext<ReportExam | AreaReportExam> = {
      exam,
      meId: exam.meId,
      schoolId,
      subject: resolved.subject,
      subjectKey: resolved.subject.subjectKey,
      classId: resolved.classId,
      scopeName,
      step: resolved.step,
      exportName: (...parts) =>
        exportFileName([title, exam.name, scopeName, needs.subject ? resolved.subject?.name : undefined, ...parts]),
    };
    body = (
      <ReportStatusGate
        key={exam.meId}
        schoolId={schoolId}
        meId={exam.meId}
        initial={exam.report}
        canRecompute={user?.type === 5}
      >
        {children(context as ReportContext<ExamOf<N>>)}
      </ReportStatusGate>
    );
  }

  return (
    <Flex vertical className="analysis-report">
      <style>{PRINT_CSS}</style>
      {header}
      {exams.length > 0 ? (
        <Card size="small" className="analysis-no-print" style={{ marginBottom: 16 }}>
          <Flex gap={16} wrap align="center">
            <Picker label="考试">
              <Select
                aria-label="考试"
                showSearch={{ optionFilterProp: 'label' }}
                style={{ minWidth: 280 }}
                value={resolved.meId}
                onChange={(meId) => choose({ meId, subject: undefined, classId: undefined, step: undefined })}
                options={exams.map((candidate) => ({
                  value: candidate.meId,
                  label: `${candidate.name}（${candidate.gradeName} ${formatDate(candidate.startDate)}）`,
                }))}
              />
            </Picker>
            {needs.subject && needs.subject !== 'total' && subjects.length > 0 ? (
              <Picker label="科目">
                <Select
                  aria-label="科目"
                  style={{ minWidth: 120 }}
                  value={resolved.subject?.subjectKey}
                  onChange={(subject) => choose({ subject, step: undefined })}
                  options={subjects.map((subject) => ({ value: subject.subjectKey, label: subject.name }))}
                />
              </Picker>
            ) : null}
            {needs.unit && needs.unit !== 'grade' && classes.length > 0 ? (
              <Picker label="班级">
                <Select
                  aria-label="班级"
                  style={{ minWidth: 140 }}
                  value={resolved.classId ?? ''}
                  onChange={(classId) => choose({ classId: classId || undefined })}
                  options={[
                    ...(needs.unit === 'class-or-grade' && reportExam?.scope.wholeGrade
                      ? [{ value: '', label: '全年级' }]
                      : []),
                    ...classes.map((schoolClass) => ({ value: schoolClass.classId, label: schoolClass.name })),
                  ]}
                />
              </Picker>
            ) : null}
            {needs.step ? (
              <Picker label="分段步长">
                <InputNumber
                  aria-label="分段步长"
                  min={range.min}
                  max={range.max}
                  step={range.step}
                  precision={0}
                  value={resolved.step}
                  onChange={(value) => {
                    if (typeof value === 'number') choose({ step: value });
                  }}
                />
              </Picker>
            ) : null}
          </Flex>
        </Card>
      ) : null}
      {exam && resolved.subject ? (
        <PrintCaption
          parts={[
            exam.name,
            scopeName,
            needs.subject ? resolved.subject.name : null,
            needs.step ? `分段 ${resolved.step}` : null,
          ]}
        />
      ) : null}
      {body}
    </Flex>
  );
}

function NoExam({ grade, anyExam }: { grade: boolean; anyExam: boolean }) {
  const why =
    grade && anyExam
      ? '本页是全年级的报告，你的权限只包含部分班级或学科，请在班级分析页面查看。'
      : '考试成绩确认（已完成）或发布后，这里会列出你有权查看的考试。';
  return (
    <Card>
      <Empty
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Text>暂无可查看的考试</Typography.Text>
            <Typography.Text type="secondary">{why}</Typography.Text>
          </Flex>
        }
      />
    </Card>
  );
}

function asPickable(exam: ReportExam | AreaReportExam) {
  return 'scope' in exam ? exam : { meId: exam.meId, subjects: exam.subjects };
}
