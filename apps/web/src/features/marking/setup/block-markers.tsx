import { type MarkBlock, markingApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Flex, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { type Marker, setupQueries, useSetupWrite } from './setup-queries.ts';

// A 题块's markers (阅卷教师): picked from the school's teachers and the exam's 临时阅卷账号 (tagged
// 临时: an outsider's login for this exam only), each with a quota (手设定额) and
// the 题组长 flag. A marker who has marked cannot be removed (the server refuses; pause instead).

interface Row {
  userId: string;
  name: string;
  quota: number | null;
  leader: boolean;
}

export function BlockMarkers({ seId, block }: { seId: string; block: MarkBlock }) {
  const markers = useQuery(setupQueries.markers(seId, block.id));
  const [editing, setEditing] = useState<Row[] | null>(null);
  const teachers = useQuery({ ...setupQueries.teachers(seId, block.id), enabled: editing !== null });
  const save = useSetupWrite(seId, async (rows: Row[]) => {
    const before = markers.data ?? [];
    const gone = before.filter((m) => !rows.some((r) => r.userId === m.userId)).map((m) => m.userId);
    if (gone.length > 0) await call(markingApi.deleteTasks, { blockId: block.id, userIds: gone });
    return call(markingApi.saveTasks, {
      blockId: block.id,
      markers: rows.map((r) => ({ userId: r.userId, quota: r.quota, leader: r.leader })),
    });
  });
  const finished = block.status === 4;

  if (!editing) {
    const list: Marker[] = markers.data ?? [];
    return (
      <Flex gap={8} align="center" wrap style={{ marginTop: 12 }}>
        <Typography.Text strong>阅卷教师：</Typography.Text>
        {list.length === 0 ? <Typography.Text type="secondary">未设置</Typography.Text> : null}
        {list.map((m) => (
          <Tag key={m.userId} color={m.leader ? 'gold' : undefined}>
            {m.name}
            {m.leader ? '（题组长）' : ''} 已评 {m.done}
            {m.quota !== null ? ` / ${m.quota}` : ''}
          </Tag>
        ))}
        {finished ? null : (
          <Button
            size="small"
            onClick={() => setEditing(list.map(({ userId, name, quota, leader }) => ({ userId, name, quota, leader })))}
          >
            设置阅卷教师
          </Button>
        )}
      </Flex>
    );
  }

  const names = new Map((teachers.data ?? []).map((t) => [t.userId, t.name]));
  const change = (userId: string, next: Partial<Row>) =>
    setEditing(editing.map((r) => (r.userId === userId ? { ...r, ...next } : r)));
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }}>
      <Select
        aria-label="阅卷教师"
        mode="multiple"
        showSearch
        optionFilterProp="label"
        loading={teachers.isLoading}
        placeholder="选择本校教师或临时阅卷账号"
        value={editing.map((r) => r.userId)}
        onChange={(ids: string[]) =>
          setEditing(
            ids.map(
              (id) =>
                editing.find((r) => r.userId === id) ?? {
                  userId: id,
                  name: names.get(id) ?? id,
                  quota: null,
                  leader: false,
                },
            ),
          )
        }
        options={(teachers.data ?? []).map((t) => ({
          value: t.userId,
          label: `${t.name}（${t.loginName}）`,
          temporary: t.temporary,
        }))}
        optionRender={(option) => (
          <Space>
            {option.label}
            {option.data.temporary ? <Tag color="orange">临时</Tag> : null}
          </Space>
        )}
      />
      {editing.map((r) => (
        <Space key={r.userId}>
          <span style={{ display: 'inline-block', width: 96 }}>{r.name}</span>
          任务量
          <InputNumber
            aria-label={`${r.name}任务量`}
            min={0}
            placeholder="不限"
            value={r.quota}
            onChange={(v) => change(r.userId, { quota: v ?? null })}
          />
          <Checkbox checked={r.leader} onChange={(e) => change(r.userId, { leader: e.target.checked })}>
            题组长
          </Checkbox>
        </Space>
      ))}
      <Space>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() =>
            save.mutate(editing, {
              onSuccess: () => {
                setEditing(null);
                notifySuccess('阅卷教师已保存');
              },
            })
          }
        >
          保存阅卷教师
        </Button>
        <Button onClick={() => setEditing(null)}>取消</Button>
      </Space>
    </Flex>
  );
}
