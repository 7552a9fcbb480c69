import type { MultiExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { managerQueries, useManagerContext } from '../manager-queries.ts';

/** The school's exams of the current school year (the header's selection), newest first as listed. */
export function useYearExams() {
  const { schoolId } = useManagerContext();
  const { selection } = useCurrentSelection();
  const exams = useQuery({
    ...managerQueries.exams(schoolId, { schyId: selection?.schoolYear.schyId, currentPage: 1, pageSize: 200 }),
    enabled: selection !== null,
  });
  return { exams: exams.data?.list ?? [], loading: exams.isLoading };
}

export interface ExamSelectProps extends Omit<SelectProps<string>, 'options' | 'mode'> {
  exams: MultiExam[];
}

/** A multi-exam of the current school year, named with its grade. */
export function ExamSelect({ exams, ...props }: ExamSelectProps) {
  return (
    <Select<string>
      placeholder="请选择考试"
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent="本学年还没有考试"
      {...props}
      options={exams.map((exam) => ({ value: exam.meId, label: `${exam.name}（${exam.gradeName}）` }))}
    />
  );
}

export interface SubjectSelectProps extends Omit<SelectProps<string>, 'options' | 'mode'> {
  exam: MultiExam | undefined;
}

/** A single exam (one course) of the chosen multi-exam. */
export function SubjectSelect({ exam, ...props }: SubjectSelectProps) {
  return (
    <Select<string>
      placeholder={exam ? '请选择科目' : '请先选择考试'}
      disabled={!exam}
      {...props}
      options={(exam?.singleExams ?? []).map((single) => ({ value: single.seId, label: single.courseName }))}
    />
  );
}
