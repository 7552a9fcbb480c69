import { examsApi, type MultiExam, type SingleExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Flex,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExamContext } from '../exam-context.ts';
import { DATE_FORMAT, dateText } from '../form-rules.ts';
import { useAddSubject, useDeleteSubject, useUpdateSubject } from '../mutations.ts';
import { examQueries } from '../queries.ts';

const fullMarkSchema = examsApi.saveSingleExam.params.shape.fullMark;

export interface ExamSubjectsStepProps {
  exam: MultiExam;
  editable: boolean;
}

/** ② 考试科目: the grade's courses sat in this exam, with full marks and dates. */
export function ExamSubjectsStep({ exam, editable }: ExamSubjectsStepProps) {
  const { schoolId } = useExamContext();
  const grades = useQuery(examQueries.grades(schoolId));
  const add = useAddSubject();
  const update = useUpdateSubject();
  const remove = useDeleteSubject();
  const [courseId, setCourseId] = useState<string>();
  const [fullMark, setFullMark] = useState<number | null>(100);
  const [examDate, setExamDate] = useState<Dayjs | null>(dayjs(exam.startDate));
  const [problem, setProblem] = useState('');
  const [classIds, setClassIds] = useState<string[]>([]);
  const classes = useQuery(examQueries.classes(schoolId, exam.termId));
  const gradeClasses = (classes.data ?? []).filter((c) => c.gradeId === exam.gradeId && !c.graduated);

  const taken = new Set(exam.singleExams.map((subject) => subject.courseId));
  const courses = (grades.data?.find((grade) => grade.gradeId === exam.gradeId)?.schoolGradeCourses ?? []).filter(
    (course) => !taken.has(course.courseId),
  );

  async function addSubject() {
    if (!courseId) return setProblem('请选择学科');
    const checked = fullMarkSchema.safeParse(fullMark);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? '满分有误');
    setProblem('');
    try {
      // No class chosen: the server seats every class of the grade. Step ③ adds or removes students.
      await add.mutateAsync({
        meId: exam.meId,
        courseId,
        fullMark: checked.data,
        examDate: dateText(examDate),
        classIds,
      });
      notifySuccess('科目已添加');
      setCourseId(undefined);
    } catch {
      // Shown by the api-client.
    }
  }

  async function change(subject: SingleExam, next: { fullMark?: number | null; examDate?: string | null }) {
    const mark = next.fullMark === undefined ? subject.fullMark : next.fullMark;
    const checked = fullMarkSchema.safeParse(mark);
    if (!checked.success) return;
    try {
      await update.mutateAsync({
        meId: exam.meId,
        seId: subject.seId,
        fullMark: checked.data,
        examDate: next.examDate === undefined ? subject.examDate : next.examDate,
      });
      notifySuccess(`${subject.courseName}已保存`);
    } catch {
      // Shown by the api-client.
    }
  }

  const columns: TableColumnsType<SingleExam> = [
    { key: 'course', title: '科目', dataIndex: 'courseName' },
    {
      key: 'fullMark',
      title: '满分',
      render: (_v, subject) =>
        editable ? (
          <InputNumber
            aria-label={`${subject.courseName}满分`}
            min={1}
            max={1000}
            defaultValue={subject.fullMark}
            onBlur={(event) => {
              const value = Number(event.target.value);
              if (value !== subject.fullMark) void change(subject, { fullMark: value });
            }}
          />
        ) : (
          subject.fullMark
        ),
    },
    {
      key: 'examDate',
      title: '考试日期',
      render: (_v, subject) =>
        editable ? (
          <DatePicker
            aria-label={`${subject.courseName}考试日期`}
            format={DATE_FORMAT}
            value={subject.examDate ? dayjs(subject.examDate) : null}
            onChange={(value) => void change(subject, { examDate: dateText(value) ?? null })}
          />
        ) : (
          (subject.examDate ?? '—')
        ),
    },
    {
      key: 'questions',
      title: '题目',
      render: (_v, subject) =>
        subject.questionCount > 0 ? `${subject.questionCount} 题，共 ${subject.questionFullMark} 分` : '未设置',
    },
    {
      key: 'students',
      title: '考生',
      render: (_v, subject) => `${subject.studentCount} 人（缺考 ${subject.absentCount}）`,
    },
    { key: 'scored', title: '已录成绩', render: (_v, subject) => `${subject.scoredCount} 人` },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      title: '操作',
      render: (_v, subject) => (
        <Popconfirm
          title={`确定删除科目“${subject.courseName}”吗？`}
          description="该科目的考生、题目和成绩会一起删除。"
          okText="确定"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ meId: exam.meId, seId: subject.seId });
              notifySuccess('删除成功');
            } catch {
              // Shown by the api-client.
            }
          }}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      {editable ? (
        <Flex vertical gap={4}>
          <Space wrap>
            <Select<string>
              aria-label="学科"
              placeholder={courses.length > 0 ? '选择学科' : '该年级的学科都已添加'}
              style={{ width: 160 }}
              value={courseId}
              onChange={setCourseId}
              options={courses.map((course) => ({ value: course.courseId, label: course.courseName }))}
            />
            <InputNumber<number>
              aria-label="满分"
              addonBefore="满分"
              min={1}
              max={1000}
              value={fullMark}
              onChange={setFullMark}
            />
            <DatePicker aria-label="考试日期" format={DATE_FORMAT} value={examDate} onChange={setExamDate} />
            <Select<string[]>
              aria-label="考试班级"
              mode="multiple"
              allowClear
              placeholder="全年级所有班级"
              style={{ minWidth: 240 }}
              value={classIds}
              onChange={setClassIds}
              showSearch={{ optionFilterProp: 'label' }}
              loading={classes.isLoading}
              options={gradeClasses.map((c) => ({ value: c.classId, label: c.name }))}
            />
            <Button type="primary" loading={add.isPending} onClick={() => void addSubject()}>
              添加科目
            </Button>
          </Space>
          {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
        </Flex>
      ) : null}
      <Table<SingleExam>
        aria-label="考试科目"
        rowKey="seId"
        size="middle"
        columns={columns}
        dataSource={exam.singleExams}
        pagination={false}
        locale={{ emptyText: '还没有科目' }}
      />
    </Flex>
  );
}
