import { Alert, Button, Flex } from 'antd';
import type { Refused } from '../paper-queue.ts';

const KIND: Record<string, string> = { first: '一评', second: '二评', third: '三评', arbitration: '仲裁' };

/**
 * Submissions that did not go in (the desk moved on to the next paper at once): each stays on the
 * desk with the server's reason until the marker retries or dismisses it, never silently lost.
 */
export function RefusedList({ refused, onDismiss }: { refused: Refused[]; onDismiss: (paperId: string) => void }) {
  if (refused.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }} aria-label="未提交成功的评分">
      {refused.map((r) => (
        <Alert
          key={r.paper.paperId}
          type="error"
          showIcon
          title={`一份${KIND[r.paper.kind] ?? ''}试卷的评分未提交成功，未记录`}
          description={r.message}
          action={
            <Flex vertical gap={4}>
              <Button size="small" onClick={r.retry}>
                重试
              </Button>
              <Button size="small" type="text" onClick={() => onDismiss(r.paper.paperId)}>
                知道了
              </Button>
            </Flex>
          }
        />
      ))}
    </Flex>
  );
}
