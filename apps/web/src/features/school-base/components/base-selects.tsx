import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';

// Pickers of school base rows, for the add and edit dialogs. Each takes what antd's Form.Item
// passes (id, value, onChange) and the usual Select props.

type PickerProps = Omit<SelectProps<string>, 'options' | 'mode'>;

/** A grade the school runs (value: the catalogue gradeId). */
export function GradeSelect(props: PickerProps) {
  const { schoolId } = useSchoolContext();
  const grades = useQuery(schoolBaseQueries.gradeCourses(schoolId));
  return (
    <Select<string>
      placeholder="请选择年级"
      loading={grades.isLoading}
      notFoundContent="暂无年级，请先在年级管理中添加"
      {...props}
      options={(grades.data ?? []).map((grade) => ({ value: grade.gradeId, label: grade.gradeName }))}
    />
  );
}

export interface CourseSelectProps extends PickerProps {
  /** Courses of this grade only; all the school's courses when absent. */
  gradeId?: string;
}

export function CourseSelect({ gradeId, ...props }: CourseSelectProps) {
  const { schoolId } = useSchoolContext();
  const grades = useQuery(schoolBaseQueries.gradeCourses(schoolId));
  const courses = new Map<string, string>();
  for (const grade of grades.data ?? []) {
    if (gradeId && grade.gradeId !== gradeId) continue;
    for (const course of grade.schoolGradeCourses) courses.set(course.courseId, course.courseName);
  }
  return (
    <Select<string>
      placeholder="请选择学科"
      loading={grades.isLoading}
      notFoundContent="该年级还没有学科"
      {...props}
      options={[...courses].map(([value, label]) => ({ value, label }))}
    />
  );
}

/** 八年级(1)班 says its grade already; other names get it added. */
export function classLabel(schoolClass: { name: string; gradeName: string }): string {
  return schoolClass.name.includes(schoolClass.gradeName)
    ? schoolClass.name
    : `${schoolClass.name}（${schoolClass.gradeName}）`;
}

export interface ClassSelectProps extends PickerProps {
  termId: string;
}

/** A class of the term (its name with its grade). */
export function ClassSelect({ termId, ...props }: ClassSelectProps) {
  const { schoolId } = useSchoolContext();
  const classes = useQuery(schoolBaseQueries.classes(schoolId, termId));
  return (
    <Select<string>
      placeholder="请选择班级"
      showSearch={{ optionFilterProp: 'label' }}
      loading={classes.isLoading}
      notFoundContent="本学期还没有班级"
      {...props}
      options={(classes.data ?? [])
        .filter((schoolClass) => !schoolClass.graduated)
        .map((schoolClass) => ({
          value: schoolClass.classId,
          label: `${schoolClass.name}（${schoolClass.gradeName}）`,
        }))}
    />
  );
}

export interface TeacherSelectProps extends PickerProps {
  /** The teacher already chosen (editing), so the field shows a name before any search. */
  initialTeacher?: { teacherId: string; teacherName: string };
}

/** A teacher of the school, searched on the server by name or phone as the user types. */
export function TeacherSelect({ initialTeacher, ...props }: TeacherSelectProps) {
  const { schoolId } = useSchoolContext();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const teachers = useQuery(
    schoolBaseQueries.teachers(schoolId, { keyword: keyword || undefined, currentPage: 1, pageSize: 50 }),
  );
  const options = (teachers.data?.list ?? []).map((teacher) => ({
    value: teacher.teacherId,
    label: `${teacher.name}（${teacher.phone}）`,
  }));
  if (initialTeacher && !options.some((option) => option.value === initialTeacher.teacherId)) {
    options.unshift({ value: initialTeacher.teacherId, label: initialTeacher.teacherName });
  }
  return (
    <Select<string>
      placeholder="输入姓名或手机号搜索教师"
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={teachers.isFetching}
      notFoundContent={teachers.isFetching ? '搜索中…' : '没有找到教师'}
      {...props}
      options={options}
    />
  );
}
