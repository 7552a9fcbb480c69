import { PlusOutlined } from '@ant-design/icons';
import type { ExamLevelScheme } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { managerQueries, useDeleteELA, useManagerContext } from '../manager-queries.ts';
import { ExamDocDeleteButton } from './exam-doc-buttons.tsx';
import { SettingsElaDialog } from './settings-ela-dialog.tsx';

/** Levels as one line: A 15% 100–86 · B 35% 85–71 … */
export function levelsSummary(scheme: ExamLevelScheme): string {
  return scheme.levels
    .map((level) => `${level.name} ${Math.round(level.share * 10_000) / 100}% ${level.high}–${level.low}`)
    .join(' · ');
}

/** 等级赋分方案: the built-in schemes (read-only, 内置) and the school's own. */
export function SettingsElaPanel() {
  const { schoolId, canEdit } = useManagerContext();
  const schemes = useQuery(managerQueries.ela(schoolId));
  const remove = useDeleteELA();
  const [query, setQuery] = useTableQuery();
  const [editing, setEditing] = useState<ExamLevelScheme | 'new' | null>(null);
  const page = pageLocally(schemes.data, query, { searchText: (scheme) => scheme.name });

  return (
    <>
      <DataTable<ExamLevelScheme>
        label="等级赋分方案"
        rowKey="elaId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={schemes.isFetching}
        searchPlaceholder="搜索方案名称"
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增方案
            </Button>
          ) : null
        }
        columns={[
          {
            key: 'name',
            title: '方案名称',
            render: (_, scheme) => (
              <Space>
                {scheme.name}
                {scheme.builtIn ? <Tag color="blue">内置</Tag> : null}
              </Space>
            ),
          },
          { key: 'count', title: '等级数', render: (_, scheme) => scheme.levels.length, align: 'right' },
          { key: 'levels', title: '等级（比例 赋分区间）', render: (_, scheme) => levelsSummary(scheme) },
        ]}
        rowActions={(scheme) =>
          canEdit && !scheme.builtIn ? (
            <Space size={0}>
              <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => setEditing(scheme)}>
                编辑
              </Button>
              <ExamDocDeleteButton
                question={`确定删除等级方案“${scheme.name}”吗？`}
                onDelete={() => remove.mutateAsync(scheme.elaId)}
              />
            </Space>
          ) : (
            <span>—</span>
          )
        }
      />
      {canEdit ? (
        <SettingsElaDialog
          open={editing !== null}
          scheme={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
