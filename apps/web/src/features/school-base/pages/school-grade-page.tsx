import { PlusOutlined } from '@ant-design/icons';
import type { SchoolGrade } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Space, Tag } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { confirmDialog, notifySuccess } from '../../../lib/notify.ts';
import { GradeDialog } from '../components/grade-dialog.tsx';
import { DeleteButton, EditButton } from '../components/row-buttons.tsx';
import { exportList } from '../excel.ts';
import { useDeleteGrade, useDeleteGradeCourse } from '../mutations.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';

export const STAGE_NAMES: Record<number, string> = { 1: '小学', 2: '初中', 3: '高中' };

/** 年级管理: the grades the school runs and the courses of each. */
export function SchoolGradePage() {
  const { schoolId, canEdit } = useSchoolContext();
  const grades = useQuery(schoolBaseQueries.gradeCourses(schoolId));
  // The platform catalogue the add dialog picks from, loaded with the list.
  useQuery({ ...schoolBaseQueries.education(schoolId), enabled: canEdit });
  const deleteGrade = useDeleteGrade();
  const deleteCourse = useDeleteGradeCourse();
  const [query, setQuery] = useTableQuery();
  const [editing, setEditing] = useState<SchoolGrade | 'new' | null>(null);

  const page = pageLocally(grades.data, query, {
    searchText: (grade) => [grade.gradeName, ...grade.schoolGradeCourses.map((course) => course.courseName)].join(' '),
  });

  function removeCourse(grade: SchoolGrade, course: SchoolGrade['schoolGradeCourses'][number]) {
    confirmDialog({
      title: '删除学科',
      content: `确定从${grade.gradeName}删除学科“${course.courseName}”吗？`,
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteCourse.mutateAsync(course.sgcId);
        notifySuccess('删除成功');
      },
    });
  }

  return (
    <Flex vertical>
      <PageHeader title="年级管理" description="学校开设的年级及各年级的学科。" />
      <DataTable<SchoolGrade>
        label="年级"
        rowKey="sgId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={grades.isFetching}
        searchPlaceholder="搜索年级或学科"
        emptyText={canEdit ? '还没有年级，点击“新增”添加' : '还没有年级'}
        toolbar={
          <>
            {canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                新增
              </Button>
            ) : null}
            <ExportButton onExport={() => exportList(schoolId, 'grades')} />
          </>
        }
        columns={[
          { key: 'gradeName', title: '年级', dataIndex: 'gradeName', width: 120 },
          { key: 'stage', title: '学段', width: 80, render: (_, grade) => STAGE_NAMES[grade.stage] ?? '' },
          {
            key: 'courses',
            title: '学科',
            render: (_, grade) => (
              <Space size={[4, 4]} wrap>
                {grade.schoolGradeCourses.map((course) => (
                  <Tag
                    key={course.sgcId}
                    closable={canEdit}
                    closeIcon={canEdit ? undefined : false}
                    onClose={(event) => {
                      event.preventDefault();
                      removeCourse(grade, course);
                    }}
                  >
                    {course.courseName}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
        rowActions={
          canEdit
            ? (grade) => (
                <Space size={0}>
                  <EditButton onClick={() => setEditing(grade)} />
                  <DeleteButton
                    question={`确定删除${grade.gradeName}吗？`}
                    onDelete={() => deleteGrade.mutateAsync(grade.sgId)}
                  />
                </Space>
              )
            : undefined
        }
      />
      {canEdit ? (
        <GradeDialog
          open={editing !== null}
          grade={editing === 'new' ? null : editing}
          existing={grades.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
