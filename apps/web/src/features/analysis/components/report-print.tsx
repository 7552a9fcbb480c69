import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

// What every analysis frame (the teachers' ReportPage, the students' frame) shares: a labelled
// picker, the line naming the report on paper, and the print view.

export function Picker({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap={8} align="center">
      <Typography.Text type="secondary">{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** Printed above the report only: which exam, scope and subject it is. */
export function PrintCaption({ parts }: { parts: readonly (string | null | undefined | false)[] }) {
  return (
    <div className="analysis-print-only">
      <Typography.Text>{parts.filter(Boolean).join(' · ')}</Typography.Text>
    </div>
  );
}

/**
 * The print view: only the report (no header, menu, footer, pickers, paging or the student area's
 * section tabs), with its caption; tables and charts are not cut across pages.
 */
export const PRINT_CSS = `
.analysis-print-only { display: none; }
@media print {
  .ant-layout-header, .ant-layout-sider, .ant-layout-footer, .analysis-no-print,
  .ant-pagination, .ant-float-btn, .ant-table-filter-trigger, .ant-drawer,
  .ant-layout-content > .ant-tabs > .ant-tabs-nav { display: none !important; }
  .analysis-print-only { display: block !important; margin-bottom: 12px; }
  .ant-layout-content { padding: 0 !important; }
  .analysis-chart, .ant-card, .ant-table-wrapper { break-inside: avoid; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;
