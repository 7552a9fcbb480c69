import { splitAnswerPhotos } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Spin, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { FormulaText } from '../../../components/formula-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { onlineExamQueries } from '../queries.ts';

/** A released online exam: the score, each question with the student's own answer against the key and 解析. */
export function OnlineResultPage() {
  const { id = '' } = useParams();
  const result = useQuery(onlineExamQueries.result(id));
  if (result.error) return <Alert type="error" showIcon title={`成绩加载失败：${result.error.message}`} />;
  if (!result.data) return <Spin />;
  const r = result.data;
  return (
    <Flex vertical gap={16}>
      <PageHeader title={r.name} description="在线考试成绩与答案" />
      <Card>
        <Typography.Text strong data-testid="online-total" style={{ fontSize: 20 }}>
          得分：{r.total ?? '—'} / {r.fullMark}
        </Typography.Text>
      </Card>
      {r.questions.map((q) => (
        <Card key={q.questionId} title={`第 ${q.no} 题（${q.fullMark} 分）`} extra={<Tag>{q.score ?? '待评'} 分</Tag>}>
          <FormulaText text={q.stem} block />
          {q.options.map((o, i) => (
            <div key={o.key}>
              {q.kind === 'judge' ? o.text : `${String.fromCharCode(65 + i)}. `}
              {q.kind === 'judge' ? null : <FormulaText text={o.text} />}
            </div>
          ))}
          <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
            <Descriptions.Item label="我的答案">{shown(q.answer, q.options, q.kind)}</Descriptions.Item>
            {r.releaseAnswers ? (
              <Descriptions.Item label="参考答案">
                {q.key === null ? (
                  '—'
                ) : q.kind === 'text' ? (
                  <FormulaText text={q.key} />
                ) : (
                  shown(q.key, q.options, q.kind)
                )}
              </Descriptions.Item>
            ) : null}
            {r.releaseAnswers && q.explanation ? (
              <Descriptions.Item label="解析">
                <FormulaText text={q.explanation} block />
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
      ))}
    </Flex>
  );
}

/** An answer in the letters this student saw (their shuffle), or the text as typed. */
function shown(answer: string, options: { key: string; text: string }[], kind: string) {
  if (!answer) return '未作答';
  if (kind === 'text') {
    const { text, photos } = splitAnswerPhotos(answer);
    return photos.length > 0 ? `${text}（附图片 ${photos.length} 张）` : text;
  }
  if (kind === 'judge') return answer === 'T' ? '正确' : '错误';
  return options.map((o, i) => (answer.includes(o.key) ? String.fromCharCode(65 + i) : '')).join('');
}
