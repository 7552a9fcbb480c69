import { PlusOutlined } from '@ant-design/icons';
import { GENDERS, type Teacher } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { exportList } from '../excel.ts';
import { useDeleteTeacher, useResetTeacherPassword } from '../mutations.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';
import { ImportButton } from './import-button.tsx';
import { DeleteButton, EditButton, ResetPasswordButton } from './row-buttons.tsx';
import { SsoBindingsDialog, useSsoProviders } from './sso-bindings.tsx';
import { TeacherDialog } from './teacher-dialogs.tsx';

/** The school's teachers, paged and searched on the server. */
export function TeachersPanel() {
  const { schoolId, canEdit } = useSchoolContext();
  const providers = useSsoProviders().data ?? [];
  const [ssoFor, setSsoFor] = useState<Teacher | null>(null);
  const [query, setQuery] = useTableQuery();
  const [editing, setEditing] = useState<Teacher | 'new' | null>(null);
  const teachers = useQuery(
    schoolBaseQueries.teachers(schoolId, {
      keyword: query.keyword || undefined,
      currentPage: query.currentPage,
      pageSize: query.pageSize,
    }),
  );
  const deleteTeacher = useDeleteTeacher();
  const resetPassword = useResetTeacherPassword();

  return (
    <>
      <DataTable<Teacher>
        label="教师"
        rowKey="teacherId"
        query={query}
        onQueryChange={setQuery}
        page={teachers.data}
        loading={teachers.isFetching}
        searchPlaceholder="搜索姓名或手机号"
        emptyText={canEdit ? '还没有教师，点击“新增”或“批量导入”添加' : '还没有教师'}
        toolbar={
          <>
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  新增
                </Button>
                <ImportButton kind="teachers" />
              </>
            ) : null}
            <ExportButton onExport={() => exportList(schoolId, 'teachers')} />
          </>
        }
        columns={[
          { key: 'name', title: '姓名', dataIndex: 'name' },
          { key: 'phone', title: '手机号', dataIndex: 'phone' },
          {
            key: 'gender',
            title: '性别',
            render: (_, teacher) => (teacher.gender ? GENDERS[teacher.gender as keyof typeof GENDERS] : '—'),
          },
          { key: 'loginName', title: '账号', dataIndex: 'loginName' },
          {
            key: 'type',
            title: '角色',
            render: (_, teacher) => (teacher.type === 5 ? <Tag color="purple">教务管理员</Tag> : <Tag>任课教师</Tag>),
          },
          {
            key: 'status',
            title: '状态',
            render: (_, teacher) => (teacher.status === 1 ? <Tag color="green">在职</Tag> : <Tag>离职</Tag>),
          },
        ]}
        rowActions={
          canEdit
            ? (teacher) => (
                <Space size={0}>
                  <EditButton onClick={() => setEditing(teacher)} />
                  <ResetPasswordButton
                    who={`教师“${teacher.name}”`}
                    onReset={() => resetPassword.mutateAsync(teacher.teacherId)}
                  />
                  {providers.length > 0 ? (
                    <Button type="link" size="small" onClick={() => setSsoFor(teacher)}>
                      第三方账号
                    </Button>
                  ) : null}
                  <DeleteButton
                    question={`确定删除教师“${teacher.name}”吗？`}
                    onDelete={() => deleteTeacher.mutateAsync(teacher.teacherId)}
                  />
                </Space>
              )
            : undefined
        }
      />
      {canEdit ? (
        <TeacherDialog
          open={editing !== null}
          teacher={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {canEdit && providers.length > 0 ? (
        <SsoBindingsDialog teacher={ssoFor} providers={providers} onClose={() => setSsoFor(null)} />
      ) : null}
    </>
  );
}
