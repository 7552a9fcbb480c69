import { DeleteOutlined, DragOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import { type CollectionNode, questionBankUserApi } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Input,
  List,
  Modal,
  Pagination,
  Popconfirm,
  Space,
  Tag,
  Tree,
  type TreeDataNode,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useBasket } from '../basket.ts';
import { collectionMoves, findCollectionNode, TOP_LEVEL } from '../collection-tree.ts';
import { BasketButton, BasketDrawer } from '../components/basket-drawer.tsx';
import { CoursePicker, useChosenCourse } from '../components/course-picker.tsx';
import { PaperDetailDrawer } from '../components/paper-detail-drawer.tsx';
import { QuestionCard } from '../components/question-card.tsx';
import { type Owner, useOwner } from '../owner.ts';
import { questionBankQueries } from '../queries.ts';
import { schoolBankKeys, schoolBankQueries } from '../school-queries.ts';

const ITEM_PAGE_SIZE = 10;
const TYPE_NAMES: Record<number, string> = { 1: '试题', 2: '试卷', 3: '我的试卷' };

function toTreeData(nodes: CollectionNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: `${node.name}（${node.itemCount}）`,
    children: toTreeData(node.children),
  }));
}

type Naming = { mode: 'add'; parentId: string | null } | { mode: 'rename'; node: CollectionNode };

/** 我的收藏 (spec §2 my-collection): folders per course, and the questions and papers kept in them. */
export function MyCollectionPage() {
  const owner = useOwner();
  const courseId = useChosenCourse();
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [moving, setMoving] = useState<CollectionNode | null>(null);
  const nodes = useQuery(schoolBankQueries.collectionNodes(owner, courseId));
  const selected = selectedId ? findCollectionNode(nodes.data ?? [], selectedId) : null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: schoolBankKeys.collection });

  async function remove(node: CollectionNode) {
    await call(questionBankUserApi.deleteCollectionNode, { id: node.id });
    notifySuccess('已删除', node.name);
    if (selectedId === node.id) setSelectedId(null);
    await refresh();
  }

  return (
    <Flex vertical>
      <PageHeader title="我的收藏" description="按目录整理收藏的试题和试卷；目录可新建、重命名、移动和删除" />
      <Flex gap={16} align="flex-start">
        <Card size="small" style={{ width: 320, flex: 'none' }}>
          <Flex vertical gap={12}>
            <CoursePicker />
            <Space wrap>
              <Button
                size="small"
                icon={<FolderAddOutlined />}
                disabled={!owner || !courseId}
                onClick={() => setNaming({ mode: 'add', parentId: null })}
              >
                新建目录
              </Button>
              <Button
                size="small"
                disabled={!selected}
                onClick={() => selected && setNaming({ mode: 'add', parentId: selected.id })}
              >
                新建子目录
              </Button>
            </Space>
            {nodes.data && nodes.data.length > 0 ? (
              <section aria-label="收藏目录">
                <Tree
                  blockNode
                  defaultExpandAll
                  treeData={toTreeData(nodes.data)}
                  selectedKeys={selectedId ? [selectedId] : []}
                  onSelect={(keys) => setSelectedId(keys.length > 0 ? String(keys[0]) : null)}
                />
              </section>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={nodes.isPending ? '加载中' : '还没有收藏目录'} />
            )}
            {selected ? (
              <Space wrap>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setNaming({ mode: 'rename', node: selected })}
                >
                  重命名
                </Button>
                <Button size="small" icon={<DragOutlined />} onClick={() => setMoving(selected)}>
                  移动
                </Button>
                <Popconfirm
                  title={`删除“${selected.name}”及其子目录和收藏的内容吗？`}
                  onConfirm={() => remove(selected)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ) : null}
          </Flex>
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>
          {selected && owner && courseId ? (
            <CollectionItems key={selected.id} owner={owner} courseId={courseId} node={selected} onChanged={refresh} />
          ) : (
            <Card>
              <Empty description="在左侧选择一个目录查看收藏的试题和试卷" />
            </Card>
          )}
        </div>
      </Flex>
      {owner && courseId ? (
        <NameDialog
          naming={naming}
          owner={owner}
          courseId={courseId}
          onClose={() => setNaming(null)}
          onDone={refresh}
        />
      ) : null}
      {owner && courseId ? (
        <MoveDialog
          node={moving}
          tree={nodes.data ?? []}
          owner={owner}
          courseId={courseId}
          onClose={() => setMoving(null)}
          onDone={refresh}
        />
      ) : null}
    </Flex>
  );
}

interface NameDialogProps {
  naming: Naming | null;
  owner: Owner;
  courseId: string;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

function NameDialog({ naming, owner, courseId, onClose, onDone }: NameDialogProps) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const title = naming?.mode === 'rename' ? '重命名目录' : naming?.parentId ? '新建子目录' : '新建目录';
  // Set when the dialog opens, before anything can be typed into it.
  useEffect(() => setName(naming?.mode === 'rename' ? naming.node.name : ''), [naming]);
  async function save() {
    if (!naming) return;
    setSaving(true);
    try {
      if (naming.mode === 'add') {
        await call(questionBankUserApi.addCollectionNode, {
          ...owner,
          courseId,
          parentId: naming.parentId ?? undefined,
          name,
        });
      } else {
        await call(questionBankUserApi.renameCollectionNode, { id: naming.node.id, name });
      }
      await onDone();
      onClose();
    } catch {
      // The api-client has shown why (目录名称不能为空 …).
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      title={title}
      open={naming !== null}
      okText="确定"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input
        aria-label="目录名称"
        placeholder="目录名称（最多30个字）"
        maxLength={30}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onPressEnter={() => void save()}
        autoFocus
      />
    </Modal>
  );
}

interface MoveDialogProps {
  node: CollectionNode | null;
  tree: CollectionNode[];
  owner: Owner;
  courseId: string;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

function MoveDialog({ node, tree, owner, courseId, onClose, onDone }: MoveDialogProps) {
  const [target, setTarget] = useState<string>(TOP_LEVEL);
  useEffect(() => setTarget(node?.parentId ?? TOP_LEVEL), [node]);
  const choices: FolderChoice[] = [
    { value: TOP_LEVEL, title: '顶层', children: [] },
    ...targetsOf(tree, node?.id ?? ''),
  ];
  async function save() {
    if (!node) return;
    try {
      await call(questionBankUserApi.moveCollectionNodes, {
        ...owner,
        courseId,
        nodes: collectionMoves(tree, node.id, target),
      });
      await onDone();
      onClose();
    } catch {
      // The api-client has shown why.
    }
  }
  return (
    <Modal
      title={`移动“${node?.name ?? ''}”到`}
      open={node !== null}
      okText="移动"
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <TreeSelect
        aria-label="目标目录"
        treeDefaultExpandAll
        value={target}
        treeData={choices}
        onChange={(value: string) => setTarget(value)}
        style={{ width: '100%' }}
      />
    </Modal>
  );
}

/** Folders a node may move under: not itself nor anything below it. */
interface FolderChoice {
  value: string;
  title: string;
  children: FolderChoice[];
}
function targetsOf(nodes: CollectionNode[], movingId: string): FolderChoice[] {
  return nodes
    .filter((node) => node.id !== movingId)
    .map((node) => ({ value: node.id, title: node.name, children: targetsOf(node.children, movingId) }));
}

interface CollectionItemsProps {
  owner: Owner;
  courseId: string;
  node: CollectionNode;
  onChanged: () => Promise<unknown>;
}

function CollectionItems({ owner, courseId, node, onChanged }: CollectionItemsProps) {
  const [pageIndex, setPageIndex] = useState(1);
  const [paperId, setPaperId] = useState<string | null>(null);
  const items = useQuery(schoolBankQueries.collectionItems(owner, node.id, pageIndex, ITEM_PAGE_SIZE));
  const basket = useBasket(courseId);
  const base = useQuery(questionBankQueries.base(courseId));

  async function remove(id: string) {
    await call(questionBankUserApi.deleteCollectionItem, { id });
    notifySuccess('已移出收藏');
    await onChanged();
  }
  const removeButton = (id: string) => (
    <Popconfirm title="确定移出收藏吗？" onConfirm={() => remove(id)}>
      <Button size="small">移出收藏</Button>
    </Popconfirm>
  );

  return (
    <Card
      size="small"
      title={node.name}
      extra={<Typography.Text type="secondary">共 {items.data?.total ?? 0} 项</Typography.Text>}
    >
      {items.data && items.data.list.length === 0 ? (
        <Empty description="这个目录还没有收藏内容" />
      ) : (
        <List
          loading={items.isFetching}
          dataSource={items.data?.list ?? []}
          rowKey="id"
          renderItem={(item) =>
            item.type === 1 && item.question ? (
              <List.Item style={{ display: 'block' }}>
                <QuestionCard
                  question={item.question}
                  basketAction={
                    <>
                      {removeButton(item.id)}
                      <BasketButton controls={basket} quesId={item.question.quesId} />
                    </>
                  }
                />
              </List.Item>
            ) : (
              <List.Item
                actions={[
                  item.type === 2 && item.title ? (
                    <Button key="open" size="small" onClick={() => setPaperId(item.relationId)}>
                      查看
                    </Button>
                  ) : item.type === 3 && item.title ? (
                    <Link
                      key="open"
                      to={`/teacher/questionBank/paper-editor?paperId=${encodeURIComponent(item.relationId)}`}
                    >
                      编辑
                    </Link>
                  ) : null,
                  <span key="remove">{removeButton(item.id)}</span>,
                ]}
              >
                <Space>
                  <Tag>{TYPE_NAMES[item.type]}</Tag>
                  {item.title ?? <Typography.Text type="secondary">已被删除</Typography.Text>}
                </Space>
              </List.Item>
            )
          }
        />
      )}
      {(items.data?.total ?? 0) > ITEM_PAGE_SIZE ? (
        <Pagination
          align="end"
          current={pageIndex}
          pageSize={ITEM_PAGE_SIZE}
          total={items.data?.total ?? 0}
          onChange={setPageIndex}
          style={{ marginTop: 12 }}
        />
      ) : null}
      <PaperDetailDrawer paperId={paperId} onClose={() => setPaperId(null)} />
      <BasketDrawer controls={basket} courseName={base.data?.courseName} />
    </Card>
  );
}
