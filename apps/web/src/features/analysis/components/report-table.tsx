import { Card, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { ExportColumn } from '../export-table.ts';
import { ExportTableButton } from './export-table-button.tsx';

export interface ReportTableProps<Row> {
  /** The card's title, also the sheet's name. */
  title: string;
  rowKey: Extract<keyof Row, string> | ((row: Row) => string);
  columns: TableColumnsType<Row>;
  rows: readonly Row[];
  /** The exported file's name (ReportContext.exportName(title)). */
  fileName: string;
  /** Columns written to Excel when they differ from the table's (default: the table's, as displayed). */
  exportColumns?: readonly ExportColumn<Row>[];
  /** Leading columns repeated on continuation sheets past column Z. */
  keyColumns?: number;
  /** A chart of the same figures, drawn above the table. */
  chart?: ReactNode;
  extra?: ReactNode;
  description?: ReactNode;
  /** Rows per page; long lists page on screen (print shows the current page). */
  pageSize?: number;
}

/** A report table in a card: the same figures as its chart, with 导出Excel of exactly what it shows. */
export function ReportTable<Row extends object>({
  title,
  rowKey,
  columns,
  rows,
  fileName,
  exportColumns,
  keyColumns,
  chart,
  extra,
  description,
  pageSize = 50,
}: ReportTableProps<Row>) {
  return (
    <Card
      title={title}
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <span className="analysis-no-print" style={{ display: 'inline-flex', gap: 8 }}>
          {extra}
          <ExportTableButton
            fileName={fileName}
            tables={[{ name: title, columns: exportColumns ?? columns, rows, keyColumns }]}
          />
        </span>
      }
    >
      {description}
      {chart}
      <Table<Row>
        aria-label={title}
        data-testid={`report-table-${title}`}
        rowKey={rowKey}
        columns={columns}
        dataSource={[...rows]}
        size="small"
        bordered
        scroll={{ x: 'max-content' }}
        pagination={
          rows.length > pageSize ? { pageSize, showSizeChanger: false, showTotal: (n) => `共 ${n} 条` } : false
        }
      />
    </Card>
  );
}
