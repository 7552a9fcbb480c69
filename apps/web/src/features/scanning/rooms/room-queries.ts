import { scanningRoomsApi as api, fileServiceApi, type PlacementModeName, type RoomInput } from '@huikao/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callFile, callUpload } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { readStoredUser } from '../../../lib/session.ts';

// 考场编排's server state (issue #16 item 4): the exam's rooms, a room's seat map and the exam's
// students with their seats; every write refreshes all three, since a room edit moves students.

export function useRoomContext() {
  const user = readStoredUser();
  return { schoolId: user?.schoolId ?? '', canEdit: user?.type === 5 };
}

export const roomKeys = {
  all: (schoolId: string, meId: string) => ['exam-rooms', schoolId, meId] as const,
  list: (schoolId: string, meId: string) => [...roomKeys.all(schoolId, meId), 'list'] as const,
  seatMap: (schoolId: string, meId: string, roomId: string) =>
    [...roomKeys.all(schoolId, meId), 'seats', roomId] as const,
  students: (schoolId: string, meId: string, query: object) =>
    [...roomKeys.all(schoolId, meId), 'students', query] as const,
};

export const roomQueries = {
  list: (schoolId: string, meId: string) =>
    queryOptions({
      queryKey: roomKeys.list(schoolId, meId),
      queryFn: ({ signal }) => call(api.listExamRooms, { schoolId, meId }, { signal }),
      enabled: schoolId !== '' && meId !== '',
    }),
  seatMap: (schoolId: string, meId: string, roomId: string) =>
    queryOptions({
      queryKey: roomKeys.seatMap(schoolId, meId, roomId),
      queryFn: ({ signal }) => call(api.findRoomSeatMap, { schoolId, roomId }, { signal }),
      enabled: schoolId !== '' && roomId !== '',
    }),
  students: (
    schoolId: string,
    meId: string,
    query: { currentPage: number; pageSize: number; keyword: string; roomId?: string; unplaced?: boolean },
  ) =>
    queryOptions({
      queryKey: roomKeys.students(schoolId, meId, query),
      queryFn: ({ signal }) =>
        call(api.findExamStudents, { schoolId, meId, ...query, keyword: query.keyword || undefined }, { signal }),
      enabled: schoolId !== '' && meId !== '',
      placeholderData: keepPreviousData,
    }),
};

/** The room writes of one exam; each refreshes the exam's room data when it succeeds. */
export function useRoomWrites(meId: string) {
  const { schoolId } = useRoomContext();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: roomKeys.all(schoolId, meId) });
  return {
    save: useMutation({
      mutationFn: (rooms: RoomInput[]) => call(api.saveExamRooms, { schoolId, meId, rooms }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: { roomId: string } & RoomInput) => call(api.updateExamRoom, { schoolId, ...input }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (roomIds: string[]) => call(api.deleteExamRooms, { schoolId, roomIds }),
      onSuccess,
    }),
    place: useMutation({
      mutationFn: (mode: PlacementModeName) => call(api.placeExamRooms, { schoolId, meId, mode }),
      onSuccess,
    }),
    importTemplate: useMutation({
      mutationFn: (file: File) => callUpload(api.importStudentTemplate, { schoolId, meId }, file),
      onSuccess,
    }),
  };
}

export type RoomPrint = 'printRoomList' | 'printDoorSigns' | 'printSeatLabels';

export async function downloadRoomPrint(kind: RoomPrint, schoolId: string, meId: string, roomId?: string) {
  saveDownload(await callFile(api[kind], { schoolId, meId, roomId }));
}

export async function downloadStudentTemplate(schoolId: string, meId: string) {
  saveDownload(await callFile(api.downloadStudentTemplate, { schoolId, meId }));
}

export async function downloadRoomCards(schoolId: string, seId: string, roomId: string) {
  saveDownload(await callFile(api.printExamPaper, { schoolId, seId, roomId }));
}

/** 导出考务安排 (#19): the exam's subjects, times, rooms and 监考教师 as Word, from the file service. */
export async function downloadArrangement(schoolId: string, meId: string) {
  saveDownload(await callFile(fileServiceApi.wordExportInfo, { schoolId, meId }));
}
