import { CLASS_TYPES, type SchoolClass, type SchoolYearTerm, schoolBaseApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select } from 'antd';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { rule } from '../form-rules.ts';
import { useSaveClass } from '../mutations.ts';
import { type EducationCatalogue, schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';
import { GradeSelect } from './base-selects.tsx';

const fields = schoolBaseApi.editClass.params.shape;

interface ClassValues {
  name: string;
  gradeId: string;
  enterYear: number;
  classType: number;
}

/**
 * The year a class of this grade entered school, counted from the selected school year: 七年级 in
 * 2026-2027 entered in 2026, 八年级 in 2025. Grades are in catalogue order within their stage.
 */
export function enterYearFor(catalogue: EducationCatalogue | undefined, gradeId: string, yearStart: number) {
  const grade = catalogue?.grades.find((candidate) => candidate.gradeId === gradeId);
  if (!grade) return undefined;
  const index = catalogue?.grades.filter((candidate) => candidate.stage === grade.stage).indexOf(grade) ?? 0;
  return yearStart - Math.max(0, index);
}

export interface ClassDialogProps {
  open: boolean;
  schoolClass: SchoolClass | null;
  selection: SchoolYearTerm | null;
  onClose: () => void;
}

export function ClassDialog({ open, schoolClass, selection, onClose }: ClassDialogProps) {
  const { schoolId } = useSchoolContext();
  const catalogue = useQuery(schoolBaseQueries.education(schoolId));
  const save = useSaveClass();
  const [form] = Form.useForm<ClassValues>();
  const yearStart = Number((selection?.schoolYear.startDate ?? String(new Date().getFullYear())).slice(0, 4));

  return (
    <FormDialog<ClassValues>
      open={open}
      form={form}
      title={schoolClass ? `编辑班级：${schoolClass.name}` : '新增班级'}
      onClose={onClose}
      initialValues={
        schoolClass
          ? {
              name: schoolClass.name,
              gradeId: schoolClass.gradeId,
              enterYear: schoolClass.enterYear,
              classType: schoolClass.classType,
            }
          : { classType: 1, enterYear: yearStart }
      }
      onSubmit={(values) => save.mutateAsync({ classId: schoolClass?.classId, ...values })}
    >
      <Form.Item label="班级名称" name="name" required rules={[rule(fields.name)]}>
        <Input placeholder="如 八年级1班" maxLength={30} />
      </Form.Item>
      <Form.Item label="年级" name="gradeId" required rules={[rule(fields.gradeId)]}>
        <GradeSelect
          onChange={(gradeId: string) => {
            const enterYear = enterYearFor(catalogue.data, gradeId, yearStart);
            if (!schoolClass && enterYear) form.setFieldValue('enterYear', enterYear);
          }}
        />
      </Form.Item>
      <Form.Item label="入学年份" name="enterYear" required rules={[rule(fields.enterYear)]}>
        <InputNumber min={2000} max={2100} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="班级类型" name="classType" required rules={[rule(fields.classType)]}>
        <Select options={Object.entries(CLASS_TYPES).map(([value, label]) => ({ value: Number(value), label }))} />
      </Form.Item>
    </FormDialog>
  );
}
