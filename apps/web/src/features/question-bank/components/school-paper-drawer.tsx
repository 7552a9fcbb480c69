import { SCHOOL_STATUS_NAMES } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { schoolBankQueries } from '../school-queries.ts';
import { PaperDrawer, PaperSections } from './paper-sections.tsx';

export interface SchoolPaperDrawerProps {
  schoolId: string;
  paperId: string | null;
  onClose: () => void;
}

/** A school paper under review or published (schoolpapers/detail), drafts included for type 5. */
export function SchoolPaperDrawer({ schoolId, paperId, onClose }: SchoolPaperDrawerProps) {
  const detail = useQuery(schoolBankQueries.schoolPaper(schoolId, paperId)).data;
  return (
    <PaperDrawer title={detail?.title ?? '试卷详情'} open={paperId !== null} loading={!detail} onClose={onClose}>
      {(withAnswers) =>
        detail ? (
          <>
            <Descriptions
              size="small"
              column={4}
              items={[
                { key: 'status', label: '状态', children: SCHOOL_STATUS_NAMES[detail.status] },
                { key: 'grade', label: '年级', children: detail.gradeName ?? '—' },
                { key: 'count', label: '题数', children: detail.questionCount },
                { key: 'score', label: '总分', children: detail.totalScore || '—' },
              ]}
            />
            <PaperSections
              withAnswers={withAnswers}
              sections={detail.sections.map((section) => ({
                title: section.title,
                questions: section.questions.map(({ question, score }) => ({ key: question.quesId, question, score })),
              }))}
            />
          </>
        ) : null
      }
    </PaperDrawer>
  );
}
