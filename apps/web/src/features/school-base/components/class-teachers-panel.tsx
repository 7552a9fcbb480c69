import { PlusOutlined } from '@ant-design/icons';
import type { ClassTeacher, SchoolYearTerm } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { exportList } from '../excel.ts';
import { useDeleteClassTeacher } from '../mutations.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';
import { termLabel } from './current-term-bar.tsx';
import { ImportButton } from './import-button.tsx';
import { DeleteButton } from './row-buttons.tsx';
import { ClassTeacherDialog } from './teacher-dialogs.tsx';

export interface ClassTeachersPanelProps {
  selection: SchoolYearTerm | null;
}

/** Who teaches what in which class, and the class heads, in the current term. */
export function ClassTeachersPanel({ selection }: ClassTeachersPanelProps) {
  const { schoolId, canEdit } = useSchoolContext();
  const termId = selection?.term.termId ?? '';
  const links = useQuery(schoolBaseQueries.classTeachers(schoolId, termId));
  // The add dialog's classes and courses, loaded with the list so it opens with them ready.
  useQuery({ ...schoolBaseQueries.classes(schoolId, termId), enabled: canEdit && termId !== '' });
  useQuery({ ...schoolBaseQueries.gradeCourses(schoolId), enabled: canEdit });
  const deleteLink = useDeleteClassTeacher();
  const [query, setQuery] = useTableQuery();
  const [adding, setAdding] = useState(false);

  const gradeNames = [...new Set((links.data ?? []).map((link) => link.gradeName))];
  const courseNames = [...new Set((links.data ?? []).map((link) => link.courseName ?? '（班主任）'))];
  const page = pageLocally(links.data, query, {
    searchText: (link) => `${link.className} ${link.gradeName} ${link.courseName ?? ''} ${link.teacherName}`,
    filterValue: (link, field) =>
      field === 'gradeName' ? link.gradeName : field === 'courseName' ? (link.courseName ?? '（班主任）') : null,
    sortValue: (link, field) =>
      field === 'className' ? link.className : field === 'teacherName' ? link.teacherName : null,
  });

  return (
    <>
      <DataTable<ClassTeacher>
        label="任课关系"
        rowKey="scteaId"
        query={query}
        onQueryChange={setQuery}
        page={termId ? page : { list: [], total: 0 }}
        loading={links.isFetching}
        searchPlaceholder="搜索班级、学科或教师"
        emptyText={canEdit ? '本学期还没有任课关系，点击“新增”或“批量导入”添加' : '本学期还没有任课关系'}
        toolbar={
          <>
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} disabled={!termId} onClick={() => setAdding(true)}>
                  新增
                </Button>
                <ImportButton
                  kind="class_teachers"
                  termId={termId || undefined}
                  scope={selection ? `导入到 ${termLabel(selection)}` : undefined}
                />
              </>
            ) : null}
            <ExportButton disabled={!termId} onExport={() => exportList(schoolId, 'class_teachers', { termId })} />
          </>
        }
        columns={[
          {
            key: 'gradeName',
            title: '年级',
            dataIndex: 'gradeName',
            filters: gradeNames.map((name) => ({ text: name, value: name })),
          },
          { key: 'className', title: '班级', dataIndex: 'className', sorter: true },
          {
            key: 'courseName',
            title: '学科',
            render: (_, link) => link.courseName ?? '—',
            filters: courseNames.map((name) => ({ text: name, value: name })),
          },
          { key: 'teacherName', title: '教师', dataIndex: 'teacherName', sorter: true },
          {
            key: 'isHead',
            title: '班主任',
            render: (_, link) => (link.isHead ? <Tag color="blue">班主任</Tag> : null),
          },
        ]}
        rowActions={
          canEdit
            ? (link) => (
                <DeleteButton
                  question={`确定删除 ${link.className} ${link.courseName ?? '班主任'} ${link.teacherName} 吗？`}
                  onDelete={() => deleteLink.mutateAsync({ termId: link.termId, scteaId: link.scteaId })}
                />
              )
            : undefined
        }
      />
      {canEdit && selection ? (
        <ClassTeacherDialog open={adding} selection={selection} onClose={() => setAdding(false)} />
      ) : null}
    </>
  );
}
