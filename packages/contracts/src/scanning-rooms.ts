import { z } from 'zod';
import { idSchema, intInSchema, textInput } from './common.ts';
import { endpoint } from './endpoint.ts';
import { file, meId, schoolId, seId } from './exam-call-kit.ts';
import { pageOf, pagingParams } from './school-base-models.ts';

// 考场编排 (issue #16 item 4; answer-cards-and-scanning.md "Exam rooms"): the rooms of a multi exam
// (every subject sits in the same rooms and seats), placement, 缺考 per room list, the room
// printouts, the exam-student template, and the file service's room counts and room cards.
// Marking-service calls are JSON under /mark/api; the file service's under /cg_exam_szy.

export const roomId = idSchema('考场');
const roomIds = z.array(roomId, { error: '请选择考场' }).min(1, '请选择考场').max(500, '考场最多500个');
const studentIds = z.array(idSchema('学生'), { error: '请选择学生' }).min(1, '请选择学生').max(5000, '学生最多5000个');

const roomName = textInput('考场名称').trim().min(1, '考场名称不能为空').max(30, '考场名称最多30个字符');
const location = textInput('考场地点').trim().max(50, '考场地点最多50个字符');
const seatCount = intInSchema('座位数只能是 1 到 200 的整数', 1, 200);
const columns = intInSchema('每排座位数只能是 1 到 20 的整数', 1, 20);

/** 监考教师 of a room, by name (#19: printed in the 考务安排); optional. */
const invigilators = z
  .array(textInput('监考教师').trim().min(1, '监考教师姓名不能为空').max(20, '监考教师姓名最多20个字符'), {
    error: '监考教师必须是姓名列表',
  })
  .max(6, '每个考场最多6名监考教师');
export const roomInputSchema = z.object({
  name: roomName,
  location: location.default(''),
  seatCount,
  columns,
  invigilators: invigilators.default([]),
});
export type RoomInput = z.input<typeof roomInputSchema>;

export const PLACEMENT_MODES = { class: '按班级顺序', examNo: '按考号顺序', shuffle: '随机（同班不相邻）' } as const;
export const placementModeSchema = z.enum(['class', 'examNo', 'shuffle'], {
  error: '编排方式只能是 class（按班级顺序）、examNo（按考号顺序）或 shuffle（随机，同班不相邻）',
});
export type PlacementModeName = z.output<typeof placementModeSchema>;

export const examRoomSchema = z.object({
  roomId: z.string(),
  meId: z.string(),
  name: z.string(),
  location: z.string(),
  invigilators: z.array(z.string()),
  seatCount: z.number(),
  columns: z.number(),
  sortOrder: z.number(),
  /** Students placed in the room. */
  placed: z.number(),
});
export type ExamRoom = z.output<typeof examRoomSchema>;

export const roomListSchema = z.object({
  rooms: z.array(examRoomSchema),
  /** Students of the multi exam (any subject), placed or not. */
  students: z.number(),
  unplaced: z.number(),
  seats: z.number(),
});

/** A student of the multi exam with their room and seat (the same in every subject). */
export const roomStudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  examNo: z.string().nullable(),
  classId: z.string(),
  className: z.string(),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
  seat: z.number().nullable(),
});
export type RoomStudent = z.output<typeof roomStudentSchema>;

export const seatMapSchema = z.object({ room: examRoomSchema, students: z.array(roomStudentSchema) });

export const absentRoomSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  expected: z.number(),
  absent: z.array(roomStudentSchema.extend({ esId: z.string() })),
});

export const roomCountSchema = z.object({
  meId: z.string(),
  name: z.string(),
  termId: z.string(),
  gradeId: z.string(),
  rooms: z.number(),
  seats: z.number(),
  placed: z.number(),
});

const m = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R, loading = false) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response, loading });
/** A printout or template: a GET link the browser downloads (the file itself, never the envelope). */
const download = <S extends z.ZodRawShape>(name: string, shape: S) =>
  endpoint('mark', name, { kind: 'get', access: 'session', params: z.object(shape), response: file, loading: true });

export const scanningRoomsApi = {
  // ---- examRoom ----
  listExamRooms: m('examRoom/list', { schoolId, meId }, roomListSchema),
  /** Creates rooms in bulk (e.g. 20 rooms of 30); names must be new in the exam. */
  saveExamRooms: m(
    'examRoom/save',
    {
      schoolId,
      meId,
      rooms: z.array(roomInputSchema, { error: '请填写考场' }).min(1, '请填写考场').max(500, '考场最多500个'),
    },
    z.array(examRoomSchema),
  ),
  updateExamRoom: m(
    'examRoom/update',
    {
      schoolId,
      roomId,
      ...roomInputSchema.shape,
      sortOrder: intInSchema('顺序只能是 1 到 9999 的整数', 1, 9999).optional(),
    },
    examRoomSchema,
  ),
  /** Deletes rooms; their students lose room and seat (in every subject). */
  deleteExamRooms: m('examRoom/delete', { schoolId, roomIds }, z.object({ deleted: z.number(), unseated: z.number() })),
  /** 排考场: every student of the multi exam gets a room and seat, in every subject, replacing the last placement. */
  placeExamRooms: m(
    'examRoom/place',
    { schoolId, meId, mode: placementModeSchema },
    z.object({ placed: z.number(), rooms: z.number() }),
    true,
  ),
  findRoomSeatMap: m('examRoom/seatMap', { schoolId, roomId }, seatMapSchema),
  printRoomList: download('examRoom/printRoomList', { schoolId, meId, roomId: roomId.optional() }),
  printDoorSigns: download('examRoom/printDoorSigns', { schoolId, meId, roomId: roomId.optional() }),
  printSeatLabels: download('examRoom/printSeatLabels', { schoolId, meId, roomId: roomId.optional() }),

  // ---- examStudent: a student's room and seat ----
  findExamStudents: m(
    'examStudent/find',
    { schoolId, meId, roomId: roomId.optional(), unplaced: z.boolean().optional(), ...pagingParams },
    pageOf(roomStudentSchema),
  ),
  /** Puts students in a room and seat (or takes them out with roomId null), in every subject. */
  saveExamStudents: m(
    'examStudent/save',
    {
      schoolId,
      meId,
      students: z
        .array(
          z.object({
            studentId: idSchema('学生'),
            roomId: roomId.nullable(),
            seat: intInSchema('座位号只能是 1 到 200 的整数', 1, 200).nullable(),
          }),
          { error: '请选择学生' },
        )
        .min(1, '请选择学生')
        .max(5000, '学生最多5000个'),
    },
    z.object({ saved: z.number() }),
  ),
  /** Takes students out of their room (they stay exam students). */
  deleteExamStudents: m('examStudent/delete', { schoolId, meId, studentIds }, z.object({ unseated: z.number() })),

  // ---- examStudentAbinfo: 缺考 from the room lists ----
  findAbsentInfo: m('examStudentAbinfo/find', { schoolId, seId, roomId: roomId.optional() }, z.array(absentRoomSchema)),
  /** The room's 缺考 list of one subject: these students absent, the rest of the room present. */
  saveAbsentInfo: m(
    'examStudentAbinfo/save',
    { schoolId, seId, roomId, absentStudentIds: z.array(idSchema('学生')).max(200, '缺考学生最多200个') },
    z.object({ absent: z.number(), present: z.number() }),
  ),

  // ---- makeScan: the exam-student template, and deleting and adding exam students ----
  downloadStudentTemplate: download('makeScan/downloadStudentTemplate', { schoolId, meId }),
  importStudentTemplate: endpoint('mark', 'makeScan/importStudentTemplate', {
    kind: 'multipart',
    access: 'session',
    params: z.object({ schoolId, meId }),
    response: z.object({ saved: z.number(), unseated: z.number() }),
    loading: true,
  }),
  deleteScanExamStudents: m(
    'makeScan/deleteExamStudents',
    { schoolId, seId, studentIds },
    z.object({ deleted: z.number() }),
  ),
  addScanExamStudents: m(
    'makeScan/addExamStudents',
    { schoolId, seId, classIds: z.array(idSchema('班级')).default([]) },
    z.object({ added: z.number(), total: z.number() }),
  ),

  // ---- File service ----
  findRoomCountBySchoolYearTerm: endpoint('file', 'findRoomCountBySchoolYearTerm', {
    kind: 'json',
    access: 'session',
    params: z.object({ schoolId, schyId: idSchema('学年'), termId: idSchema('学期').optional() }),
    response: z.object({ exams: z.array(roomCountSchema), rooms: z.number(), seats: z.number() }),
  }),
  /** A room's personalised answer cards of one subject, in seat order (PDF). */
  printExamPaper: endpoint('file', 'printExamPaper', {
    kind: 'json',
    access: 'session',
    params: z.object({ schoolId, seId, roomId }),
    response: file,
    loading: true,
  }),
};
