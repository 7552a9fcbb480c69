import { Select } from 'antd';
import { useMonitorExams } from '../monitor-queries.ts';

/** The exams with 题块 the teacher may watch (all of the school's for the 阅卷管理员). */
export function ExamPicker({ value, onChange }: { value: string | undefined; onChange: (meId: string) => void }) {
  const exams = useMonitorExams();
  return (
    <Select
      aria-label="选择考试"
      placeholder="选择考试"
      style={{ minWidth: 260 }}
      loading={exams.isLoading}
      value={value}
      onChange={onChange}
      options={(exams.data ?? []).map((e) => ({ value: e.meId, label: e.name }))}
      notFoundContent="暂无可监控的考试"
    />
  );
}
