import { KnowledgeTree } from '../components/knowledge-tree.tsx';
import { TopicWorkspace } from '../components/topic-workspace.tsx';

/** 知识点选题 (spec §2 know-topic): questions by knowledge point. */
export function KnowTopicPage() {
  return (
    <TopicWorkspace
      title="知识点选题"
      description="按知识点筛选试题，查看解析与相似题，加入试题篮组卷"
      treeKind="knowledge"
      renderTree={({ courseId, selectedId, onSelect }) => (
        <KnowledgeTree key={courseId} courseId={courseId} selectedId={selectedId} onSelect={onSelect} />
      )}
    />
  );
}
