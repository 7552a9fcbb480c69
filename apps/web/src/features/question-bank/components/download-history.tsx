import { exportFormatName, type questionBankUserApi, type ResultOf } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { schoolBankQueries } from '../school-queries.ts';

type Download = ResultOf<typeof questionBankUserApi.getUserDownloadPapers>['list'][number];

/** 下载记录 (getUserDownloadPapers): every Word or PDF export of the teacher's papers, newest first. */
export function DownloadHistory() {
  const openid = readStoredUser()?.loginName ?? '';
  const [query, setQuery] = useTableQuery({ pageSize: 20 });
  const downloads = useQuery(
    schoolBankQueries.downloads(openid ? { openid, pageIndex: query.currentPage, pageSize: query.pageSize } : null),
  );
  return (
    <DataTable<Download>
      label="下载记录"
      rowKey="id"
      query={query}
      onQueryChange={setQuery}
      page={downloads.data}
      loading={downloads.isFetching}
      searchPlaceholder={false}
      emptyText="还没有下载过试卷"
      columns={[
        { key: 'title', title: '试卷', dataIndex: 'title' },
        { key: 'fileName', title: '文件名', dataIndex: 'fileName' },
        {
          key: 'format',
          title: '格式',
          width: 80,
          render: (_: unknown, row) => exportFormatName(row.format),
        },
        { key: 'course', title: '学科', width: 80, render: (_: unknown, row) => row.courseName ?? '—' },
        {
          key: 'at',
          title: '下载时间',
          width: 170,
          render: (_: unknown, row) => formatDateTime(row.downloadedAt),
        },
      ]}
      rowActions={(row) =>
        row.userPaperId ? (
          <Link to={`/teacher/questionBank/paper-editor?paperId=${encodeURIComponent(row.userPaperId)}`}>打开试卷</Link>
        ) : (
          '试卷已删除'
        )
      }
    />
  );
}
