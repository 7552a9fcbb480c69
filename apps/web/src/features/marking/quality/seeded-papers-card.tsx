import type { SeededPaper } from '@huikao/contracts';
import { Button, Card, Empty, Table } from 'antd';
import { formatDateTime } from '../../../lib/date-format.ts';
import { confirmDialog } from '../../../lib/notify.ts';
import { useSeededPapers, useUnsetSeeded } from './quality-queries.ts';

/** 题目监控's 标准卷: the 题块's reference papers, declared from the 题组长's 回评 (设为标准卷). */
export function SeededPapersCard({ blockId }: { blockId: string }) {
  const seeded = useSeededPapers(blockId);
  const unset = useUnsetSeeded(blockId);
  const rows = seeded.data ?? [];
  return (
    <Card title={`标准卷（${rows.length} 份）`}>
      {rows.length === 0 ? (
        <Empty description="还没有标准卷：题组长可在阅卷页的回评中把自己评过的试卷设为标准卷" />
      ) : (
        <Table<SeededPaper>
          aria-label="标准卷"
          size="small"
          rowKey="paperId"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: '序号', render: (_v, _r, i) => i + 1 },
            { title: '参考分', dataIndex: 'total' },
            { title: '设置人', dataIndex: 'setByName' },
            { title: '设置时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            {
              title: '操作',
              render: (_v, r) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    confirmDialog({
                      title: '移出标准卷？',
                      content: '已评过的标准卷记录保留，之后不再混入阅卷教师的队列。',
                      onOk: () => unset.mutateAsync(r.paperId),
                    })
                  }
                >
                  移出
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
