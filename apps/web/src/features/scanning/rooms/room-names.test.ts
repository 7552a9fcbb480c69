import { describe, expect, it } from 'vitest';
import { bulkRooms, roomName } from './room-names.ts';

describe('bulkRooms', () => {
  it('numbers rooms with two digits at least, from the first number, with the same seats and place', () => {
    expect(bulkRooms({ count: 3, seatCount: 30, columns: 6, firstNo: 9, location: '教学楼' })).toEqual([
      { name: '第09考场', location: '教学楼', seatCount: 30, columns: 6 },
      { name: '第10考场', location: '教学楼', seatCount: 30, columns: 6 },
      { name: '第11考场', location: '教学楼', seatCount: 30, columns: 6 },
    ]);
    expect(roomName(120)).toBe('第120考场');
  });
});
