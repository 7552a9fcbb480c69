import { LEADER_ROLES, type OrganLeader, schoolBaseApi } from '@huikao/contracts';
import { Form, Select } from 'antd';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { rule } from '../form-rules.ts';
import { useSaveOrganLeader } from '../mutations.ts';
import { CourseSelect, GradeSelect, TeacherSelect } from './base-selects.tsx';

const fields = schoolBaseApi.editOrganLeader.params.shape;

/**
 * What each role's scope needs (roles-and-permissions.md, as the server applies it): 校长/副校长 the
 * whole school; 年级主任 a grade; 教研组长 a course in every grade; 备课组长 a course in one grade.
 */
export const ROLE_SCOPE: Record<number, { grade: boolean; course: boolean }> = {
  1: { grade: false, course: false },
  2: { grade: false, course: false },
  3: { grade: true, course: false },
  4: { grade: false, course: true },
  5: { grade: true, course: true },
};

interface LeaderValues {
  teacherId: string;
  role: number;
  gradeId?: string;
  courseId?: string;
}

export interface LeaderDialogProps {
  open: boolean;
  leader: OrganLeader | null;
  onClose: () => void;
}

export function LeaderDialog({ open, leader, onClose }: LeaderDialogProps) {
  const save = useSaveOrganLeader();
  const [form] = Form.useForm<LeaderValues>();
  const role = Form.useWatch('role', form) ?? leader?.role ?? 1;
  const gradeId = Form.useWatch('gradeId', form);
  const scope = ROLE_SCOPE[role] ?? ROLE_SCOPE[1]!;

  return (
    <FormDialog<LeaderValues>
      open={open}
      form={form}
      title={leader ? `编辑组织领导：${leader.teacherName}` : '新增组织领导'}
      onClose={onClose}
      initialValues={
        leader
          ? {
              teacherId: leader.teacherId,
              role: leader.role,
              gradeId: leader.gradeId ?? undefined,
              courseId: leader.courseId ?? undefined,
            }
          : { role: 1 }
      }
      onSubmit={(values) =>
        save.mutateAsync({
          solId: leader?.solId,
          teacherId: values.teacherId,
          role: values.role,
          // A scope the role does not use is not sent.
          gradeId: scope.grade ? values.gradeId : undefined,
          courseId: scope.course ? values.courseId : undefined,
        })
      }
    >
      <Form.Item label="教师" name="teacherId" required rules={[rule(fields.teacherId)]}>
        <TeacherSelect
          initialTeacher={leader ? { teacherId: leader.teacherId, teacherName: leader.teacherName } : undefined}
        />
      </Form.Item>
      <Form.Item label="职务" name="role" required rules={[rule(fields.role)]}>
        <Select options={Object.entries(LEADER_ROLES).map(([value, label]) => ({ value: Number(value), label }))} />
      </Form.Item>
      {scope.grade ? (
        <Form.Item label="年级" name="gradeId" required rules={[rule(fields.gradeId)]}>
          <GradeSelect onChange={() => form.setFieldValue('courseId', undefined)} />
        </Form.Item>
      ) : null}
      {scope.course ? (
        <Form.Item
          label="学科"
          name="courseId"
          required
          rules={[rule(fields.courseId)]}
          extra={scope.grade ? undefined : '教研组长负责该学科的全部年级'}
        >
          <CourseSelect gradeId={scope.grade ? gradeId : undefined} />
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}
