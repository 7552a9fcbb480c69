import { describe, expect, it } from 'vitest';
import {
  apartCapacity,
  type Examinee,
  PlacementRefusal,
  placeExaminees,
  type RoomShape,
  type SeatTaken,
  seatsInOrder,
} from './placement.ts';

// Property tests of 考场编排's placement on many generated exams (a seeded generator, so a failure
// replays): every mode seats each student once in an existing seat; the shuffled mode never puts
// two of one class side by side whenever that is possible at all, and says why when it is not.

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random: () => number, from: number, to: number) => from + Math.floor(random() * (to - from + 1));

function examinees(classSizes: number[]): Examinee[] {
  const out: Examinee[] = [];
  classSizes.forEach((size, c) => {
    for (let k = 0; k < size; k++) {
      const n = out.length + 1;
      out.push({
        studentId: n,
        classId: c + 1,
        className: `${c + 1}班`,
        examNo: String(90000 + ((n * 7919) % 10000)),
        name: `学生${n}`,
      });
    }
  });
  return out;
}

const room = (id: number, seatCount: number, columns: number): RoomShape => ({
  roomId: id,
  name: `第${id}考场`,
  seatCount,
  columns,
});

/** Pairs of seats side by side in the placement that hold two students of one class. */
function classNeighbours(rooms: RoomShape[], people: Examinee[], seats: SeatTaken[]): number {
  const classOf = new Map(people.map((p) => [p.studentId, p.classId]));
  const at = new Map(seats.map((s) => [`${s.roomId}:${s.seat}`, classOf.get(s.studentId)]));
  let bad = 0;
  for (const r of rooms) {
    for (let seat = 1; seat < r.seatCount; seat++) {
      if (seat % r.columns === 0) continue; // the last seat of a row has no right-hand neighbour
      const here = at.get(`${r.roomId}:${seat}`);
      if (here !== undefined && here === at.get(`${r.roomId}:${seat + 1}`)) bad++;
    }
  }
  return bad;
}

function expectEverySeatValid(rooms: RoomShape[], people: Examinee[], seats: SeatTaken[]) {
  expect(seats).toHaveLength(people.length);
  expect(new Set(seats.map((s) => s.studentId)).size).toBe(people.length);
  expect(new Set(seats.map((s) => `${s.roomId}:${s.seat}`)).size).toBe(people.length);
  for (const s of seats) {
    const r = rooms.find((x) => x.roomId === s.roomId)!;
    expect(s.seat).toBeGreaterThanOrEqual(1);
    expect(s.seat).toBeLessThanOrEqual(r.seatCount);
  }
}

/** Brute force: can these class sizes sit in these row lengths with no two of a class adjacent? */
function satisfiable(rowLengths: number[], sizes: number[]): boolean {
  const seats = rowLengths.flatMap((len, r) => Array.from({ length: len }, (_, i) => ({ r, first: i === 0 })));
  const left = [...sizes];
  const place = (i: number, prev: number): boolean => {
    if (i === seats.length) return true;
    for (let c = 0; c < left.length; c++) {
      if (left[c] === 0 || (!seats[i]!.first && c === prev)) continue;
      left[c]!--;
      const ok = place(i + 1, c);
      left[c]!++;
      if (ok) return true;
    }
    return false;
  };
  return place(0, -1);
}

describe('placement', () => {
  it('class order: classes one after another, by 考号 inside a class, rooms filled in order', () => {
    const rooms = [room(1, 4, 2), room(2, 4, 2)];
    const people = examinees([3, 3]);
    const seats = placeExaminees(rooms, people, 'class');
    expectEverySeatValid(rooms, people, seats);
    const order = seats.map((s) => people.find((p) => p.studentId === s.studentId)!);
    expect(order.map((p) => p.classId)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(order.slice(0, 3).map((p) => p.examNo)).toEqual([...order.slice(0, 3).map((p) => p.examNo)].sort());
    expect(seats.map((s) => `${s.roomId}-${s.seat}`)).toEqual(['1-1', '1-2', '1-3', '1-4', '2-1', '2-2']);
  });

  it('考号 order: ascending 考号 (numbers compared as numbers) across rooms', () => {
    const rooms = [room(1, 3, 3), room(2, 3, 3)];
    const people = examinees([2, 2, 1]);
    people[0]!.examNo = '9';
    people[1]!.examNo = '10';
    const seats = placeExaminees(rooms, people, 'examNo');
    const numbers = seats.map((s) => Number(people.find((p) => p.studentId === s.studentId)!.examNo));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers[0]).toBe(9);
  });

  it('refuses when the seats are fewer than the students, saying how many of each', () => {
    expect(() => placeExaminees([room(1, 5, 5)], examinees([6]), 'class')).toThrow(
      new PlacementRefusal('考场座位不足：考生6人，座位只有5个，请增加考场或座位数'),
    );
    expect(() => placeExaminees([], examinees([1]), 'class')).toThrow(PlacementRefusal);
  });

  it('shuffled: never two of one class side by side, over 400 generated exams', () => {
    const random = seeded(20261126);
    let placedRuns = 0;
    for (let run = 0; run < 400; run++) {
      const rooms = Array.from({ length: pick(random, 1, 4) }, (_, i) =>
        room(i + 1, pick(random, 1, 40), pick(random, 1, 8)),
      );
      const capacity = rooms.reduce((s, r) => s + r.seatCount, 0);
      const total = pick(random, 1, capacity);
      const classCount = pick(random, 1, 6);
      const sizes = Array.from({ length: classCount }, () => 0);
      for (let k = 0; k < total; k++) sizes[pick(random, 0, classCount - 1)]!++;
      const people = examinees(sizes.filter((s) => s > 0));
      const limit = apartCapacity(seatsInOrder(rooms, people.length));
      if (Math.max(...sizes) > limit) {
        expect(() => placeExaminees(rooms, people, 'shuffle', random)).toThrow(PlacementRefusal);
        continue;
      }
      const seats = placeExaminees(rooms, people, 'shuffle', random);
      expectEverySeatValid(rooms, people, seats);
      expect(classNeighbours(rooms, people, seats)).toBe(0);
      placedRuns++;
    }
    expect(placedRuns).toBeGreaterThan(200);
  });

  it('shuffled: places exactly when an arrangement exists (exhaustive on small rooms)', () => {
    const random = seeded(7);
    for (let run = 0; run < 300; run++) {
      const rooms = Array.from({ length: pick(random, 1, 2) }, (_, i) =>
        room(i + 1, pick(random, 1, 6), pick(random, 1, 4)),
      );
      const capacity = rooms.reduce((s, r) => s + r.seatCount, 0);
      const sizes = Array.from({ length: pick(random, 1, 3) }, () => pick(random, 1, 4));
      if (sizes.reduce((a, b) => a + b, 0) > capacity) continue;
      const people = examinees(sizes);
      const spots = seatsInOrder(rooms, people.length);
      const rowLengths: number[] = [];
      spots.forEach((s, i) => {
        if (i > 0 && spots[i - 1]!.row === s.row) rowLengths[rowLengths.length - 1]!++;
        else rowLengths.push(1);
      });
      const possible = satisfiable(rowLengths, sizes);
      if (possible) {
        const seats = placeExaminees(rooms, people, 'shuffle', random);
        expect(classNeighbours(rooms, people, seats)).toBe(0);
      } else {
        expect(() => placeExaminees(rooms, people, 'shuffle', random)).toThrow(PlacementRefusal);
      }
    }
  });

  it('shuffled: a class with more than half the seats of a room is refused with its name and the limit', () => {
    const rooms = [room(1, 30, 6)];
    const people = examinees([16, 10]);
    expect(() => placeExaminees(rooms, people, 'shuffle')).toThrow(/“1班”有16名考生.*最多能让同一班级的13人互不相邻/);
  });

  it('shuffled: mixes classes across rooms instead of filling a room with one class', () => {
    const rooms = [room(1, 30, 6), room(2, 30, 6)];
    const people = examinees([20, 20, 20]);
    const seats = placeExaminees(rooms, people, 'shuffle', seeded(3));
    const classesInRoom = (roomId: number) =>
      new Set(
        seats.filter((s) => s.roomId === roomId).map((s) => people.find((p) => p.studentId === s.studentId)!.classId),
      );
    expect(classesInRoom(1).size).toBe(3);
    expect(classesInRoom(2).size).toBe(3);
    expect(classNeighbours(rooms, people, seats)).toBe(0);
  });
});
