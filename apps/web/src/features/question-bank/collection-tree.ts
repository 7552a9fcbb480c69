import type { CollectionNode } from '@huikao/contracts';

// The collection folder tree on the page: finding a folder and the move sent to update_uc_nodes.

/** The TreeSelect value of the top level (no parent). */
export const TOP_LEVEL = 'top';

export function findCollectionNode(nodes: CollectionNode[], id: string): CollectionNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findCollectionNode(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The folder moved under `target` (or the top level), placed after the folders already there. */
export function collectionMoves(nodes: CollectionNode[], id: string, target: string) {
  const siblings = target === TOP_LEVEL ? nodes : (findCollectionNode(nodes, target)?.children ?? []);
  const others = siblings.filter((node) => node.id !== id);
  const last = others.reduce((max, node) => Math.max(max, node.sortOrder + 1), 0);
  return [{ id, parentId: target === TOP_LEVEL ? '' : target, sortOrder: last }];
}
