import type { Rect } from '@huikao/answer-card';

// The 姓名/班级/考场/座位号 line: each field a label and a value slot with a line to write on. The
// same slots serve the blank card (handwriting) and the personalised one (printed values), so a
// printed name sits exactly where a student would write it.

export const INFO_LABEL_SIZE = 3;
export const INFO_VALUE_SIZE = { max: 3.6, min: 2 };
/** The blank between one field's slot and the next field's label. */
export const INFO_FIELD_GAP = 2;
/** Share of the line per field: names and classes run longer than a room or a seat. */
const FIELD_SHARE: Record<string, number> = { 姓名: 0.3, 班级: 0.3, 考场: 0.2, 座位号: 0.2 };

export interface InfoSlot {
  field: string;
  /** Where the label "姓名：" is printed, and the value slot after it. */
  label: Rect;
  value: Rect;
}

export function infoSlots(area: Rect, fields: readonly string[]): InfoSlot[] {
  const shares = fields.map((field) => FIELD_SHARE[field] ?? 1 / fields.length);
  const total = shares.reduce((sum, share) => sum + share, 0);
  const slots: InfoSlot[] = [];
  let x = area.x;
  fields.forEach((field, index) => {
    const width = (area.width * shares[index]!) / total;
    // CJK labels are one em per character, the full-width colon included.
    const labelWidth = (Array.from(field).length + 1) * INFO_LABEL_SIZE;
    const valueWidth = Math.max(0, width - labelWidth - INFO_FIELD_GAP);
    slots.push({
      field,
      label: { x, y: area.y, width: labelWidth, height: area.height },
      value: { x: x + labelWidth, y: area.y, width: valueWidth, height: area.height },
    });
    x += width;
  });
  return slots;
}

/** The personal value of a field, or undefined when the student has none (a seat not yet placed). */
export function fieldValue(
  field: string,
  student: { name: string; className: string; room?: string; seat?: number },
): string | undefined {
  if (field === '姓名') return student.name;
  if (field === '班级') return student.className;
  if (field === '考场') return student.room;
  if (field === '座位号') return student.seat === undefined ? undefined : String(student.seat);
  return undefined;
}
