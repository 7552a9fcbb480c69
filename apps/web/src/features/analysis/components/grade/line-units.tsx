import type { LinesReport } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';
import { formatPercent } from '../../format.ts';
import { ReportTable } from '../report-table.tsx';

type Line = LinesReport['lines'][number];
type LineUnit = Line['units'][number];

/** Each class's students on the line and, per course, its 单上线 and 双上线 counts. */
export function LineUnits({ line, fileName }: { line: Line; fileName: string }) {
  if (line.units.length === 0) return null;
  const subjects = line.subjects.map((s) => ({ key: s.subjectKey, name: s.name }));
  const columns: TableColumnsType<LineUnit> = [
    { title: '班级', key: 'name', fixed: 'left', render: (_, row) => row.scope.name },
    { title: '参考人数', dataIndex: 'count', key: 'count', align: 'right' },
    { title: '总分上线', dataIndex: 'onLine', key: 'onLine', align: 'right' },
    {
      title: '上线率',
      key: 'onLineRate',
      align: 'right',
      render: (_, row) => formatPercent(row.count > 0 ? row.onLine / row.count : null),
    },
    ...subjects.map((subject) => {
      const of = (row: LineUnit) => row.subjects.find((s) => s.subjectKey === subject.key);
      return {
        title: subject.name,
        key: subject.key,
        children: [
          {
            title: '单上线',
            key: `single:${subject.key}`,
            align: 'right' as const,
            render: (_: unknown, row: LineUnit) => of(row)?.single ?? '—',
          },
          {
            title: '双上线',
            key: `double:${subject.key}`,
            align: 'right' as const,
            render: (_: unknown, row: LineUnit) => of(row)?.double ?? '—',
          },
        ],
      };
    }),
  ];
  return (
    <ReportTable<LineUnit>
      title={`${line.name}：各班上线`}
      rowKey={(row) => row.scope.id}
      rows={line.units}
      keyColumns={1}
      columns={columns}
      fileName={fileName}
    />
  );
}
