import type { TreeNode } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { findTreeNode, searchTree } from './tree-search.ts';

const node = (id: string, name: string, children: TreeNode[] = [], parentId: string | null = null): TreeNode => ({
  id,
  parentId,
  name,
  depth: 0,
  children,
});

const TREE = [
  node('1', '数与式', [node('2', '有理数'), node('3', '分式')]),
  node('4', '方程与不等式', [node('5', '一元一次方程'), node('6', '分式方程')]),
  node('7', '图形的性质', [node('8', '圆', [node('9', '垂径定理')])]),
];

describe('searchTree', () => {
  it('returns the whole tree for an empty keyword', () => {
    expect(searchTree(TREE, '  ')).toEqual({ nodes: TREE, expandedIds: [] });
  });

  it('keeps matches with the path to them and expands that path', () => {
    const result = searchTree(TREE, '分式');
    expect(result.nodes.map((n) => [n.name, n.children.map((c) => c.name)])).toEqual([
      ['数与式', ['分式']],
      ['方程与不等式', ['分式方程']],
    ]);
    expect(result.expandedIds.sort()).toEqual(['1', '4']);
  });

  it('keeps the subtree of a matching node', () => {
    const result = searchTree(TREE, '圆');
    expect(result.nodes[0]?.children[0]?.children.map((n) => n.name)).toEqual(['垂径定理']);
    expect(result.expandedIds).toEqual(['7']);
  });

  it('finds nothing for an unknown word', () => {
    expect(searchTree(TREE, '概率').nodes).toEqual([]);
  });
});

describe('findTreeNode', () => {
  it('finds a node at any depth', () => {
    expect(findTreeNode(TREE, '9')?.name).toBe('垂径定理');
    expect(findTreeNode(TREE, '99')).toBeUndefined();
  });
});
