import { type ExamRoom, PLACEMENT_MODES, type PlacementModeName } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Dropdown, Flex, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { confirmDialog, notifySuccess } from '../../../lib/notify.ts';
import { BulkRoomsDialog, EditRoomDialog } from './room-dialogs.tsx';
import {
  downloadArrangement,
  downloadRoomCards,
  downloadRoomPrint,
  downloadStudentTemplate,
  type RoomPrint,
  roomQueries,
  useRoomContext,
  useRoomWrites,
} from './room-queries.ts';
import { SeatMap } from './seat-map.tsx';

// 考场编排 (issue #16 item 4), a tab of 试卷制作 (/makeExamDetailInfo): the exam's rooms (one set for
// every subject), 批量新增, 排考场 in the chosen mode, each room's seat map, the three printouts and
// the room's personalised answer cards of the subject on screen. Type 5 edits; teachers read and print.

export interface ExamRoomsTabProps {
  meId: string;
  /** The subject on screen: its cards are the ones 打印答题卡 prints. */
  seId: string;
}

const PRINTS: { key: RoomPrint; label: string }[] = [
  { key: 'printRoomList', label: '考场安排表' },
  { key: 'printDoorSigns', label: '门贴' },
  { key: 'printSeatLabels', label: '座位贴' },
];

export function ExamRoomsTab({ meId, seId }: ExamRoomsTabProps) {
  const { schoolId, canEdit } = useRoomContext();
  const list = useQuery(roomQueries.list(schoolId, meId));
  const writes = useRoomWrites(meId);
  const [query, setQuery] = useTableQuery();
  const [mode, setMode] = useState<PlacementModeName>('shuffle');
  const [bulkOpen, setBulkOpen] = useState(false);
  const [editing, setEditing] = useState<ExamRoom | null>(null);
  const [shown, setShown] = useState<ExamRoom | null>(null);
  const seats = useQuery(roomQueries.seatMap(schoolId, meId, shown?.roomId ?? ''));
  const rooms = list.data?.rooms ?? [];
  const page = pageLocally(list.data?.rooms, query, { searchText: (r) => `${r.name} ${r.location}` });

  const print = (kind: RoomPrint, roomId?: string) => () => downloadRoomPrint(kind, schoolId, meId, roomId);
  const place = () =>
    confirmDialog({
      title: '排考场',
      content: `按“${PLACEMENT_MODES[mode]}”为本次考试的全部考生重新安排考场和座位（各科相同），原有安排将被替换。`,
      okText: '排考场',
      onOk: async () => {
        const result = await writes.place.mutateAsync(mode);
        notifySuccess('排考场完成', `${result.placed} 名考生安排在 ${result.rooms} 个考场`);
      },
    });
  const remove = (room: ExamRoom) =>
    confirmDialog({
      title: `删除${room.name}`,
      content: room.placed > 0 ? `该考场的 ${room.placed} 名考生将没有考场和座位，需重新排考场。` : '确定删除该考场？',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await writes.remove.mutateAsync([room.roomId]);
        notifySuccess('已删除考场');
      },
    });

  return (
    <Flex vertical gap={12}>
      {list.data ? (
        <Alert
          type={list.data.unplaced > 0 ? 'warning' : 'success'}
          showIcon
          title={`考生 ${list.data.students} 人，考场 ${rooms.length} 个，座位 ${list.data.seats} 个，未安排考场 ${list.data.unplaced} 人`}
          description="各科目使用同一套考场和座位。"
        />
      ) : null}
      <DataTable<ExamRoom>
        label="考场列表"
        rowKey="roomId"
        page={page}
        query={query}
        onQueryChange={setQuery}
        loading={list.isFetching}
        searchPlaceholder="搜索考场名称或地点"
        emptyText="还没有考场，请先批量新增考场"
        toolbar={
          <Space wrap>
            {canEdit ? (
              <>
                <Button type="primary" onClick={() => setBulkOpen(true)}>
                  批量新增考场
                </Button>
                <Select<PlacementModeName>
                  aria-label="编排方式"
                  value={mode}
                  onChange={setMode}
                  style={{ width: 180 }}
                  options={Object.entries(PLACEMENT_MODES).map(([value, label]) => ({
                    value: value as PlacementModeName,
                    label,
                  }))}
                />
                <Button onClick={place} disabled={rooms.length === 0} loading={writes.place.isPending}>
                  排考场
                </Button>
              </>
            ) : null}
            {/* Opened by a click, as the paper editor's export menus: a hover menu closes as soon as the
                page moves under the pointer, and never opens on a touch screen. */}
            <Dropdown
              disabled={rooms.length === 0}
              trigger={['click']}
              menu={{ items: PRINTS.map((p) => ({ key: p.key, label: p.label, onClick: print(p.key) })) }}
            >
              <Button>下载打印</Button>
            </Dropdown>
            <Button disabled={rooms.length === 0} onClick={() => downloadArrangement(schoolId, meId)}>
              导出考务安排
            </Button>
            {canEdit ? (
              <>
                <Button onClick={() => downloadStudentTemplate(schoolId, meId)}>下载考生考场模板</Button>
                <Upload
                  accept=".xlsx"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    writes.importTemplate.mutate(file, {
                      onSuccess: (r) => notifySuccess('导入完成', `安排 ${r.saved} 人，移出考场 ${r.unseated} 人`),
                    });
                    return false;
                  }}
                >
                  <Button loading={writes.importTemplate.isPending}>导入考生考场</Button>
                </Upload>
              </>
            ) : null}
          </Space>
        }
        columns={[
          { title: '考场名称', dataIndex: 'name' },
          { title: '地点', dataIndex: 'location', render: (v: string) => v || '—' },
          {
            title: '监考教师',
            dataIndex: 'invigilators',
            render: (names: string[]) => (names.length > 0 ? names.join('、') : '—'),
          },
          { title: '座位数', dataIndex: 'seatCount', width: 90 },
          { title: '每排座位', dataIndex: 'columns', width: 90 },
          { title: '已安排', dataIndex: 'placed', width: 90 },
        ]}
        actionsWidth={canEdit ? 300 : 200}
        rowActions={(room) => (
          <Space size={4} wrap>
            <Button type="link" size="small" onClick={() => setShown(room)}>
              座位图
            </Button>
            <Button type="link" size="small" onClick={print('printRoomList', room.roomId)}>
              安排表
            </Button>
            <Button
              type="link"
              size="small"
              disabled={!seId}
              onClick={() => downloadRoomCards(schoolId, seId, room.roomId)}
            >
              打印答题卡
            </Button>
            {canEdit ? (
              <>
                <Button type="link" size="small" onClick={() => setEditing(room)}>
                  修改
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(room)}>
                  删除
                </Button>
              </>
            ) : null}
          </Space>
        )}
      />
      <BulkRoomsDialog
        open={bulkOpen}
        existing={rooms.length}
        saving={writes.save.isPending}
        onClose={() => setBulkOpen(false)}
        onSubmit={(input) =>
          writes.save.mutate(input, {
            onSuccess: (created) => {
              setBulkOpen(false);
              notifySuccess(`已新增 ${created.length} 个考场`);
            },
          })
        }
      />
      <EditRoomDialog
        room={editing}
        saving={writes.update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(input) => writes.update.mutate(input, { onSuccess: () => setEditing(null) })}
      />
      <Drawer
        title={shown ? `${shown.name} 座位图${shown.location ? `（${shown.location}）` : ''}` : ''}
        open={shown !== null}
        onClose={() => setShown(null)}
        size="large"
        extra={
          shown ? (
            <Typography.Text type="secondary">
              {seats.data?.students.length ?? 0} / {shown.seatCount} 人
            </Typography.Text>
          ) : null
        }
      >
        {shown && seats.data ? <SeatMap room={seats.data.room} students={seats.data.students} /> : null}
      </Drawer>
    </Flex>
  );
}
