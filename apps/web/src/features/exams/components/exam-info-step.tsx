import { DEFAULT_HIDDEN_STUDENT_ORDER, examsApi, type MultiExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExamContext } from '../exam-context.ts';
import { EXAM_TYPE_OPTIONS } from '../exam-labels.ts';
import { DATE_FORMAT, dateRule, dateText, rule } from '../form-rules.ts';
import { HIDDEN_OPTION_CHOICES, hiddenOptionsOf, hiddenSettingOf } from '../hidden-options.ts';
import { useSaveExam } from '../mutations.ts';
import { examQueries } from '../queries.ts';

const fields = examsApi.saveMultiExam.params.shape;

interface InfoValues {
  name: string;
  schyId: string;
  termId: string;
  gradeId: string;
  examType: number;
  startDate: Dayjs;
  endDate: Dayjs;
  hidden: number[];
}

export interface ExamInfoStepProps {
  /** Null while creating. */
  exam: MultiExam | null;
  editable: boolean;
  onSaved: (exam: MultiExam) => void;
}

/** ① 考试信息: name, term, grade, type, dates and what students may see. */
export function ExamInfoStep({ exam, editable, onSaved }: ExamInfoStepProps) {
  const { schoolId } = useExamContext();
  const { selection, years } = useCurrentSelection();
  const grades = useQuery(examQueries.grades(schoolId));
  const [form] = Form.useForm<InfoValues>();
  const schyId = Form.useWatch('schyId', form);
  const save = useSaveExam();
  const [saving, setSaving] = useState(false);
  const today = dayjs();

  const initialValues: Partial<InfoValues> = exam
    ? {
        name: exam.name,
        schyId: exam.schyId,
        termId: exam.termId,
        gradeId: exam.gradeId,
        examType: exam.examType,
        startDate: dayjs(exam.startDate),
        endDate: dayjs(exam.endDate),
        hidden: hiddenOptionsOf(exam.hiddenStudentOrder),
      }
    : {
        schyId: selection?.schoolYear.schyId,
        termId: selection?.term.termId,
        examType: 1,
        startDate: today,
        endDate: today,
        hidden: hiddenOptionsOf(DEFAULT_HIDDEN_STUDENT_ORDER),
      };
  const terms = years.find((year) => year.schyId === schyId)?.terms ?? [];

  async function submit() {
    let values: InfoValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the messages show under the fields
    }
    setSaving(true);
    try {
      const saved = await save.mutateAsync({
        ...(exam ? { meId: exam.meId } : {}),
        name: values.name,
        schyId: values.schyId,
        termId: values.termId,
        gradeId: values.gradeId,
        examType: values.examType,
        startDate: dateText(values.startDate) ?? '',
        endDate: dateText(values.endDate) ?? '',
        hiddenStudentOrder: hiddenSettingOf(values.hidden ?? []),
        unionKey: exam?.unionKey ?? null,
      });
      notifySuccess(exam ? '考试信息已保存' : '考试已创建');
      onSaved(saved);
    } catch {
      // Shown by the api-client.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<InfoValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      style={{ maxWidth: 640 }}
      initialValues={initialValues}
      disabled={!editable}
      autoComplete="off"
      onFinish={() => void submit()}
    >
      <Form.Item label="考试名称" name="name" required rules={[rule(fields.name)]}>
        <Input placeholder="如 2026-2027学年上学期八年级期中考试" maxLength={50} />
      </Form.Item>
      <Form.Item label="学年" name="schyId" required rules={[rule(fields.schyId)]}>
        <Select
          placeholder="请选择学年"
          options={years.map((year) => ({ value: year.schyId, label: year.name }))}
          onChange={() => form.setFieldValue('termId', undefined)}
        />
      </Form.Item>
      <Form.Item label="学期" name="termId" required rules={[rule(fields.termId)]}>
        <Select placeholder="请选择学期" options={terms.map((term) => ({ value: term.termId, label: term.name }))} />
      </Form.Item>
      <Form.Item label="年级" name="gradeId" required rules={[rule(fields.gradeId)]}>
        <Select
          placeholder="请选择年级"
          // The grade decides the subjects and students: it is fixed once the exam has subjects.
          disabled={!editable || (exam?.singleExams.length ?? 0) > 0}
          loading={grades.isLoading}
          options={(grades.data ?? []).map((grade) => ({ value: grade.gradeId, label: grade.gradeName }))}
        />
      </Form.Item>
      <Form.Item label="考试类型" name="examType" required rules={[rule(fields.examType)]}>
        <Select options={EXAM_TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item label="开始日期" name="startDate" required rules={[dateRule(fields.startDate)]}>
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="结束日期"
        name="endDate"
        required
        dependencies={['startDate']}
        rules={[
          dateRule(fields.endDate),
          ({ getFieldValue }) => ({
            validator: async (_rule, value: Dayjs | undefined) => {
              const start = getFieldValue('startDate') as Dayjs | undefined;
              if (start && value?.isBefore(start, 'day')) throw new Error('结束日期不能早于开始日期');
            },
          }),
        ]}
      >
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="学生查看设置"
        name="hidden"
        extra={
          <Typography.Text type="secondary">
            勾选的项目对学生隐藏（考试发布给学生后生效）；默认隐藏名次。
          </Typography.Text>
        }
      >
        <Checkbox.Group options={HIDDEN_OPTION_CHOICES} />
      </Form.Item>
      {editable ? (
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {exam ? '保存并下一步' : '创建并下一步'}
            </Button>
          </Space>
        </Form.Item>
      ) : null}
    </Form>
  );
}
