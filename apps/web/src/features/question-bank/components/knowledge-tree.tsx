import { useQuery } from '@tanstack/react-query';
import { questionBankQueries } from '../queries.ts';
import { NodeTree } from './node-tree.tsx';

export interface KnowledgeTreeProps {
  courseId: string;
  selectedId?: string;
  onSelect: (nodeId: string | undefined) => void;
}

/** The course's knowledge-point tree (nodes/get type 1). */
export function KnowledgeTree({ courseId, selectedId, onSelect }: KnowledgeTreeProps) {
  const nodes = useQuery(questionBankQueries.nodes(courseId, 1));
  return (
    <NodeTree label="知识点" nodes={nodes.data} loading={nodes.isPending} selectedId={selectedId} onSelect={onSelect} />
  );
}
