import type { TreeDraft } from './import-model.ts';

// Knowledge trees from JSON: an array of nodes named by `name`, `lable` (kspf/wx-tree's spelling),
// `label` or `title`, with `children`. Other fields (counts, ids) are ignored.

interface RawNode {
  name?: string;
  lable?: string;
  label?: string;
  title?: string;
  children?: RawNode[];
}

export function parseTreeJson(json: unknown): TreeDraft[] {
  const roots = Array.isArray(json) ? json : (json as { children?: unknown[] }).children;
  if (!Array.isArray(roots)) throw new Error('知识树文件应为节点数组');
  const convert = (node: RawNode): TreeDraft[] => {
    const name = (node.name ?? node.lable ?? node.label ?? node.title ?? '').trim();
    if (!name) return [];
    return [{ name, children: (node.children ?? []).flatMap(convert) }];
  };
  return (roots as RawNode[]).flatMap(convert);
}

export function isTreeJson(json: unknown): boolean {
  return (
    Array.isArray(json) && json.length > 0 && typeof json[0] === 'object' && json[0] !== null && 'children' in json[0]
  );
}
