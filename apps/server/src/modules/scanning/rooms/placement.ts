// 考场编排's placement, pure (no database, no framework): which room and seat each student of a
// multi exam takes. Rooms are filled in their order, seats 1, 2, 3 … of a room row by row
// (`columns` seats to a row). Two seats are side by side when they are next to each other in one
// row; the shuffled mode never puts two students of one class side by side.

export type PlacementMode = 'class' | 'examNo' | 'shuffle';

export interface RoomShape {
  roomId: number;
  name: string;
  seatCount: number;
  /** Seats in one row of the room (desks side by side). */
  columns: number;
}

export interface Examinee {
  studentId: number;
  classId: number;
  className: string;
  examNo: string | null;
  name: string;
}

export interface SeatTaken {
  studentId: number;
  roomId: number;
  seat: number;
}

/** Why students cannot be placed: said to the user as it is. */
export class PlacementRefusal extends Error {}

/** A seat of the exam in fill order: its room, its number, and the row it belongs to. */
interface SeatSpot {
  roomId: number;
  seat: number;
  /** Global row index: seats with the same row index and consecutive numbers are side by side. */
  row: number;
}

const byText = new Intl.Collator('zh-CN', { numeric: true });
const compareExamNo = (a: Examinee, b: Examinee) => {
  if (a.examNo === b.examNo) return 0;
  if (a.examNo === null) return 1;
  if (b.examNo === null) return -1;
  return byText.compare(a.examNo, b.examNo);
};

/** The first `count` seats of the rooms in fill order, or a refusal when there are too few. */
export function seatsInOrder(rooms: readonly RoomShape[], count: number): SeatSpot[] {
  const capacity = rooms.reduce((sum, r) => sum + r.seatCount, 0);
  if (rooms.length === 0) throw new PlacementRefusal('还没有考场，请先新增考场');
  if (count > capacity) {
    throw new PlacementRefusal(`考场座位不足：考生${count}人，座位只有${capacity}个，请增加考场或座位数`);
  }
  const spots: SeatSpot[] = [];
  let rowBase = 0;
  for (const room of rooms) {
    for (let seat = 1; seat <= room.seatCount && spots.length < count; seat++) {
      spots.push({ roomId: room.roomId, seat, row: rowBase + Math.floor((seat - 1) / room.columns) });
    }
    rowBase += Math.ceil(room.seatCount / room.columns);
  }
  return spots;
}

/** Places every examinee; throws PlacementRefusal with a message for the user when it cannot. */
export function placeExaminees(
  rooms: readonly RoomShape[],
  examinees: readonly Examinee[],
  mode: PlacementMode,
  random: () => number = Math.random,
): SeatTaken[] {
  const spots = seatsInOrder(rooms, examinees.length);
  const ordered =
    mode === 'class'
      ? [...examinees].sort((a, b) => byText.compare(a.className, b.className) || compareExamNo(a, b))
      : mode === 'examNo'
        ? [...examinees].sort((a, b) => compareExamNo(a, b) || byText.compare(a.className, b.className))
        : shuffledApart(spots, examinees, random);
  return ordered.map((examinee, i) => ({
    studentId: examinee.studentId,
    roomId: spots[i]!.roomId,
    seat: spots[i]!.seat,
  }));
}

/** Rows of consecutive spots (indexes into `spots`). */
function rowsOf(spots: readonly SeatSpot[]): number[][] {
  const rows: number[][] = [];
  spots.forEach((spot, i) => {
    const last = rows[rows.length - 1];
    if (last && spots[last[0]!]!.row === spot.row) last.push(i);
    else rows.push([i]);
  });
  return rows;
}

/**
 * The most students of one class the seats can take with none side by side: every other seat of
 * each row, ⌈row length / 2⌉. No arrangement does better, and the one below always reaches it.
 */
export function apartCapacity(spots: readonly SeatSpot[]): number {
  return rowsOf(spots).reduce((sum, row) => sum + Math.ceil(row.length / 2), 0);
}

/**
 * Examinees in spot order, no two of one class side by side. First an arrangement that exists
 * whenever no class exceeds `apartCapacity`: seat by seat, row by row, the class with the most
 * students still to seat that is not the left-hand neighbour's (placement.test.ts checks it against
 * an exhaustive search). Then random swaps that keep the rule mix students across rooms and rows,
 * so the result reads as shuffled, not as runs of the largest classes.
 */
function shuffledApart(spots: readonly SeatSpot[], examinees: readonly Examinee[], random: () => number): Examinee[] {
  const capacity = apartCapacity(spots);
  const byClass = new Map<number, Examinee[]>();
  for (const e of examinees) byClass.set(e.classId, [...(byClass.get(e.classId) ?? []), e]);
  // Each class's students in random order; ties between equal classes broken at random.
  const groups = [...byClass.values()].map((g) => ({ waiting: shuffle(g, random), tie: random() }));
  const tooMany = groups.find((g) => g.waiting.length > capacity);
  if (tooMany) {
    const className = tooMany.waiting[0]!.className;
    throw new PlacementRefusal(
      `“${className}”有${tooMany.waiting.length}名考生，而这些座位最多能让同一班级的${capacity}人互不相邻，` +
        '无法随机编排；请增加考场、调整每排座位数，或改用按班级/按考号编排',
    );
  }
  const placed: Examinee[] = [];
  for (const row of rowsOf(spots)) {
    let left: (typeof groups)[number] | null = null;
    for (const _ of row) {
      let best: (typeof groups)[number] | null = null;
      for (const g of groups) {
        if (g === left || g.waiting.length === 0) continue;
        if (
          !best ||
          g.waiting.length > best.waiting.length ||
          (g.waiting.length === best.waiting.length && g.tie < best.tie)
        )
          best = g;
      }
      // Unreachable while the capacity check above holds (the exhaustive test): said plainly if ever.
      if (!best) throw new PlacementRefusal('无法让同班考生互不相邻，请增加考场或改用按班级/按考号编排');
      placed.push(best.waiting.pop()!);
      left = best;
    }
  }

  const neighbours = (i: number) =>
    [i - 1, i + 1].filter((j) => j >= 0 && j < spots.length && spots[j]!.row === spots[i]!.row);
  const fits = (i: number, classId: number, ignore: number) =>
    neighbours(i).every((j) => j === ignore || placed[j]!.classId !== classId);
  for (let round = 0; round < spots.length * 8; round++) {
    const i = Math.floor(random() * spots.length);
    const j = Math.floor(random() * spots.length);
    const a = placed[i]!;
    const b = placed[j]!;
    if (a.classId === b.classId) continue;
    // Seats i and j may be side by side: their classes differ, so only their other neighbours matter.
    if (fits(i, b.classId, j) && fits(j, a.classId, i)) {
      placed[i] = b;
      placed[j] = a;
    }
  }
  return placed;
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
