import { SCHOOL_STATUS_NAMES } from '@huikao/contracts';
import { Tag } from 'antd';

// The status of school content (1 已发布, 2 待审核, 3 已撤回) as both manage screens show and filter it.

export const STATUS_FILTERS = [
  { value: 0, label: '全部' },
  { value: 2, label: '待审核' },
  { value: 1, label: '已发布' },
  { value: 3, label: '已撤回' },
];
const STATUS_COLORS: Record<number, string> = { 1: 'success', 2: 'processing', 3: 'default' };

/** The 状态 column of a manage table. */
export function schoolStatusColumn<T extends { status: number }>() {
  return {
    key: 'status',
    title: '状态',
    width: 90,
    render: (_: unknown, row: T) => <Tag color={STATUS_COLORS[row.status]}>{SCHOOL_STATUS_NAMES[row.status]}</Tag>,
  };
}
