import type { SchoolYearTerm } from '@huikao/contracts';
import { Alert, Typography } from 'antd';
import { Link } from 'react-router';

export interface CurrentTermBarProps {
  selection: SchoolYearTerm | null;
  loading: boolean;
  /** The terms could not be loaded. */
  error?: Error | null;
}

export function termLabel(selection: SchoolYearTerm): string {
  return `${selection.schoolYear.name} ${selection.term.name}`;
}

/** Which term a page shows (the current selection, changed in the header). */
export function CurrentTermBar({ selection, loading, error }: CurrentTermBarProps) {
  if (selection) {
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }} data-testid="current-term">
        当前学期：<Typography.Text strong>{termLabel(selection)}</Typography.Text>（可在页面顶部切换学年学期）
      </Typography.Paragraph>
    );
  }
  if (loading) return null;
  if (error) {
    return <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`学年学期加载失败：${error.message}`} />;
  }
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title="还没有学期"
      description={
        <>
          班级和任课关系按学期管理，请先在 <Link to="/teacher/initData/school-grade-term">学年学期</Link>{' '}
          中添加学年和学期。
        </>
      }
    />
  );
}
