import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { paperEditorPath, sourceOf } from '../components/paper-editor/editor-route.ts';
import { useEditorSource } from '../components/paper-editor/editor-source.ts';
import { PaperEditor } from '../components/paper-editor/paper-editor.tsx';
import { useOwner } from '../owner.ts';

/**
 * 组卷 (issue #6): the paper editor, opened from the basket, a paper of the library or a saved
 * user paper (editor-route.ts). A new paper, once saved, moves to its own address, so a reload
 * opens the saved paper.
 */
export function PaperEditorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const source = sourceOf(params);
  const owner = useOwner();
  const loaded = useEditorSource(source, owner);

  if (loaded.problem) {
    return (
      <Card>
        <Result
          status="info"
          title={loaded.problem}
          extra={
            <Button type="primary" onClick={() => navigate('/teacher/questionBank/know-topic')}>
              去选题
            </Button>
          }
        />
      </Card>
    );
  }
  if (loaded.loading || !loaded.paper || !owner) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  return (
    <PaperEditor
      // Another source (or the saved paper's own address) is another editing session.
      key={params.toString()}
      initial={loaded.paper}
      savedPaperId={loaded.savedPaperId}
      owner={owner}
      onCreated={(paperId) => navigate(paperEditorPath({ from: 'mine', paperId }), { replace: true })}
    />
  );
}
