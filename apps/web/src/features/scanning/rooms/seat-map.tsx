import type { ExamRoom, RoomStudent } from '@huikao/contracts';
import { Empty, Flex, Typography } from 'antd';
import { seatRows } from './seat-grid.ts';

// A room's seats as they stand, row by row (讲台 at the top), each with its number, the student's
// name, 考号 and class; a student beside a classmate is outlined so a check takes a glance.

export interface SeatMapProps {
  room: ExamRoom;
  students: readonly RoomStudent[];
}

export function SeatMap({ room, students }: SeatMapProps) {
  if (students.length === 0) return <Empty description="该考场还没有考生，请先排考场" />;
  const rows = seatRows(room, students);
  return (
    <Flex vertical gap={8} aria-label={`${room.name}座位图`}>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        讲台
      </Typography.Text>
      {rows.map((row) => (
        <Flex key={row[0]!.seat} gap={8}>
          {row.map((cell) => (
            <div
              key={cell.seat}
              data-seat={cell.seat}
              style={{
                width: 112,
                minHeight: 64,
                padding: 6,
                borderRadius: 6,
                border: `1px solid ${cell.besideClassmate ? '#fa8c16' : '#d9d9d9'}`,
                background: cell.student ? '#f6ffed' : '#fafafa',
                fontSize: 12,
              }}
            >
              <Typography.Text type="secondary">{cell.seat}号</Typography.Text>
              {cell.student ? (
                <>
                  <div style={{ fontWeight: 600 }}>{cell.student.name}</div>
                  <div>{cell.student.examNo ?? ''}</div>
                  <div>{cell.student.className}</div>
                </>
              ) : (
                <div style={{ color: '#bfbfbf' }}>空座</div>
              )}
            </div>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}
