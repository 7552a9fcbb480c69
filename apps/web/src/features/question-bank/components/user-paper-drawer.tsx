import { useQuery } from '@tanstack/react-query';
import { Descriptions, Typography } from 'antd';
import type { Owner } from '../owner.ts';
import { schoolBankQueries } from '../school-queries.ts';
import { PaperDrawer, PaperSections } from './paper-sections.tsx';

export interface UserPaperDrawerProps {
  owner: Owner | null;
  paperId: string | null;
  onClose: () => void;
}

/** One of the teacher's papers (userpapers/detail), with the edits made to its questions in the editor. */
export function UserPaperDrawer({ owner, paperId, onClose }: UserPaperDrawerProps) {
  const detail = useQuery(schoolBankQueries.userPaper(owner, paperId)).data;
  const byId = new Map(detail?.questions.map((q) => [q.quesId, q]));
  return (
    <PaperDrawer title={detail?.title ?? '试卷详情'} open={paperId !== null} loading={!detail} onClose={onClose}>
      {(withAnswers) =>
        detail ? (
          <>
            <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 0 }}>
              {detail.paper.title}
            </Typography.Title>
            {detail.paper.subtitle ? (
              <Typography.Paragraph style={{ textAlign: 'center' }}>{detail.paper.subtitle}</Typography.Paragraph>
            ) : null}
            <Descriptions
              size="small"
              column={3}
              items={[
                { key: 'course', label: '学科', children: detail.courseName ?? '—' },
                { key: 'count', label: '题数', children: detail.paper.questionCount },
                { key: 'score', label: '总分', children: detail.paper.totalScore },
              ]}
            />
            <PaperSections
              withAnswers={withAnswers}
              sections={detail.paper.sections.map((section) => ({
                title: section.title,
                note: `（共 ${section.questions.length} 题，${section.totalScore} 分）`,
                questions: section.questions.map(({ quesId, score, edited }) => {
                  const question = byId.get(quesId);
                  return {
                    key: quesId,
                    score,
                    question: question && edited ? { ...question, ...edited } : (question ?? null),
                  };
                }),
              }))}
            />
          </>
        ) : null
      }
    </PaperDrawer>
  );
}
