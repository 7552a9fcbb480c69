import { Alert, Button, Flex, Statistic, Typography } from 'antd';
import { formatScore } from '../../format.ts';
import { positionFacts, type StudentPosition } from './student-report-model.ts';

/**
 * A student report call that failed. Students have no status gate: while the report is being
 * computed the call says so, and 重试 asks again.
 */
export function StudentReportError({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={error.message}
      action={
        <Button size="small" onClick={retry}>
          重试
        </Button>
      }
    />
  );
}

/**
 * The student's score in one subject (or the total) with the class and grade figures, and their
 * position only as far as the server disclosed it.
 */
export function PositionStats({ label, position }: { label: string; position: StudentPosition }) {
  const facts = positionFacts(position);
  return (
    <Flex gap={32} wrap>
      <Statistic
        title={label}
        value={position.score === null ? '缺考' : formatScore(position.score)}
        suffix={position.score === null ? undefined : `/ ${formatScore(position.fullMark)}`}
      />
      <Statistic title="班级平均" value={formatScore(position.classMean)} />
      <Statistic title="年级平均" value={formatScore(position.gradeMean)} />
      <Statistic title="年级最高" value={formatScore(position.gradeMax)} />
      {position.t !== null ? <Statistic title="T分数" value={formatScore(position.t)} /> : null}
      {facts.map((fact) => (
        <Statistic key={fact.key} title={fact.label} value={fact.value} />
      ))}
      {facts.length === 0 ? (
        <Typography.Text type="secondary" style={{ alignSelf: 'flex-end' }}>
          本次考试不向学生公开名次和位置。
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
