import { readStoredUser } from '../../../lib/session.ts';
import { KnowledgeTree } from '../components/knowledge-tree.tsx';
import { TopicWorkspace } from '../components/topic-workspace.tsx';

/**
 * 校本试题 (spec §2 school-question): what the school has published, searched like the shared bank
 * (questions/get_fast narrowed to the school by its schoolId), with 相似题 and the basket.
 */
export function SchoolQuestionPage() {
  return (
    <TopicWorkspace
      title="校本试题"
      description="本校教务管理员发布的试题，可按知识点和条件筛选，加入试题篮组卷"
      treeKind="knowledge"
      schoolId={readStoredUser()?.schoolId ?? ''}
      renderTree={({ courseId, selectedId, onSelect }) => (
        <KnowledgeTree key={courseId} courseId={courseId} selectedId={selectedId} onSelect={onSelect} />
      )}
    />
  );
}
