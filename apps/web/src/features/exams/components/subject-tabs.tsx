import type { SingleExam } from '@huikao/contracts';
import { Empty, Segmented } from 'antd';

export interface SubjectTabsProps {
  subjects: readonly SingleExam[];
  value: string;
  onChange: (seId: string) => void;
}

/** Which subject (single exam) a step works on. */
export function SubjectTabs({ subjects, value, onChange }: SubjectTabsProps) {
  if (subjects.length === 0) return <Empty description="请先在“考试科目”中添加科目" />;
  return (
    <Segmented<string>
      aria-label="科目"
      value={value}
      onChange={onChange}
      options={subjects.map((subject) => ({ value: subject.seId, label: subject.courseName }))}
    />
  );
}

/** The chosen subject, or the first one when the choice is gone (deleted) or not made yet. */
export function chosenSubject(subjects: readonly SingleExam[], seId: string): SingleExam | undefined {
  return subjects.find((subject) => subject.seId === seId) ?? subjects[0];
}
