import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Image, Typography } from 'antd';
import { examQueries } from '../queries.ts';

/**
 * A student's scanned answer sheet, every page, from signed links (marking.md "Into scores").
 * Clicking a page opens the viewer (zoom, rotate, page through all pages). Nothing is shown to
 * whoever may not read the paper: the call refuses them.
 */
export function ScannedSheet({
  schoolId,
  seId,
  studentId,
  asStudent,
}: {
  schoolId: string;
  seId: string;
  studentId: string;
  asStudent: boolean;
}) {
  const sheet = useQuery(examQueries.sheet(schoolId, seId, studentId, asStudent));
  if (sheet.error) return <Alert type="error" showIcon title={`答题卡加载失败：${sheet.error.message}`} />;
  if (!sheet.data) return <Typography.Text type="secondary">答题卡加载中…</Typography.Text>;
  if (sheet.data.pages.length === 0) return <Empty description="没有扫描的答题卡" />;
  return (
    <Image.PreviewGroup>
      <Flex vertical gap={12} aria-label="答题卡">
        {sheet.data.pages.map((page, index) => (
          <figure key={page.url} style={{ margin: 0 }}>
            <Image
              src={page.url}
              alt={`答题卡第 ${page.pageNo || index + 1} 页`}
              width="100%"
              style={{ border: '1px solid rgba(0,0,0,0.1)' }}
            />
            <Typography.Text type="secondary">第 {page.pageNo || index + 1} 页（点击放大）</Typography.Text>
          </figure>
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}
