import { markingTempUsersApi as api, type MarkBlock, type TempUserRow } from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/date-format.ts';
import { saveDownload } from '../../../lib/download.ts';
import { confirmDialog, notifySuccess } from '../../../lib/notify.ts';
import { setupKeys } from './setup-queries.ts';
import { tempUsersSheet } from './temp-users-sheet.ts';

// 临时阅卷账号 (tempUsers, marking.md "Roles"): outside markers of the 联考, created in bulk and
// seated on the chosen 题块; their initial passwords are shown once and go into the account sheet.

const STATUS = {
  active: { label: '可用', color: 'success' },
  disabled: { label: '已停用', color: 'default' },
  expired: { label: '已过期', color: 'warning' },
} as const;

export function TempUsers({ meId, blocks }: { meId: string; blocks: readonly MarkBlock[] }) {
  const client = useQueryClient();
  const key = ['marking', 'temp-users', meId];
  const list = useQuery({ queryKey: key, queryFn: () => call(api.tempLoginUsers, { meId }) });
  const [count, setCount] = useState<number | null>(10);
  const [prefix, setPrefix] = useState('lk');
  const [expiresOn, setExpiresOn] = useState('');
  const [blockIds, setBlockIds] = useState<string[]>([]);
  const [created, setCreated] = useState<{ loginName: string; password: string }[]>([]);
  const [createdExpiry, setCreatedExpiry] = useState('');
  const [query, setQuery] = useTableQuery();
  // New accounts sit on the 题块 chosen and are marker candidates: those lists change too (not the
  // 题块 themselves, whose refetch would reset unsaved edits of the 题块 settings).
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: key }),
      client.invalidateQueries({
        queryKey: setupKeys.root,
        predicate: (q) => q.queryKey[3] === 'markers' || q.queryKey[3] === 'teachers',
      }),
    ]);

  const create = useMutation({
    mutationFn: () =>
      call(api.createTempUsers, { meId, count: count ?? 0, prefix, expiresOn: expiresOn || undefined, blockIds }),
    onSuccess: (answer) => {
      setCreated(answer.accounts);
      setCreatedExpiry(formatDate(answer.expiresAt));
      notifySuccess(`已创建 ${answer.accounts.length} 个临时阅卷账号，请立即下载账号表`);
      void refresh();
    },
  });
  const act = useMutation({
    mutationFn: (p: { userId: string; remove: boolean }) =>
      call(p.remove ? api.deleteTempUser : api.disableTempUser, { userId: p.userId }),
    onSuccess: () => void refresh(),
  });
  const download = async () => {
    const blob = await tempUsersSheet('临时阅卷账号', createdExpiry, created);
    saveDownload({ blob, fileName: '临时阅卷账号.xlsx' });
  };
  const blockName = new Map(blocks.map((b) => [b.id, b.name]));

  return (
    <Card size="small" title="临时阅卷账号" aria-label="临时阅卷账号">
      <Flex gap={8} wrap align="center">
        <span>人数</span>
        <InputNumber aria-label="人数" min={1} max={500} value={count} onChange={setCount} />
        <span>账号前缀</span>
        <Input
          aria-label="账号前缀"
          style={{ width: 120 }}
          value={prefix}
          onChange={(e) => setPrefix(e.target.value)}
        />
        <span>有效期至</span>
        <Input
          aria-label="有效期至"
          placeholder="默认考试结束日"
          style={{ width: 150 }}
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
        />
        <Select
          aria-label="题块"
          mode="multiple"
          placeholder="选择题块"
          style={{ minWidth: 200 }}
          value={blockIds}
          onChange={setBlockIds}
          options={blocks.map((b) => ({ value: b.id, label: b.name }))}
        />
        <Button type="primary" loading={create.isPending} onClick={() => create.mutate()}>
          创建临时账号
        </Button>
        {created.length > 0 && <Button onClick={() => void download()}>下载账号表</Button>}
      </Flex>
      {created.length > 0 && (
        <Typography.Paragraph type="warning" style={{ marginTop: 8 }}>
          初始密码只显示这一次：{created.map((a) => `${a.loginName} / ${a.password}`).join('，')}
        </Typography.Paragraph>
      )}
      <DataTable<TempUserRow>
        label="临时阅卷账号列表"
        rowKey="userId"
        size="small"
        page={pageLocally(list.data, query, { searchText: (r) => r.loginName })}
        query={query}
        onQueryChange={setQuery}
        loading={list.isLoading}
        searchPlaceholder="搜索账号"
        columns={[
          { title: '账号', dataIndex: 'loginName' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: TempUserRow['status']) => <Tag color={STATUS[s].color}>{STATUS[s].label}</Tag>,
          },
          { title: '有效期至', dataIndex: 'expiresAt', render: (at: string) => formatDate(at) },
          {
            title: '题块',
            dataIndex: 'blockIds',
            render: (ids: string[]) => ids.map((id) => blockName.get(id) ?? id).join('、'),
          },
        ]}
        rowActions={(row) => (
          <Space size={4}>
            <Button
              size="small"
              type="link"
              disabled={row.status !== 'active'}
              onClick={() => act.mutate({ userId: row.userId, remove: false })}
            >
              停用
            </Button>
            <Button
              size="small"
              type="link"
              danger
              onClick={() =>
                confirmDialog({
                  title: `删除临时账号 ${row.loginName}？`,
                  content: '账号将停用并移出所有题块。',
                  onOk: () => act.mutateAsync({ userId: row.userId, remove: true }),
                })
              }
            >
              删除
            </Button>
          </Space>
        )}
      />
    </Card>
  );
}
