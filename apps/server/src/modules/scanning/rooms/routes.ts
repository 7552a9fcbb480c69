import { scanningRoomsApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import type { UploadRule } from '../../../platform/files.ts';
import { roomCardPrinter } from './room-cards.ts';
import { createRoomPrintsService, type RoomCardPrinter } from './room-prints-service.ts';
import { createRoomStudentsService } from './room-students-service.ts';
import { createRoomsService } from './rooms-service.ts';
import { createRosterService } from './roster-service.ts';
import { NOT_XLSX } from './roster-workbook.ts';

// 考场编排's calls (issue #16 item 4): type 5 (教务管理员) arranges rooms and seats; teachers read
// them and print; students are refused every call. The scanning module's routes.ts calls this once.

export interface RoomRouteDeps {
  db: Db;
  /** A single exam's answer card personalised for a room's students; the exam's current card by default. */
  printCards?: RoomCardPrinter;
}

const ROSTER_UPLOAD: UploadRule = { maxBytes: 5 * 1024 * 1024, extensions: ['.xlsx'], typeMessage: NOT_XLSX };

export function registerRoomRoutes(app: FastifyInstance, deps: RoomRouteDeps): void {
  const rooms = createRoomsService(deps.db);
  const students = createRoomStudentsService(deps.db);
  const prints = createRoomPrintsService(deps.db, deps.printCards ?? roomCardPrinter(deps.db));
  const roster = createRosterService(deps.db);
  const admin = 'school-admin' as const;

  registerEndpoint(app, api.listExamRooms, {
    permission: 'teacher',
    handler: (p, { actor }) => rooms.listExamRooms(actor, p),
  });
  registerEndpoint(app, api.saveExamRooms, {
    permission: admin,
    handler: (p, { actor }) => rooms.saveExamRooms(actor, p),
  });
  registerEndpoint(app, api.updateExamRoom, {
    permission: admin,
    handler: (p, { actor }) => rooms.updateExamRoom(actor, p),
  });
  registerEndpoint(app, api.deleteExamRooms, {
    permission: admin,
    handler: (p, { actor }) => rooms.deleteExamRooms(actor, p),
  });
  registerEndpoint(app, api.placeExamRooms, {
    permission: admin,
    handler: (p, { actor }) => rooms.placeExamRooms(actor, p),
  });
  registerEndpoint(app, api.findRoomSeatMap, {
    permission: 'teacher',
    handler: (p, { actor }) => rooms.findRoomSeatMap(actor, p),
  });
  registerEndpoint(app, api.printRoomList, {
    permission: 'teacher',
    handler: (p, { actor }) => prints.printRoomList(actor, p),
  });
  registerEndpoint(app, api.printDoorSigns, {
    permission: 'teacher',
    handler: (p, { actor }) => prints.printDoorSigns(actor, p),
  });
  registerEndpoint(app, api.printSeatLabels, {
    permission: 'teacher',
    handler: (p, { actor }) => prints.printSeatLabels(actor, p),
  });

  registerEndpoint(app, api.findExamStudents, {
    permission: 'teacher',
    handler: (p, { actor }) => students.findExamStudents(actor, p),
  });
  registerEndpoint(app, api.saveExamStudents, {
    permission: admin,
    handler: (p, { actor }) => students.saveExamStudents(actor, p),
  });
  registerEndpoint(app, api.deleteExamStudents, {
    permission: admin,
    handler: (p, { actor }) => students.deleteExamStudents(actor, p),
  });
  registerEndpoint(app, api.findAbsentInfo, {
    permission: 'teacher',
    handler: (p, { actor }) => students.findAbsentInfo(actor, p),
  });
  registerEndpoint(app, api.saveAbsentInfo, {
    permission: admin,
    handler: (p, { actor }) => students.saveAbsentInfo(actor, p),
  });
  registerEndpoint(app, api.deleteScanExamStudents, {
    permission: admin,
    handler: (p, { actor }) => students.deleteScanExamStudents(actor, p),
  });
  registerEndpoint(app, api.addScanExamStudents, {
    permission: admin,
    handler: (p, { actor }) => students.addScanExamStudents(actor, p),
  });

  registerEndpoint(app, api.downloadStudentTemplate, {
    permission: admin,
    handler: (p, { actor }) => roster.downloadStudentTemplate(actor, p),
  });
  registerEndpoint(app, api.importStudentTemplate, {
    permission: admin,
    upload: ROSTER_UPLOAD,
    handler: (p, { actor, upload }) => roster.importStudentTemplate(actor, p, upload!),
  });

  registerEndpoint(app, api.findRoomCountBySchoolYearTerm, {
    permission: 'teacher',
    handler: (p, { actor }) => rooms.findRoomCountBySchoolYearTerm(actor, p),
  });
  registerEndpoint(app, api.printExamPaper, {
    permission: 'teacher',
    handler: (p, { actor }) => prints.printExamPaper(actor, p),
  });
}
