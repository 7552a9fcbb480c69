import { Empty, Flex, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useRef, useState } from 'react';

/** What a list asks the server for: one page, the search text, and optional sorting and filters. */
export interface DataTableQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  filters: Record<string, ReadonlyArray<string | number | boolean>>;
}

/** One page of rows and how many there are in all (the contracts' `pageOf`). */
export interface DataTablePage<Row> {
  list: Row[];
  total: number;
}

/** Page sizes an administrator picks from; 20 by default (the contracts' default). */
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export function initialTableQuery(overrides: Partial<DataTableQuery> = {}): DataTableQuery {
  return { currentPage: 1, pageSize: PAGE_SIZE_OPTIONS[0], keyword: '', filters: {}, ...overrides };
}

/** The query state of one table. */
export function useTableQuery(overrides: Partial<DataTableQuery> = {}) {
  return useState<DataTableQuery>(() => initialTableQuery(overrides));
}

export interface LocalPagingOptions<Row> {
  /** The text the keyword is looked for in (case-insensitive). */
  searchText: (row: Row) => string;
  sortValue?: (row: Row, field: string) => string | number | null;
  filterValue?: (row: Row, field: string) => string | number | boolean | null;
}

/**
 * For calls that answer with the whole list (a school's classes, leaders …): the same query applied
 * in the browser, so every list behaves alike whichever side pages it.
 */
export function pageLocally<Row>(
  rows: readonly Row[] | undefined,
  query: DataTableQuery,
  options: LocalPagingOptions<Row>,
): DataTablePage<Row> | undefined {
  if (!rows) return undefined;
  const keyword = query.keyword.trim().toLowerCase();
  let list = keyword ? rows.filter((row) => options.searchText(row).toLowerCase().includes(keyword)) : [...rows];
  const { filterValue, sortValue } = options;
  if (filterValue) {
    for (const [field, accepted] of Object.entries(query.filters)) {
      if (accepted.length > 0) list = list.filter((row) => accepted.includes(filterValue(row, field) ?? ''));
    }
  }
  if (sortValue && query.sortField && query.sortOrder) {
    const field = query.sortField;
    const direction = query.sortOrder === 'ascend' ? 1 : -1;
    list.sort((a, b) => direction * compareValues(sortValue(a, field), sortValue(b, field)));
  }
  const start = (query.currentPage - 1) * query.pageSize;
  return { list: list.slice(start, start + query.pageSize), total: list.length };
}

function compareValues(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'zh-CN', { numeric: true });
}

export interface DataTableProps<Row> {
  rowKey: Extract<keyof Row, string> | ((row: Row) => string);
  columns: TableColumnsType<Row>;
  /** The current page; undefined while the first page loads. */
  page: DataTablePage<Row> | undefined;
  query: DataTableQuery;
  onQueryChange: (next: DataTableQuery) => void;
  loading?: boolean;
  /** Shown in the search box; false hides the box. */
  searchPlaceholder?: string | false;
  /** Buttons beside the search box (新增, 批量导入, 导出 …). */
  toolbar?: ReactNode;
  /** The 操作 column; omit it for none. */
  rowActions?: (row: Row) => ReactNode;
  actionsWidth?: number;
  /** Said when there is nothing yet (no search typed). */
  emptyText?: ReactNode;
  expandable?: TableProps<Row>['expandable'];
  rowClassName?: TableProps<Row>['rowClassName'];
  /** Checkboxes for batch actions (the toolbar acts on the selected rows). */
  rowSelection?: TableProps<Row>['rowSelection'];
  size?: TableProps<Row>['size'];
  /** Names the table for assistive technology and tests. */
  label?: string;
}

/**
 * THE list of the platform: server-side paging (currentPage/pageSize), a debounced search box,
 * optional sorting and filters, a toolbar, row actions and clear loading and empty states. The
 * caller fetches with `query` and passes the page back; the table itself never fetches.
 */
export function DataTable<Row extends object>({
  rowKey,
  columns,
  page,
  query,
  onQueryChange,
  loading,
  searchPlaceholder = '输入关键字搜索',
  toolbar,
  rowActions,
  actionsWidth,
  emptyText = '暂无数据',
  expandable,
  rowClassName,
  rowSelection,
  size = 'middle',
  label,
}: DataTableProps<Row>) {
  const latest = useRef({ query, onQueryChange });
  latest.current = { query, onQueryChange };
  const [searchText, setSearchText] = useState(query.keyword);

  const typed = useRef(searchText);
  typed.current = searchText;

  // A keyword set from outside (a reset, another control) shows in the box; the box's own keyword
  // coming back does not overwrite what was typed since.
  useEffect(() => {
    if (query.keyword !== typed.current.trim()) setSearchText(query.keyword);
  }, [query.keyword]);

  useEffect(() => {
    const keyword = searchText.trim();
    if (keyword === latest.current.query.keyword) return;
    const timer = setTimeout(() => {
      latest.current.onQueryChange({ ...latest.current.query, keyword, currentPage: 1 });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // After deleting the last row of the last page, show the page that now is the last.
  const total = page?.total;
  useEffect(() => {
    if (total === undefined) return;
    const lastPage = Math.max(1, Math.ceil(total / latest.current.query.pageSize));
    if (latest.current.query.currentPage > lastPage) {
      latest.current.onQueryChange({ ...latest.current.query, currentPage: lastPage });
    }
  }, [total]);

  const searchNow = (value: string) => {
    setSearchText(value);
    const keyword = value.trim();
    if (keyword !== query.keyword) onQueryChange({ ...query, keyword, currentPage: 1 });
  };

  const handleChange: TableProps<Row>['onChange'] = (pagination, filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      const pageSize = pagination.pageSize ?? query.pageSize;
      onQueryChange({ ...query, pageSize, currentPage: pageSize === query.pageSize ? (pagination.current ?? 1) : 1 });
    } else if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const order = single?.order ?? undefined;
      const field = order ? String(single?.columnKey ?? single?.field ?? '') : undefined;
      onQueryChange({ ...query, sortField: field, sortOrder: order, currentPage: 1 });
    } else if (extra.action === 'filter') {
      const next: DataTableQuery['filters'] = {};
      for (const [field, values] of Object.entries(filters)) {
        if (values && values.length > 0) next[field] = values as Array<string | number | boolean>;
      }
      onQueryChange({ ...query, filters: next, currentPage: 1 });
    }
  };

  const controlled: TableColumnsType<Row> = columns.map((column) => {
    const key = String(column.key ?? ('dataIndex' in column ? column.dataIndex : '') ?? '');
    return {
      ...column,
      ...(column.sorter ? { sortOrder: query.sortField === key ? (query.sortOrder ?? null) : null } : {}),
      ...(column.filters ? { filteredValue: (query.filters[key] as Key[] | undefined) ?? null } : {}),
    };
  });
  if (rowActions) {
    controlled.push({
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: actionsWidth,
      render: (_value, row) => rowActions(row),
    });
  }

  const searching = query.keyword !== '';
  return (
    <section aria-label={label} data-testid={label ? `data-table-${label}` : undefined}>
      {searchPlaceholder !== false || toolbar ? (
        <Flex gap={8} wrap justify="space-between" align="center" style={{ marginBottom: 12 }}>
          {searchPlaceholder !== false ? (
            <Input.Search
              aria-label="搜索"
              allowClear
              placeholder={searchPlaceholder}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              onSearch={searchNow}
              style={{ maxWidth: 320 }}
            />
          ) : (
            <span />
          )}
          {toolbar ? (
            <Flex gap={8} wrap>
              {toolbar}
            </Flex>
          ) : null}
        </Flex>
      ) : null}
      <Table<Row>
        rowKey={rowKey}
        columns={controlled}
        dataSource={page?.list ?? []}
        loading={loading}
        size={size}
        expandable={expandable}
        rowClassName={rowClassName}
        rowSelection={rowSelection}
        onChange={handleChange}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.currentPage,
          pageSize: query.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showQuickJumper: (page?.total ?? 0) > query.pageSize * 5,
          showTotal: (count) => `共 ${count} 条`,
          hideOnSinglePage: false,
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={searching ? `没有与“${query.keyword}”匹配的记录` : emptyText}
            />
          ),
        }}
      />
    </section>
  );
}
