import type { TableColumnsType } from 'antd';
import { formatChange, formatPercent, formatRank, formatScore } from '../../format.ts';

// Table columns of the class views, each rendering its figure through format.ts. The export
// (export-table.ts) reads the same render, so the sheet shows what the table shows.

type Column<Row> = TableColumnsType<Row>[number];
type Figure = number | null | undefined;

const byNumber =
  <Row>(value: (row: Row) => Figure) =>
  (a: Row, b: Row) =>
    (value(a) ?? Number.NEGATIVE_INFINITY) - (value(b) ?? Number.NEGATIVE_INFINITY);

interface Options {
  key?: string;
  sortable?: boolean;
  width?: number;
}

function numeric<Row>(
  title: string,
  value: (row: Row) => Figure,
  format: (figure: Figure) => string,
  { key = title, sortable = false, width }: Options,
): Column<Row> {
  return {
    key,
    title,
    align: 'right',
    width,
    render: (_: unknown, row: Row) => format(value(row)),
    ...(sortable ? { sorter: byNumber(value) } : {}),
  };
}

/** A score or any figure, 2 decimals half up. */
export const scoreColumn = <Row>(title: string, value: (row: Row) => Figure, options: Options = {}) =>
  numeric(title, value, (figure) => formatScore(figure), options);

/** A fraction shown as a percentage. */
export const percentColumn = <Row>(title: string, value: (row: Row) => Figure, options: Options = {}) =>
  numeric(title, value, (figure) => formatPercent(figure), options);

/** A rank (名次). */
export const rankColumn = <Row>(title: string, value: (row: Row) => Figure, options: Options = {}) =>
  numeric(title, value, formatRank, options);

/** A change (+3 / −2), e.g. 进退步 or a gap between class and grade. */
export const changeColumn = <Row>(title: string, value: (row: Row) => Figure, options: Options = {}) =>
  numeric(title, value, (figure) => formatChange(figure), options);

/** A gap of two fractions in percentage points: +10.00%. */
export const percentGapColumn = <Row>(title: string, value: (row: Row) => Figure, options: Options = {}) =>
  numeric(
    title,
    value,
    (figure) => {
      const shown = formatPercent(figure);
      return typeof figure === 'number' && figure > 0 ? `+${shown}` : shown;
    },
    options,
  );

/** Plain text. */
export const textColumn = <Row>(
  title: string,
  value: (row: Row) => string | null | undefined,
  key = title,
): Column<Row> => ({
  key,
  title,
  render: (_: unknown, row: Row) => value(row) ?? '—',
});
