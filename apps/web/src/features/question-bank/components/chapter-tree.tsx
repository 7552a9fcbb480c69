import { useQuery } from '@tanstack/react-query';
import { Flex, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { questionBankQueries } from '../queries.ts';
import { NodeTree } from './node-tree.tsx';

export interface ChapterTreeProps {
  courseId: string;
  selectedId?: string;
  onSelect: (nodeId: string | undefined) => void;
  /** The volume in view: with no chapter chosen, the list shows the whole volume. */
  onVolumeChange: (volumeId: string | undefined) => void;
}

/**
 * The textbook side of chapter-topic: 版本 and 册 from textbooks/get_ctv, then the chapters and
 * sections of the volume from textbooks/get_ccn_by_root.
 */
export function ChapterTree({ courseId, selectedId, onSelect, onVolumeChange }: ChapterTreeProps) {
  const editions = useQuery(questionBankQueries.editions(courseId));
  const [editionId, setEditionId] = useState<string>();
  const [volumeId, setVolumeId] = useState<string>();
  const edition = editions.data?.find((e) => e.id === editionId);

  const latest = useRef(onVolumeChange);
  latest.current = onVolumeChange;
  useEffect(() => latest.current(volumeId), [volumeId]);

  // A new course (or its first load) starts at its first edition and volume.
  useEffect(() => {
    const first = editions.data?.[0];
    setEditionId(first?.id);
    setVolumeId(first?.volumes[0]?.id);
  }, [editions.data]);

  const chapters = useQuery(questionBankQueries.chapters(volumeId));
  // get_ccn_by_root answers [the volume]; its children are the chapters.
  const nodes = chapters.data?.flatMap((volume) => volume.children);

  return (
    <Flex vertical gap={8}>
      <Select
        aria-label="教材版本"
        placeholder="教材版本"
        loading={editions.isPending}
        value={editionId}
        options={editions.data?.map((e) => ({ value: e.id, label: e.name }))}
        onChange={(id: string) => {
          setEditionId(id);
          setVolumeId(editions.data?.find((e) => e.id === id)?.volumes[0]?.id);
          onSelect(undefined);
        }}
      />
      <Select
        aria-label="册别"
        placeholder="册别"
        value={volumeId}
        options={edition?.volumes.map((v) => ({ value: v.id, label: v.name }))}
        onChange={(id: string) => {
          setVolumeId(id);
          onSelect(undefined);
        }}
      />
      <NodeTree
        label="章节"
        nodes={volumeId ? nodes : []}
        loading={editions.isPending || (!!volumeId && chapters.isPending)}
        selectedId={selectedId}
        onSelect={onSelect}
      />
    </Flex>
  );
}
