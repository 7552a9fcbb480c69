import { type SchoolGrade, schoolBaseApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { rule } from '../form-rules.ts';
import { useAddGrade, useDeleteGradeCourse } from '../mutations.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';

const fields = schoolBaseApi.addGrade.params.shape;

interface GradeValues {
  gradeId: string;
  courseIds: string[];
}

export interface GradeDialogProps {
  open: boolean;
  /** The grade being edited; absent to add one. */
  grade: SchoolGrade | null;
  /** Grades the school already runs, which cannot be added again. */
  existing: SchoolGrade[];
  onClose: () => void;
}

/** Adds a grade with its courses from the platform catalogue, or changes the courses of one. */
export function GradeDialog({ open, grade, existing, onClose }: GradeDialogProps) {
  const { schoolId } = useSchoolContext();
  const catalogue = useQuery(schoolBaseQueries.education(schoolId));
  const addGrade = useAddGrade();
  const deleteCourse = useDeleteGradeCourse();
  const [form] = Form.useForm<GradeValues>();
  const gradeId = Form.useWatch('gradeId', form) ?? grade?.gradeId;

  const taken = new Set(existing.map((candidate) => candidate.gradeId));
  const stage = catalogue.data?.grades.find((candidate) => candidate.gradeId === gradeId)?.stage;
  const courses = (catalogue.data?.courses ?? []).filter(
    (course) => stage === undefined || course.stages.includes(stage),
  );

  async function save(values: GradeValues) {
    const courseIds = values.courseIds ?? [];
    const before = grade?.schoolGradeCourses ?? [];
    const added = courseIds.filter((courseId) => !before.some((course) => course.courseId === courseId));
    if (!grade || added.length > 0) await addGrade.mutateAsync({ gradeId: values.gradeId, courseIds });
    // Removing a course that exams use is refused by the server, with its reason.
    for (const course of before.filter((candidate) => !courseIds.includes(candidate.courseId))) {
      await deleteCourse.mutateAsync(course.sgcId);
    }
  }

  return (
    <FormDialog<GradeValues>
      open={open}
      title={grade ? `编辑年级：${grade.gradeName}` : '新增年级'}
      form={form}
      onClose={onClose}
      onSubmit={save}
      initialValues={
        grade
          ? { gradeId: grade.gradeId, courseIds: grade.schoolGradeCourses.map((course) => course.courseId) }
          : { courseIds: [] }
      }
    >
      <Form.Item label="年级" name="gradeId" required rules={[rule(fields.gradeId)]}>
        <Select
          placeholder="请选择年级"
          disabled={grade !== null}
          loading={catalogue.isLoading}
          options={(catalogue.data?.grades ?? []).map((candidate) => ({
            value: candidate.gradeId,
            label: candidate.name,
            disabled: grade === null && taken.has(candidate.gradeId),
          }))}
          onChange={() => form.setFieldValue('courseIds', [])}
        />
      </Form.Item>
      <Form.Item label="学科" name="courseIds" rules={[rule(fields.courseIds)]} extra="按年级所在学段列出平台学科">
        <Select
          mode="multiple"
          placeholder="请选择学科"
          allowClear
          options={courses.map((course) => ({ value: course.courseId, label: course.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
