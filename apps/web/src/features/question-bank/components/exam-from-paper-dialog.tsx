import {
  authApi,
  EXAM_TYPES,
  type SchoolClass,
  type SchoolGrade,
  scanningCardsApi,
  schoolBaseApi,
  type UserPaperSummary,
} from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { call } from '../../../lib/api-client.ts';
import { schoolToday, useCurrentSelection } from '../../../lib/current-selection.ts';
import { DATE_FORMAT } from '../../../lib/date-format.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { readStoredUser } from '../../../lib/session.ts';

const fields = scanningCardsApi.createExamFromPaper.params.shape;

interface Values {
  name: string;
  termId: string;
  gradeId: string;
  classIds: string[];
  examDate: Dayjs;
  examType: number;
}

export interface ExamFromPaperDialogProps {
  paper: UserPaperSummary | null;
  onClose: () => void;
}

/** The answer-card pages of the new exam's subject (features/scanning's /makeExamDetailInfo). */
const cardTabPath = (seId: string) => `/makeExamDetailInfo?seId=${encodeURIComponent(seId)}&tab=card`;

/**
 * 用此试卷建考试: the paper becomes an exam of its course (its questions with answers, marks and
 * knowledge points), sat by the chosen classes, with its answer card; then the card is opened. A
 * teacher chooses among the classes they teach the paper's course to (the server refuses others).
 */
export function ExamFromPaperDialog({ paper, onClose }: ExamFromPaperDialogProps) {
  const user = readStoredUser();
  const schoolId = user?.schoolId ?? '';
  const isTeacher = user?.type === 1;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { selection, years } = useCurrentSelection();
  const termId = Form.useWatch('termId', form) ?? selection?.term.termId;
  const gradeId = Form.useWatch('gradeId', form);
  const grades = useQuery({
    queryKey: ['school-base', schoolId, 'grade-courses'],
    queryFn: ({ signal }) => call(schoolBaseApi.gradeCourses, { schoolId }, { signal }) as Promise<SchoolGrade[]>,
    enabled: paper !== null,
  });
  const classes = useQuery({
    queryKey: ['school-base', schoolId, 'classes', termId],
    queryFn: ({ signal }) =>
      call(schoolBaseApi.classes, { schoolId, termId: termId ?? '' }, { signal }) as Promise<SchoolClass[]>,
    enabled: paper !== null && Boolean(termId),
  });
  const links = useQuery({
    queryKey: ['auth', 'user-info', user?.loginName ?? ''],
    queryFn: ({ signal }) => call(authApi.findUserInfo, {}, { signal }),
    enabled: paper !== null && isTeacher,
    staleTime: 10 * 60 * 1000,
  });

  const courseId = paper?.courseId ?? null;
  const gradeOptions = (grades.data ?? []).filter(
    (grade) => !courseId || grade.schoolGradeCourses.some((course) => course.courseId === courseId),
  );
  const taught = new Set(
    (links.data?.schoolClassTeachers ?? [])
      .filter((link) => link.termId === termId && (!courseId || link.courseId === courseId))
      .map((link) => link.classId),
  );
  const classOptions = (classes.data ?? []).filter(
    (schoolClass) =>
      schoolClass.gradeId === gradeId && !schoolClass.graduated && (!isTeacher || taught.has(schoolClass.classId)),
  );
  const terms = years.flatMap((year) =>
    [...year.terms]
      .sort((a, b) => a.termNo - b.termNo)
      .map((term) => ({ value: term.termId, label: `${year.name} ${term.name}`, schyId: year.schyId })),
  );
  const defaultGrade = gradeOptions.find((grade) => grade.gradeId === paper?.gradeId)?.gradeId;

  async function submit(values: Values) {
    if (!paper) return;
    const term = terms.find((candidate) => candidate.value === values.termId);
    const created = await call(scanningCardsApi.createExamFromPaper, {
      schoolId,
      paperId: paper.paperId,
      name: values.name,
      schyId: term?.schyId ?? '',
      termId: values.termId,
      gradeId: values.gradeId,
      classIds: values.classIds,
      examDate: values.examDate.format(DATE_FORMAT),
      examType: values.examType,
    });
    navigate(cardTabPath(created.seId));
  }

  return (
    <FormDialog<Values>
      open={paper !== null}
      title="用此试卷建考试"
      form={form}
      onClose={onClose}
      onSubmit={submit}
      successText="考试和答题卡已建好"
      width={560}
      initialValues={{
        name: paper?.title.slice(0, 50),
        termId: selection?.term.termId,
        gradeId: defaultGrade,
        classIds: [],
        examDate: dayjs(schoolToday()),
        examType: 1,
      }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`“${paper?.title ?? ''}”的 ${paper?.questionCount ?? 0} 道题（共 ${paper?.totalScore ?? 0} 分）连同答案、分值和知识点成为考试的题目，并生成答题卡。`}
      />
      <Form.Item label="考试名称" name="name" rules={[zodRule(fields.name)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="学年学期" name="termId" rules={[{ required: true, message: '请选择学期' }]}>
        <Select
          aria-label="学年学期"
          options={terms}
          onChange={() => form.setFieldValue('classIds', [])}
          notFoundContent="暂无学期，请在学年学期中添加"
        />
      </Form.Item>
      <Form.Item
        label="年级"
        name="gradeId"
        rules={[{ required: true, message: '请选择年级' }]}
        extra={paper?.courseName ? `开设${paper.courseName}的年级` : undefined}
      >
        <Select
          aria-label="年级"
          loading={grades.isLoading}
          options={gradeOptions.map((grade) => ({ value: grade.gradeId, label: grade.gradeName }))}
          onChange={() => form.setFieldValue('classIds', [])}
        />
      </Form.Item>
      <Form.Item
        label="参考班级"
        name="classIds"
        rules={[zodRule(fields.classIds)]}
        extra={isTeacher ? '只列出您本学期任教该学科的班级' : undefined}
      >
        <Select
          aria-label="参考班级"
          mode="multiple"
          loading={classes.isLoading}
          placeholder={gradeId ? '选择班级' : '请先选择年级'}
          options={classOptions.map((schoolClass) => ({
            value: schoolClass.classId,
            label: `${schoolClass.name}（${schoolClass.studentCount}人）`,
          }))}
          notFoundContent={gradeId ? '这个年级没有可选的班级' : '请先选择年级'}
        />
      </Form.Item>
      <Form.Item label="考试日期" name="examDate" rules={[{ required: true, message: '请选择考试日期' }]}>
        <DatePicker aria-label="考试日期" style={{ width: '100%' }} allowClear={false} />
      </Form.Item>
      <Form.Item label="考试类型" name="examType">
        <Select
          aria-label="考试类型"
          options={Object.entries(EXAM_TYPES).map(([value, label]) => ({ value: Number(value), label }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
