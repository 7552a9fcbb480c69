import type { CollectionNode } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { collectionMoves, findCollectionNode, TOP_LEVEL } from './collection-tree.ts';

const node = (id: string, sortOrder: number, children: CollectionNode[] = []): CollectionNode => ({
  id,
  parentId: null,
  courseId: '2',
  name: `目录${id}`,
  sortOrder,
  itemCount: 0,
  children,
});
const tree = [node('1', 0, [node('3', 0), node('4', 5)]), node('2', 1)];

describe('the collection tree', () => {
  it('finds a folder at any depth', () => {
    expect(findCollectionNode(tree, '4')?.name).toBe('目录4');
    expect(findCollectionNode(tree, '9')).toBeNull();
  });

  it('moves a folder after the target’s folders, or to the top level', () => {
    expect(collectionMoves(tree, '2', '1')).toEqual([{ id: '2', parentId: '1', sortOrder: 6 }]);
    expect(collectionMoves(tree, '3', TOP_LEVEL)).toEqual([{ id: '3', parentId: '', sortOrder: 2 }]);
    expect(collectionMoves(tree, '2', TOP_LEVEL)).toEqual([{ id: '2', parentId: '', sortOrder: 1 }]);
  });
});
