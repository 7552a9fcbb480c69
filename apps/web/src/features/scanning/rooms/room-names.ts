import type { RoomInput } from '@huikao/contracts';

// 批量新增考场's rooms: numbered names (第01考场 …) continuing after the exam's existing rooms.

export interface BulkValues {
  count: number;
  seatCount: number;
  columns: number;
  firstNo: number;
  location: string;
}

/** 第01考场 … : two digits at least, so they sort as numbers do. */
export const roomName = (no: number) => `第${String(no).padStart(2, '0')}考场`;

export function bulkRooms(values: BulkValues): RoomInput[] {
  return Array.from({ length: values.count }, (_, i) => ({
    name: roomName(values.firstNo + i),
    location: values.location ?? '',
    seatCount: values.seatCount,
    columns: values.columns,
  }));
}
