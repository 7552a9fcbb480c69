import { PlusOutlined } from '@ant-design/icons';
import { COURSE_KINDS, type CurriculumCourse, curriculumApi } from '@huikao/contracts';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { call } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { exportList, useCourses, useCurriculumContext, useCurriculumMutation } from '../api.ts';
import { CurriculumImport } from './curriculum-import.tsx';
import { RowActions } from './row-actions.tsx';

const fields = curriculumApi.saveCourse.params.shape;
type CourseValues = Pick<CurriculumCourse, 'name' | 'code' | 'kind' | 'credits' | 'hours'>;

/** 课程: the school's own courses (公共基础课, 专业核心课 …) with credits and hours. */
export function CoursesPanel() {
  const { schoolId, canEdit } = useCurriculumContext();
  const courses = useCourses(schoolId);
  const [query, setQuery] = useTableQuery();
  const [editing, setEditing] = useState<CurriculumCourse | 'new' | null>(null);
  const save = useCurriculumMutation((values: CourseValues) =>
    editing && editing !== 'new'
      ? call(curriculumApi.updateCourse, { schoolId, courseId: editing.courseId, ...values })
      : call(curriculumApi.saveCourse, { schoolId, ...values }),
  );
  const remove = useCurriculumMutation((courseId: string) =>
    call(curriculumApi.deleteCourses, { schoolId, ids: [courseId] }),
  );
  const page = pageLocally(courses.data, query, { searchText: (c) => `${c.name} ${c.code} ${c.kind}` });

  return (
    <>
      <DataTable<CurriculumCourse>
        label="课程"
        rowKey="courseId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={courses.isFetching}
        searchPlaceholder="搜索课程名称、代码或类别"
        emptyText={canEdit ? '还没有课程，点击“新增”或“批量导入”添加' : '还没有课程'}
        toolbar={
          <>
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  新增
                </Button>
                <CurriculumImport kind="courses" />
              </>
            ) : null}
            <ExportButton onExport={() => exportList(schoolId, 'courses')} />
          </>
        }
        columns={[
          { key: 'name', title: '课程名称', dataIndex: 'name' },
          { key: 'code', title: '课程代码', render: (_, c) => c.code || '—' },
          { key: 'kind', title: '课程类别', dataIndex: 'kind' },
          { key: 'credits', title: '学分', dataIndex: 'credits' },
          { key: 'hours', title: '学时', dataIndex: 'hours' },
        ]}
        rowActions={
          canEdit
            ? (course) => (
                <RowActions
                  onEdit={() => setEditing(course)}
                  question={`确定删除课程“${course.name}”吗？`}
                  onDelete={() => remove.mutateAsync(course.courseId)}
                />
              )
            : undefined
        }
      />
      <FormDialog<CourseValues>
        open={editing !== null}
        title={editing && editing !== 'new' ? `编辑课程：${editing.name}` : '新增课程'}
        onClose={() => setEditing(null)}
        onSubmit={(values) => save.mutateAsync(values)}
        initialValues={editing && editing !== 'new' ? editing : { kind: '公共基础课', credits: 0, hours: 0 }}
      >
        <Form.Item name="name" label="课程名称" required rules={[zodRule(fields.name)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="code" label="课程代码" rules={[zodRule(fields.code)]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="kind" label="课程类别">
          <Select options={COURSE_KINDS.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Form.Item name="credits" label="学分" rules={[zodRule(fields.credits)]}>
          <InputNumber min={0} max={50} step={0.5} />
        </Form.Item>
        <Form.Item name="hours" label="学时" rules={[zodRule(fields.hours)]}>
          <InputNumber min={0} max={2000} precision={0} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
