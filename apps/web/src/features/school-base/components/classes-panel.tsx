import { PlusOutlined } from '@ant-design/icons';
import type { SchoolClass, SchoolYearTerm } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { exportList } from '../excel.ts';
import { useDeleteClass } from '../mutations.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';
import { ClassDialog } from './class-dialog.tsx';
import { termLabel } from './current-term-bar.tsx';
import { ImportButton } from './import-button.tsx';
import { DeleteButton, EditButton } from './row-buttons.tsx';

export interface ClassesPanelProps {
  selection: SchoolYearTerm | null;
  /** 查看学生: open the students of a class. */
  onShowStudents: (classId: string) => void;
}

/** The classes of the current term. */
export function ClassesPanel({ selection, onShowStudents }: ClassesPanelProps) {
  const { schoolId, canEdit } = useSchoolContext();
  const termId = selection?.term.termId ?? '';
  const classes = useQuery(schoolBaseQueries.classes(schoolId, termId));
  // The class dialog's grade choices (and the catalogue it counts enter years with), loaded with
  // the list so the dialog opens with them ready.
  useQuery({ ...schoolBaseQueries.gradeCourses(schoolId), enabled: canEdit });
  useQuery({ ...schoolBaseQueries.education(schoolId), enabled: canEdit });
  const deleteClass = useDeleteClass();
  const [query, setQuery] = useTableQuery();
  const [editing, setEditing] = useState<SchoolClass | 'new' | null>(null);

  const gradeNames = [...new Set((classes.data ?? []).map((schoolClass) => schoolClass.gradeName))];
  const page = pageLocally(classes.data, query, {
    searchText: (schoolClass) => `${schoolClass.name} ${schoolClass.gradeName} ${schoolClass.headTeacherName ?? ''}`,
    filterValue: (schoolClass, field) => (field === 'gradeName' ? schoolClass.gradeName : null),
    sortValue: (schoolClass, field) =>
      field === 'name' ? schoolClass.name : field === 'studentCount' ? schoolClass.studentCount : null,
  });

  return (
    <>
      <DataTable<SchoolClass>
        label="班级"
        rowKey="classId"
        query={query}
        onQueryChange={setQuery}
        page={termId ? page : { list: [], total: 0 }}
        loading={classes.isFetching}
        searchPlaceholder="搜索班级名称或班主任"
        emptyText={canEdit ? '本学期还没有班级，点击“新增”或“批量导入”添加' : '本学期还没有班级'}
        toolbar={
          <>
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} disabled={!termId} onClick={() => setEditing('new')}>
                  新增
                </Button>
                <ImportButton
                  kind="classes"
                  termId={termId || undefined}
                  scope={selection ? `导入到 ${termLabel(selection)}` : undefined}
                />
              </>
            ) : null}
            <ExportButton disabled={!termId} onExport={() => exportList(schoolId, 'classes', { termId })} />
          </>
        }
        columns={[
          { key: 'name', title: '班级名称', dataIndex: 'name', sorter: true },
          {
            key: 'gradeName',
            title: '年级',
            dataIndex: 'gradeName',
            filters: gradeNames.map((name) => ({ text: name, value: name })),
          },
          { key: 'enterYear', title: '入学年份', dataIndex: 'enterYear' },
          { key: 'classTypeName', title: '类型', dataIndex: 'classTypeName' },
          { key: 'studentCount', title: '学生数', dataIndex: 'studentCount', sorter: true, align: 'right' },
          { key: 'head', title: '班主任', render: (_, schoolClass) => schoolClass.headTeacherName ?? '—' },
          {
            key: 'status',
            title: '状态',
            render: (_, schoolClass) => (schoolClass.graduated ? <Tag>已毕业</Tag> : <Tag color="green">在读</Tag>),
          },
        ]}
        rowActions={(schoolClass) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 4 }}
              onClick={() => onShowStudents(schoolClass.classId)}
            >
              查看学生
            </Button>
            {canEdit ? (
              <>
                <EditButton onClick={() => setEditing(schoolClass)} />
                <DeleteButton
                  question={`确定删除班级“${schoolClass.name}”吗？`}
                  onDelete={() => deleteClass.mutateAsync(schoolClass.classId)}
                />
              </>
            ) : null}
          </Space>
        )}
      />
      {canEdit ? (
        <ClassDialog
          open={editing !== null}
          schoolClass={editing === 'new' ? null : editing}
          selection={selection}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
