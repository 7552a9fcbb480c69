import { PlusOutlined } from '@ant-design/icons';
import { GENDERS, type SchoolYearTerm, STUDENT_STATUS, type Student } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { exportList } from '../excel.ts';
import { useDeleteStudent, useResetStudentPassword } from '../mutations.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';
import { ALL_CLASSES, ClassPicker } from './class-picker.tsx';
import { termLabel } from './current-term-bar.tsx';
import { ImportButton } from './import-button.tsx';
import { DeleteButton, EditButton, ResetPasswordButton } from './row-buttons.tsx';
import { StudentDialog } from './student-dialog.tsx';

export interface StudentsPanelProps {
  selection: SchoolYearTerm | null;
  classId: string;
  onClassChange: (classId: string) => void;
}

/** Students of the chosen class; a typed keyword searches the whole school. */
export function StudentsPanel({ selection, classId, onClassChange }: StudentsPanelProps) {
  const { schoolId, canEdit } = useSchoolContext();
  const termId = selection?.term.termId ?? '';
  const classes = useQuery(schoolBaseQueries.classes(schoolId, termId));
  const [query, setQuery] = useTableQuery();
  const [editing, setEditing] = useState<Student | 'new' | null>(null);
  const deleteStudent = useDeleteStudent();
  const resetPassword = useResetStudentPassword();

  const searching = query.keyword !== '';
  const chosenClass = classId === ALL_CLASSES ? undefined : classId;
  const students = useQuery(
    schoolBaseQueries.students(schoolId, {
      classId: searching ? undefined : chosenClass,
      keyword: query.keyword || undefined,
      currentPage: query.currentPage,
      pageSize: query.pageSize,
    }),
  );

  function changeClass(next: string) {
    onClassChange(next);
    setQuery({ ...query, keyword: '', currentPage: 1 });
  }

  return (
    <Flex gap={16} align="flex-start">
      <ClassPicker classes={classes.data} loading={classes.isLoading} value={classId} onChange={changeClass} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        {searching ? (
          <Typography.Text type="secondary" style={{ marginBottom: 8 }}>
            正在全校搜索“{query.keyword}”（姓名、学号或考号）
          </Typography.Text>
        ) : null}
        <DataTable<Student>
          label="学生"
          rowKey="studentId"
          query={query}
          onQueryChange={setQuery}
          page={students.data}
          loading={students.isFetching}
          searchPlaceholder="搜索全校学生：姓名、学号或考号"
          emptyText={canEdit ? '还没有学生，点击“新增”或“批量导入”添加' : '还没有学生'}
          toolbar={
            <>
              {canEdit ? (
                <>
                  <Button type="primary" icon={<PlusOutlined />} disabled={!termId} onClick={() => setEditing('new')}>
                    新增
                  </Button>
                  <ImportButton
                    kind="students"
                    termId={termId || undefined}
                    scope={selection ? `按 ${termLabel(selection)} 的班级导入学生` : undefined}
                  />
                </>
              ) : null}
              <ExportButton
                onExport={() => exportList(schoolId, 'students', { termId: termId || undefined, classId: chosenClass })}
              />
            </>
          }
          columns={[
            { key: 'name', title: '姓名', dataIndex: 'name' },
            { key: 'gender', title: '性别', render: (_, s) => GENDERS[s.gender as keyof typeof GENDERS] ?? '' },
            { key: 'studentNo', title: '学号', dataIndex: 'studentNo' },
            { key: 'examNo', title: '考号', render: (_, s) => s.examNo ?? '' },
            { key: 'className', title: '班级', dataIndex: 'className' },
            { key: 'gradeName', title: '年级', dataIndex: 'gradeName' },
            { key: 'loginName', title: '账号', dataIndex: 'loginName' },
            {
              key: 'status',
              title: '状态',
              render: (_, s) => (
                <Tag color={s.status === 1 ? 'green' : 'default'}>
                  {STUDENT_STATUS[s.status as keyof typeof STUDENT_STATUS] ?? s.status}
                </Tag>
              ),
            },
          ]}
          rowActions={
            canEdit
              ? (student) => (
                  <Space size={0}>
                    <EditButton onClick={() => setEditing(student)} />
                    <ResetPasswordButton
                      who={`学生“${student.name}”`}
                      onReset={() => resetPassword.mutateAsync(student.studentId)}
                    />
                    <DeleteButton
                      question={`确定删除学生“${student.name}”吗？`}
                      onDelete={() =>
                        deleteStudent.mutateAsync({ classId: student.classId, studentId: student.studentId })
                      }
                    />
                  </Space>
                )
              : undefined
          }
        />
      </Flex>
      {canEdit ? (
        <StudentDialog
          open={editing !== null}
          student={editing === 'new' ? null : editing}
          termId={termId}
          defaultClassId={chosenClass}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
