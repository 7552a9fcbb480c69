import type { TreeNode } from '@huikao/contracts';

// Searching a knowledge or chapter tree in the browser: the matching nodes with the path down to
// them, so a match deep in the tree is shown in place and the teacher sees where it sits.

export interface TreeSearchResult {
  nodes: TreeNode[];
  /** Ids to expand so every match is visible. */
  expandedIds: string[];
}

export function searchTree(roots: readonly TreeNode[], keyword: string): TreeSearchResult {
  const word = keyword.trim().toLowerCase();
  if (!word) return { nodes: [...roots], expandedIds: [] };
  const expandedIds: string[] = [];
  const visit = (node: TreeNode): TreeNode | null => {
    // A matching node keeps its whole subtree: its children are what the teacher came for.
    if (node.name.toLowerCase().includes(word)) return node;
    const children = node.children.map(visit).filter((child): child is TreeNode => child !== null);
    if (children.length === 0) return null;
    expandedIds.push(node.id);
    return { ...node, children };
  };
  const nodes = roots.map(visit).filter((node): node is TreeNode => node !== null);
  return { nodes, expandedIds };
}

/** The node's name by id, anywhere in the tree. */
export function findTreeNode(roots: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const node of roots) {
    if (node.id === id) return node;
    const found = findTreeNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}
