import type { TreeNode } from '@huikao/contracts';
import { Empty, Input, Skeleton, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { searchTree } from '../tree-search.ts';

export interface NodeTreeProps {
  /** Names the tree for assistive technology and tests (知识点, 章节). */
  label: string;
  nodes: TreeNode[] | undefined;
  loading?: boolean;
  selectedId?: string;
  /** undefined when the selected node is clicked again (back to the whole course). */
  onSelect: (nodeId: string | undefined) => void;
}

function toTreeData(nodes: TreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({ key: node.id, title: node.name, children: toTreeData(node.children) }));
}

/** A knowledge-point or chapter tree with a search box; one node selected at a time. */
export function NodeTree({ label, nodes, loading, selectedId, onSelect }: NodeTreeProps) {
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const result = useMemo(() => searchTree(nodes ?? [], keyword), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(result.nodes), [result.nodes]);
  const searching = keyword.trim() !== '';

  return (
    <section aria-label={`${label}树`}>
      <Input.Search
        allowClear
        size="small"
        placeholder={`搜索${label}`}
        aria-label={`搜索${label}`}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? `没有匹配的${label}` : `暂无${label}`} />
      ) : (
        <Tree
          blockNode
          showLine
          treeData={treeData}
          selectedKeys={selectedId ? [selectedId] : []}
          expandedKeys={searching ? result.expandedIds : expanded}
          onExpand={(keys) => setExpanded(keys)}
          onSelect={(keys) => onSelect(keys.length > 0 ? String(keys[0]) : undefined)}
          style={{ maxHeight: 'calc(100vh - 300px)', overflow: 'auto' }}
        />
      )}
    </section>
  );
}
