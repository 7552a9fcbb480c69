import { GENDERS, type Student, schoolBaseApi } from '@huikao/contracts';
import { Form, Input, Radio } from 'antd';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { optionalRule, rule } from '../form-rules.ts';
import { useSaveStudent } from '../mutations.ts';
import { ClassSelect } from './base-selects.tsx';

const fields = schoolBaseApi.editStudent.params.shape;

interface StudentValues {
  name: string;
  gender: number;
  studentNo: string;
  examNo?: string;
  classId: string;
}

export interface StudentDialogProps {
  open: boolean;
  student: Student | null;
  termId: string;
  /** The class a new student goes into (the one selected on the page). */
  defaultClassId?: string;
  onClose: () => void;
}

export function StudentDialog({ open, student, termId, defaultClassId, onClose }: StudentDialogProps) {
  const save = useSaveStudent();
  return (
    <FormDialog<StudentValues>
      open={open}
      title={student ? `编辑学生：${student.name}` : '新增学生'}
      onClose={onClose}
      initialValues={
        student
          ? {
              name: student.name,
              gender: student.gender,
              studentNo: student.studentNo,
              examNo: student.examNo ?? '',
              classId: student.classId,
            }
          : { gender: 1, classId: defaultClassId }
      }
      onSubmit={(values) =>
        save.mutateAsync({ studentId: student?.studentId, ...values, examNo: values.examNo || undefined })
      }
    >
      <Form.Item label="姓名" name="name" required rules={[rule(fields.name)]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label="性别" name="gender" required rules={[rule(fields.gender)]}>
        <Radio.Group options={Object.entries(GENDERS).map(([value, label]) => ({ value: Number(value), label }))} />
      </Form.Item>
      <Form.Item label="学号" name="studentNo" required rules={[rule(fields.studentNo)]} extra="学号在全校唯一">
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item label="考号" name="examNo" rules={[optionalRule(fields.examNo)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item label="班级" name="classId" required rules={[rule(fields.classId)]}>
        <ClassSelect termId={termId} />
      </Form.Item>
    </FormDialog>
  );
}
