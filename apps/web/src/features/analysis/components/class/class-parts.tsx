import { Alert, Card, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ChartOption } from '../../charts/common.ts';
import { Chart } from '../chart.tsx';
import type { StudentChoice } from './use-class-reports.ts';

// Small pieces every class view uses: the loading and failure states of a report read, the
// "no class" state, charts side by side above a table, and the student picker of trend-analysis
// and mis-recommend.

export interface LoadedProps<T> {
  data: T | undefined;
  error: Error | null;
  /** What failed to load, e.g. 班级分析. */
  what: string;
  children: (data: T) => ReactNode;
}

/** The report once read; its failure (the server's Chinese message) or a skeleton before. */
export function Loaded<T>({ data, error, what, children }: LoadedProps<T>) {
  if (error && data === undefined) {
    return <Alert type="error" showIcon title={`${what}读取失败`} description={error.message} />;
  }
  if (data === undefined) return <Skeleton active />;
  return <>{children(data)}</>;
}

/** The exam lists no class the caller may read for this page. */
export function NoClass() {
  return (
    <Card>
      <Empty description="本次考试没有你可以查看的班级" />
    </Card>
  );
}

/** A note under a section title (what population, which previous exam …). */
export function SectionNote({ children }: { children: ReactNode }) {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
      {children}
    </Typography.Paragraph>
  );
}

/** 学生: one student of the class, or the whole class when cleared. */
export function StudentPicker({ choice }: { choice: StudentChoice }) {
  return (
    <Card size="small" style={{ marginBottom: 16 }} className="analysis-no-print">
      <Flex gap={8} align="center">
        <Typography.Text type="secondary">学生</Typography.Text>
        <Select
          aria-label="学生"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={choice.loading}
          placeholder="全班（可选一名学生）"
          style={{ minWidth: 200 }}
          value={choice.studentId}
          onChange={(studentId) => choice.choose(studentId || undefined)}
          options={(choice.students ?? []).map((student) => ({
            value: student.studentId,
            label: `${student.name}（${student.studentNo}）`,
          }))}
        />
      </Flex>
    </Card>
  );
}

export interface ChartSpec {
  option: ChartOption;
  /** Names the chart (assistive technology, tests). */
  label: string;
  height?: number;
}

/**
 * Charts of one table's figures, side by side while they fit (a null entry is left out); none
 * while the table has no rows.
 */
export function ChartRow({ charts, rows }: { charts: ReadonlyArray<ChartSpec | null>; rows: readonly unknown[] }) {
  const shown = charts.filter((chart): chart is ChartSpec => chart !== null);
  if (shown.length === 0 || rows.length === 0) return null;
  return (
    <Flex gap={16} wrap style={{ marginBottom: 12 }}>
      {shown.map((chart) => (
        <div key={chart.label} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Chart option={chart.option} label={chart.label} height={chart.height} />
        </div>
      ))}
    </Flex>
  );
}
