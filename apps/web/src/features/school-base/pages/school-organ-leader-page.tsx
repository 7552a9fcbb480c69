import { PlusOutlined } from '@ant-design/icons';
import { LEADER_ROLES, type OrganLeader } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Space, Tag } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ImportButton } from '../components/import-button.tsx';
import { LeaderDialog } from '../components/leader-dialog.tsx';
import { DeleteButton, EditButton } from '../components/row-buttons.tsx';
import { exportList } from '../excel.ts';
import { useDeleteOrganLeader } from '../mutations.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';

/** 组织领导: principals, grade heads and subject heads, each with the scope of their role. */
export function SchoolOrganLeaderPage() {
  const { schoolId, canEdit } = useSchoolContext();
  const leaders = useQuery(schoolBaseQueries.organLeaders(schoolId));
  // The dialog's grade and course choices, loaded with the list so it opens with them ready.
  useQuery({ ...schoolBaseQueries.gradeCourses(schoolId), enabled: canEdit });
  const deleteLeader = useDeleteOrganLeader();
  const [query, setQuery] = useTableQuery();
  const [editing, setEditing] = useState<OrganLeader | 'new' | null>(null);

  const page = pageLocally(leaders.data, query, {
    searchText: (leader) =>
      `${leader.teacherName} ${leader.roleName} ${leader.gradeName ?? ''} ${leader.courseName ?? ''}`,
    filterValue: (leader, field) => (field === 'role' ? leader.role : null),
    sortValue: (leader, field) => (field === 'role' ? leader.role : null),
  });

  return (
    <Flex vertical>
      <PageHeader title="组织领导" description="校长、年级主任、教研组长等，决定教师可以查看哪些报告。" />
      <DataTable<OrganLeader>
        label="组织领导"
        rowKey="solId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={leaders.isFetching}
        searchPlaceholder="搜索教师、职务、年级或学科"
        emptyText={canEdit ? '还没有组织领导，点击“新增”或“批量导入”添加' : '还没有组织领导'}
        toolbar={
          <>
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  新增
                </Button>
                <ImportButton kind="organ_leaders" />
              </>
            ) : null}
            <ExportButton onExport={() => exportList(schoolId, 'organ_leaders')} />
          </>
        }
        columns={[
          { key: 'teacherName', title: '教师', dataIndex: 'teacherName' },
          {
            key: 'role',
            title: '职务',
            sorter: true,
            filters: Object.entries(LEADER_ROLES).map(([value, text]) => ({ text, value: Number(value) })),
            render: (_, leader) => <Tag color="geekblue">{leader.roleName}</Tag>,
          },
          {
            key: 'gradeName',
            title: '年级',
            render: (_, leader) => leader.gradeName ?? (leader.role >= 3 ? '全部年级' : '—'),
          },
          { key: 'courseName', title: '学科', render: (_, leader) => leader.courseName ?? '—' },
        ]}
        rowActions={
          canEdit
            ? (leader) => (
                <Space size={0}>
                  <EditButton onClick={() => setEditing(leader)} />
                  <DeleteButton
                    question={`确定删除 ${leader.teacherName} 的职务“${leader.roleName}”吗？`}
                    onDelete={() => deleteLeader.mutateAsync(leader.solId)}
                  />
                </Space>
              )
            : undefined
        }
      />
      {canEdit ? (
        <LeaderDialog
          open={editing !== null}
          leader={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
