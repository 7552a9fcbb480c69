import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { ImportRow } from '@huikao/contracts';
import { Alert, Button, Flex, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  type ErrorStop,
  errorKeyOf,
  errorStops,
  pageOfRow,
  rowKeyOf,
  rowLevelErrors,
  stepStop,
} from './import-errors.ts';

// The checked rows of an import: each error beside the cell it belongs to (the cell marked red),
// the row's own problems right after its number, and 上一个 / 下一个 to walk from error to error
// across pages and far columns (#22 item 6).

export interface PreviewRows {
  columns: string[];
  rows: ImportRow[];
  validCount: number;
  errorCount: number;
}

export const PREVIEW_TEXT = {
  onlyErrors: '只看有错误的行',
  noValidRows: '没有可导入的行，请修改文件后重新上传',
  previous: '上一个错误',
  next: '下一个错误',
} as const;

const PAGE_SIZE = 50;
const ERROR_ROW_BACKGROUND = '#fff1f0';
const ERROR_CELL_STYLE = { background: '#ffccc7', boxShadow: 'inset 0 0 0 1px #ff4d4f' };
const CURRENT_STYLE = { boxShadow: 'inset 0 0 0 2px #cf1322' };

export interface ImportPreviewTableProps {
  preview: PreviewRows;
}

/** "数学 第 3 行“5”列：第5题分数“七”不是数字". */
function describeStop(rows: readonly ImportRow[], stop: ErrorStop): string {
  const row = rows[stop.rowIndex]!;
  const where = `${row.sheet ? `${row.sheet} ` : ''}第 ${row.rowNo} 行${stop.column === null ? '' : `“${stop.column}”列`}`;
  return `${where}：${stop.messages.join('；')}`;
}

export function ImportPreviewTable({ preview }: ImportPreviewTableProps) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const rows = useMemo(
    () => (onlyErrors ? preview.rows.filter((row) => row.errors.length > 0) : preview.rows),
    [onlyErrors, preview.rows],
  );
  const stops = useMemo(() => errorStops(rows, preview.columns), [rows, preview.columns]);
  const [current, setCurrent] = useState(-1);
  const [page, setPage] = useState(1);
  const currentStop = stops[current] ?? null;
  const currentKey = currentStop?.key ?? null;

  // A jump changes the page in the same render, so the cell is on screen when this runs.
  useEffect(() => {
    if (currentKey === null) return;
    const cell = document.querySelector(`[data-error-key="${CSS.escape(currentKey)}"]`);
    cell?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [currentKey]);

  function jump(direction: 1 | -1) {
    const next = stepStop(current, stops.length, direction);
    setCurrent(next);
    const stop = stops[next];
    if (stop) setPage(pageOfRow(stop.rowIndex, PAGE_SIZE));
  }

  function showOnlyErrors(value: boolean) {
    setOnlyErrors(value);
    setCurrent(-1);
    setPage(1);
  }

  const marked = (key: string, base: object) => ({
    'data-error-key': key,
    style: { ...base, ...(key === currentKey ? CURRENT_STYLE : {}) },
  });
  const sheets = preview.rows.some((row) => row.sheet !== undefined);
  const columns: TableColumnsType<ImportRow> = [
    ...(sheets ? [{ key: 'sheet', title: '工作表', dataIndex: 'sheet', width: 88, fixed: 'left' as const }] : []),
    {
      key: 'rowNo',
      title: '行号',
      dataIndex: 'rowNo',
      width: 64,
      fixed: 'left',
      // A fixed cell paints its own background, so the error colour is given to it too.
      onCell: (row) =>
        row.errors.length === 0
          ? {}
          : rowLevelErrors(row).length > 0
            ? marked(errorKeyOf(row, null), { background: ERROR_ROW_BACKGROUND })
            : { style: { background: ERROR_ROW_BACKGROUND } },
    },
    {
      // Right after the row number, not after the last question: the row's own problems, or a count.
      key: 'errors',
      title: '问题',
      width: 220,
      fixed: 'left',
      render: (_: unknown, row: ImportRow) => {
        if (row.errors.length === 0) return <Typography.Text type="success">可导入</Typography.Text>;
        const own = rowLevelErrors(row);
        const inCells = row.errors.length - own.length;
        return (
          <Flex vertical>
            {own.map((error) => (
              <Typography.Text key={error} type="danger">
                {error}
              </Typography.Text>
            ))}
            {inCells > 0 ? <Typography.Text type="danger">{inCells} 处单元格有误（标红处）</Typography.Text> : null}
          </Flex>
        );
      },
    },
    ...preview.columns.map((column) => ({
      key: `value:${column}`,
      title: column,
      onCell: (row: ImportRow) => {
        const errors = row.cellErrors?.[column];
        return errors ? { ...marked(errorKeyOf(row, column), ERROR_CELL_STYLE), title: errors.join('；') } : {};
      },
      render: (_: unknown, row: ImportRow) => {
        const value = row.values[column] ?? '';
        const errors = row.cellErrors?.[column];
        if (!errors) return value;
        return (
          <Flex vertical>
            <span>{value === '' ? '（空）' : value}</span>
            {errors.map((error) => (
              <Typography.Text key={error} type="danger" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {error}
              </Typography.Text>
            ))}
          </Flex>
        );
      },
    })),
  ];

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Space wrap data-testid="import-counts">
          <span>共 {preview.rows.length} 行</span>
          <Tag color="success">可导入 {preview.validCount} 行</Tag>
          <Tag color={preview.errorCount > 0 ? 'error' : 'default'}>有错误 {preview.errorCount} 行</Tag>
        </Space>
        {preview.errorCount > 0 ? (
          <Space wrap>
            <Button size="small" icon={<UpOutlined />} onClick={() => jump(-1)}>
              {PREVIEW_TEXT.previous}
            </Button>
            <Button size="small" icon={<DownOutlined />} onClick={() => jump(1)}>
              {PREVIEW_TEXT.next}
            </Button>
            <span data-testid="import-error-position">
              {current < 0 ? `共 ${stops.length} 处错误` : `第 ${current + 1} / ${stops.length} 处错误`}
            </span>
            <Switch size="small" checked={onlyErrors} onChange={showOnlyErrors} aria-label={PREVIEW_TEXT.onlyErrors} />
            <span>{PREVIEW_TEXT.onlyErrors}</span>
          </Space>
        ) : null}
      </Flex>
      {currentStop ? (
        <Alert type="error" data-testid="import-current-error" title={describeStop(rows, currentStop)} />
      ) : null}
      {preview.errorCount > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={
            preview.validCount > 0
              ? `有错误的 ${preview.errorCount} 行不会导入。可修改文件后重新上传，或只导入可导入的 ${preview.validCount} 行。`
              : PREVIEW_TEXT.noValidRows
          }
        />
      ) : null}
      <Table<ImportRow>
        rowKey={rowKeyOf}
        size="small"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content', y: 360 }}
        onRow={(row) =>
          row.errors.length > 0 ? { 'data-row-error': 'true', style: { background: ERROR_ROW_BACKGROUND } } : {}
        }
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (n) => `共 ${n} 行`,
        }}
      />
    </Flex>
  );
}
