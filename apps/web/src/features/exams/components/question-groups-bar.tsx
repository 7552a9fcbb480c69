import { Button, Flex, Input, Space, Typography } from 'antd';
import { newLocalKey, type StructureDraft } from '../question-structure-model.ts';

export interface GroupsBarProps {
  draft: StructureDraft;
  onChange: (next: StructureDraft) => void;
}

/** The 大题 of the subject: add, rename, remove (their questions stay, without a group). */
export function GroupsBar({ draft, onChange }: GroupsBarProps) {
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text>大题：</Typography.Text>
      {draft.groups.map((group, index) => (
        <Space.Compact key={group.key}>
          <Input
            aria-label={`大题${index + 1}名称`}
            size="small"
            style={{ width: 120 }}
            value={group.name}
            maxLength={30}
            onChange={(event) =>
              onChange({
                ...draft,
                groups: draft.groups.map((g) => (g.key === group.key ? { ...g, name: event.target.value } : g)),
              })
            }
          />
          <Button
            size="small"
            aria-label={`删除大题${index + 1}`}
            onClick={() =>
              onChange({
                groups: draft.groups.filter((g) => g.key !== group.key),
                questions: draft.questions.map((q) => (q.groupKey === group.key ? { ...q, groupKey: null } : q)),
              })
            }
          >
            ×
          </Button>
        </Space.Compact>
      ))}
      <Button
        size="small"
        onClick={() =>
          onChange({
            ...draft,
            groups: [...draft.groups, { key: newLocalKey('g'), name: `第${draft.groups.length + 1}大题` }],
          })
        }
      >
        添加大题
      </Button>
    </Flex>
  );
}
