import { ChapterTree } from '../components/chapter-tree.tsx';
import { TopicWorkspace } from '../components/topic-workspace.tsx';

/** 章节选题 (spec §2 chapter-topic): questions by textbook chapter (版本 → 册 → 章 → 节). */
export function ChapterTopicPage() {
  return (
    <TopicWorkspace
      title="章节选题"
      description="按教材版本、册别和章节筛选试题，查看解析与相似题，加入试题篮组卷"
      treeKind="chapter"
      renderTree={({ courseId, selectedId, onSelect, onScope }) => (
        <ChapterTree
          key={courseId}
          courseId={courseId}
          selectedId={selectedId}
          onSelect={onSelect}
          onVolumeChange={onScope}
        />
      )}
    />
  );
}
