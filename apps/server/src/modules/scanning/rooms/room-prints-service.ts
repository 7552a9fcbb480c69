import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { ruleBroken } from '../../../platform/errors.ts';
import { FileResult } from '../../../platform/files.ts';
import { ownMulti, ownSingle, roomOfMulti } from './room-access.ts';
import { doorSignsPdf, type PrintedExam, roomListPdf, seatLabelsPdf } from './room-pdfs.ts';
import * as repo from './rooms-repo.ts';
import type { RoomParams } from './rooms-service.ts';

// The room printouts and a room's personalised answer cards (printExamPaper). Data is read first,
// then the PDF is drawn outside any transaction.

const PDF = 'application/pdf';

/** A student on a personalised answer card (the card PDF's PersonalisedStudent). */
export interface CardStudent {
  examNo: string;
  name: string;
  className: string;
  room?: string;
  seat?: number;
}

/**
 * Prints a single exam's answer card personalised for these students, in the order given: the
 * scanning module's root wires it to the exam's template and renderCardPdf.
 */
export type RoomCardPrinter = (single: { id: number; schoolId: number }, students: CardStudent[]) => Promise<Buffer>;

const byText = new Intl.Collator('zh-CN', { numeric: true });

export function createRoomPrintsService(db: Db, printCards: RoomCardPrinter) {
  async function printedExam(
    actor: Actor,
    p: { schoolId: string; meId: string; roomId?: string },
  ): Promise<PrintedExam> {
    const multi = await ownMulti(db, actor, p.schoolId, p.meId);
    const rooms = p.roomId
      ? [await roomOfMulti(db, actor, p.schoolId, p.roomId, multi.id)]
      : await repo.roomRowsOf(db, multi.id);
    if (rooms.length === 0) throw ruleBroken('该考试还没有考场，请先新增考场并排考场');
    const examinees = await repo.examineesOf(db, multi.id);
    const subjects = await repo.singlesOfMulti(db, multi.id);
    return {
      schoolName: await repo.schoolName(db, multi.schoolId),
      examName: multi.name,
      dates: multi.startDate === multi.endDate ? multi.startDate : `${multi.startDate} 至 ${multi.endDate}`,
      subjects: subjects.map((s) => ({ name: s.courseName, date: s.examDate })),
      rooms: rooms.map((room) => ({
        name: room.name,
        location: room.location,
        seatCount: room.seatCount,
        students: examinees
          .filter((e) => e.room === room.name)
          .sort((a, b) => (a.seat ?? 9999) - (b.seat ?? 9999) || byText.compare(a.examNo ?? '', b.examNo ?? '')),
      })),
    };
  }

  const named = (exam: PrintedExam, what: string) =>
    `${exam.examName}-${exam.rooms.length === 1 ? `${exam.rooms[0]!.name}-` : ''}${what}.pdf`;

  return {
    async printRoomList(actor: Actor, p: RoomParams<'printRoomList'>) {
      const exam = await printedExam(actor, p);
      return new FileResult(named(exam, '考场安排表'), PDF, await roomListPdf(exam));
    },
    async printDoorSigns(actor: Actor, p: RoomParams<'printDoorSigns'>) {
      const exam = await printedExam(actor, p);
      return new FileResult(named(exam, '门贴'), PDF, await doorSignsPdf(exam));
    },
    async printSeatLabels(actor: Actor, p: RoomParams<'printSeatLabels'>) {
      const exam = await printedExam(actor, p);
      if (exam.rooms.every((r) => r.students.length === 0)) throw ruleBroken('考场里还没有考生，请先排考场');
      return new FileResult(named(exam, '座位贴'), PDF, await seatLabelsPdf(exam));
    },

    /** printExamPaper: the room's personalised answer cards of one subject, in seat order. */
    async printExamPaper(actor: Actor, p: RoomParams<'printExamPaper'>) {
      const single = await ownSingle(db, actor, p.schoolId, p.seId);
      const room = await roomOfMulti(db, actor, p.schoolId, p.roomId, single.multiExamId);
      const seated = await repo.roomStudentsOfSingle(db, single.id, room.name);
      if (seated.length === 0) throw ruleBroken(`${room.name}没有该科目的考生，请先排考场`);
      const missing = seated.find((s) => !s.examNo);
      if (missing) throw ruleBroken(`考生${missing.name}没有考号，无法打印个性化答题卡`);
      const pdf = await printCards(
        { id: single.id, schoolId: single.schoolId },
        seated.map((s) => ({
          examNo: s.examNo!,
          name: s.name,
          className: s.className,
          room: room.name,
          seat: s.seat ?? undefined,
        })),
      );
      const multi = (await repo.findMulti(db, single.multiExamId))!;
      return new FileResult(`${multi.name}-${single.courseName}-${room.name}-答题卡.pdf`, PDF, pdf);
    },
  };
}
