import { GENDERS, type SchoolYearTerm, schoolBaseApi, type Teacher } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Switch } from 'antd';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { optionalRule, rule } from '../form-rules.ts';
import { useAddClassTeacher, useSaveTeacher } from '../mutations.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';
import { ClassSelect, CourseSelect, TeacherSelect } from './base-selects.tsx';

const teacherFields = schoolBaseApi.editTeacher.params.shape;
const linkFields = schoolBaseApi.addClassTeacher.params.shape;

interface TeacherValues {
  name: string;
  phone: string;
  gender?: number;
  isAdmin: boolean;
}

export interface TeacherDialogProps {
  open: boolean;
  teacher: Teacher | null;
  onClose: () => void;
}

export function TeacherDialog({ open, teacher, onClose }: TeacherDialogProps) {
  const save = useSaveTeacher();
  return (
    <FormDialog<TeacherValues>
      open={open}
      title={teacher ? `编辑教师：${teacher.name}` : '新增教师'}
      onClose={onClose}
      initialValues={
        teacher
          ? {
              name: teacher.name,
              phone: teacher.phone,
              gender: teacher.gender ?? undefined,
              isAdmin: teacher.type === 5,
            }
          : { isAdmin: false }
      }
      onSubmit={(values) => save.mutateAsync({ teacherId: teacher?.teacherId, ...values })}
    >
      <Form.Item label="姓名" name="name" required rules={[rule(teacherFields.name)]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        label="手机号"
        name="phone"
        required
        rules={[rule(teacherFields.phone)]}
        extra="手机号在全校唯一，批量导入时按手机号识别教师"
      >
        <Input maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="性别" name="gender" rules={[optionalRule(teacherFields.gender)]}>
        <Radio.Group options={Object.entries(GENDERS).map(([value, label]) => ({ value: Number(value), label }))} />
      </Form.Item>
      <Form.Item label="教务管理员" name="isAdmin" valuePropName="checked" extra="教务管理员可以维护学校基础数据">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

interface LinkValues {
  classId: string;
  courseId?: string;
  teacherId: string;
  isHead: boolean;
}

export interface ClassTeacherDialogProps {
  open: boolean;
  selection: SchoolYearTerm;
  onClose: () => void;
}

/** A class-teacher link of the current term: who teaches which course in which class, or heads it. */
export function ClassTeacherDialog({ open, selection, onClose }: ClassTeacherDialogProps) {
  const { schoolId } = useSchoolContext();
  const termId = selection.term.termId;
  const classes = useQuery(schoolBaseQueries.classes(schoolId, termId));
  const add = useAddClassTeacher();
  const [form] = Form.useForm<LinkValues>();
  const classId = Form.useWatch('classId', form);
  const gradeId = classes.data?.find((schoolClass) => schoolClass.classId === classId)?.gradeId;

  return (
    <FormDialog<LinkValues>
      open={open}
      form={form}
      title={`新增任课关系：${selection.schoolYear.name} ${selection.term.name}`}
      onClose={onClose}
      initialValues={{ isHead: false }}
      onSubmit={(values) => add.mutateAsync({ termId, ...values })}
    >
      <Form.Item label="班级" name="classId" required rules={[rule(linkFields.classId)]}>
        <ClassSelect termId={termId} onChange={() => form.setFieldValue('courseId', undefined)} />
      </Form.Item>
      <Form.Item
        label="学科"
        name="courseId"
        rules={[optionalRule(linkFields.courseId)]}
        extra="只设班主任时可不选学科"
      >
        <CourseSelect gradeId={gradeId} allowClear disabled={!gradeId} />
      </Form.Item>
      <Form.Item label="教师" name="teacherId" required rules={[rule(linkFields.teacherId)]}>
        <TeacherSelect />
      </Form.Item>
      <Form.Item label="班主任" name="isHead" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
