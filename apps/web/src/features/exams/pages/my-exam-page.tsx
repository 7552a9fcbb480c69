import { Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { ExamEditor } from '../components/exam-editor.tsx';
import { ExamList } from '../components/exam-list.tsx';

/**
 * 我的考试 (/teacher/examMark/my-exam): the exam list, and an exam's step-by-step editor. The
 * editor's exam and step live in the address (?meId=…&step=…), so a reload or a shared link
 * comes back to the same step; ?meId=new starts a new exam.
 */
export function MyExamPage() {
  const [params, setParams] = useSearchParams();
  const meId = params.get('meId');
  const step = Number(params.get('step') ?? 0) || 0;

  if (meId) {
    return (
      <ExamEditor
        meId={meId === 'new' ? '' : meId}
        step={step}
        onStep={(next, savedMeId) => setParams({ meId: savedMeId ?? meId, step: String(next) })}
        onClose={() => setParams({})}
      />
    );
  }
  return (
    <Flex vertical>
      <PageHeader title="我的考试" />
      <ExamList
        onOpen={(id, openStep) => setParams({ meId: id, step: String(openStep ?? 0) })}
        onCreate={() => setParams({ meId: 'new', step: '0' })}
      />
    </Flex>
  );
}
