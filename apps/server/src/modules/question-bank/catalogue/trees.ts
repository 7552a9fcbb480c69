import type { TreeNode } from '@huikao/contracts';
import type { NodeRow } from './catalogue-repo.ts';

/** Nests flat node rows (ordered by depth, then sort) into trees. */
export function nestNodes(rows: NodeRow[]): TreeNode[] {
  const byId = new Map<number, TreeNode>();
  const roots: TreeNode[] = [];
  for (const row of rows) {
    const node: TreeNode = {
      id: String(row.id),
      parentId: row.parentId === null ? null : String(row.parentId),
      name: row.name,
      depth: row.depth,
      children: [],
    };
    byId.set(row.id, node);
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Finds a node in nested trees. */
export function findNode(trees: TreeNode[], id: string): TreeNode | null {
  for (const node of trees) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return null;
}
