import type { SchoolClass } from '@huikao/contracts';
import { Badge, Empty, Flex, Input, Menu, Spin } from 'antd';
import { useState } from 'react';

export const ALL_CLASSES = 'all';

export interface ClassPickerProps {
  classes: SchoolClass[] | undefined;
  loading: boolean;
  value: string;
  onChange: (classId: string) => void;
}

/** The class list beside the students: 全部班级 and each class with its student count, filterable. */
export function ClassPicker({ classes, loading, value, onChange }: ClassPickerProps) {
  const [filter, setFilter] = useState('');
  const shown = (classes ?? []).filter(
    (schoolClass) => !filter || `${schoolClass.name}${schoolClass.gradeName}`.includes(filter.trim()),
  );
  const total = (classes ?? []).reduce((sum, schoolClass) => sum + schoolClass.studentCount, 0);
  return (
    <Flex vertical gap={8} style={{ width: 220, flex: 'none' }} data-testid="class-picker">
      <Input.Search allowClear placeholder="筛选班级" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <Spin spinning={loading}>
        {classes && classes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本学期还没有班级" />
        ) : (
          <Menu
            mode="inline"
            selectedKeys={[value]}
            onClick={({ key }) => onChange(key)}
            style={{ borderInlineEnd: 'none', maxHeight: 560, overflowY: 'auto' }}
            items={[
              { key: ALL_CLASSES, label: <ClassLabel name="全部班级" count={total} /> },
              ...shown.map((schoolClass) => ({
                key: schoolClass.classId,
                label: <ClassLabel name={schoolClass.name} count={schoolClass.studentCount} />,
                title: `${schoolClass.gradeName} ${schoolClass.name}`,
              })),
            ]}
          />
        )}
      </Spin>
    </Flex>
  );
}

function ClassLabel({ name, count }: { name: string; count: number }) {
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
      <Badge count={count} showZero color="#bfbfbf" overflowCount={99_999} />
    </Flex>
  );
}
