import { CLASS_TYPES, GENDERS, type ImportKind, LEADER_ROLES } from '@huikao/contracts';

// The columns of each import kind, shared by the template, the reader, the validator and the
// export, so an exported list can be imported again unchanged. Titles are the `values` keys of
// the batch add calls; the sheet marks required ones with a trailing *.

export interface ImportColumn {
  title: string;
  required: boolean;
  /** The template's example row: plainly made up (示例学生, SL-0001), never a real person. */
  example: string;
  /** Column width in characters. */
  width: number;
  /** The 填写说明 line; allowed values are appended from `options`. */
  note: string;
  /** Closed lists get a drop-down in the template. */
  options?: readonly string[];
}

export const YES_NO = ['是', '否'] as const;

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  students: [
    { title: '姓名', required: true, example: '示例学生', width: 14, note: '学生姓名，最多20个字符' },
    { title: '性别', required: true, example: '男', width: 8, note: '男或女', options: Object.values(GENDERS) },
    {
      title: '学号',
      required: true,
      example: 'SL-0001',
      width: 16,
      note: '本校唯一，只能包含字母、数字和短横线，最多30个字符；已有学号的学生按本行更新（可换班）',
    },
    { title: '考号', required: false, example: 'KH-0001', width: 12, note: '可不填；填写时本校唯一' },
    { title: '班级', required: true, example: '八年级(1)班', width: 16, note: '本校在读班级的名称，须先建好班级' },
  ],
  teachers: [
    { title: '姓名', required: true, example: '示例教师', width: 14, note: '教师姓名，最多20个字符' },
    {
      title: '手机号',
      required: true,
      example: '13800000001',
      width: 16,
      note: '11位手机号，本校唯一；新教师以手机号作为登录账号',
    },
    {
      title: '性别',
      required: false,
      example: '女',
      width: 8,
      note: '男或女，可不填',
      options: Object.values(GENDERS),
    },
    {
      title: '是否管理员',
      required: false,
      example: '否',
      width: 12,
      note: '是：教务管理员（可维护本校数据）；否或不填：任课教师',
      options: YES_NO,
    },
  ],
  classes: [
    { title: '班级名称', required: true, example: '八年级(1)班', width: 16, note: '最多30个字符；同一入学年份内唯一' },
    { title: '年级', required: true, example: '八年级', width: 10, note: '本校已开设的年级' },
    { title: '入学年份', required: true, example: '2025', width: 10, note: '四位年份，如 2025' },
    {
      title: '班级类型',
      required: false,
      example: '行政班',
      width: 10,
      note: '不填为行政班',
      options: Object.values(CLASS_TYPES),
    },
  ],
  class_teachers: [
    { title: '班级', required: true, example: '八年级(1)班', width: 16, note: '本校在读班级的名称' },
    {
      title: '学科',
      required: false,
      example: '数学',
      width: 10,
      note: '该班所在年级开设的学科；只设置班主任时可不填',
    },
    { title: '教师手机号', required: true, example: '13800000001', width: 16, note: '已导入的本校教师的手机号' },
    {
      title: '是否班主任',
      required: false,
      example: '是',
      width: 12,
      note: '是：该教师为本班班主任（每班一位）；否或不填：任课教师',
      options: YES_NO,
    },
  ],
  organ_leaders: [
    { title: '教师手机号', required: true, example: '13800000001', width: 16, note: '已导入的本校教师的手机号' },
    { title: '职务', required: true, example: '年级主任', width: 12, note: '', options: Object.values(LEADER_ROLES) },
    { title: '年级', required: false, example: '八年级', width: 10, note: '年级主任必填；备课组长可填' },
    { title: '学科', required: false, example: '', width: 10, note: '教研组长、备课组长必填' },
  ],
};

/** Names of the kinds as users read them, for file names and messages. */
export const IMPORT_KIND_NAMES: Record<ImportKind, string> = {
  students: '学生',
  teachers: '教师',
  classes: '班级',
  class_teachers: '任课关系',
  organ_leaders: '组织领导',
};

/** Read-only columns an export adds after the importable ones; an import ignores them. */
export const EXPORT_EXTRA_COLUMNS: Record<ImportKind, readonly { title: string; width: number }[]> = {
  students: [
    { title: '年级', width: 10 },
    { title: '登录账号', width: 18 },
  ],
  teachers: [{ title: '登录账号', width: 16 }],
  classes: [{ title: '学生人数', width: 10 }],
  class_teachers: [
    { title: '教师姓名', width: 12 },
    { title: '年级', width: 10 },
  ],
  organ_leaders: [{ title: '教师姓名', width: 12 }],
};

export const INSTRUCTIONS_SHEET = '填写说明';

/** The header text of a column: required ones carry a trailing *. */
export const headerTitle = (column: ImportColumn) => (column.required ? `${column.title}*` : column.title);

/** Reads a header cell back to the column title: spaces and a trailing * (half or full width) dropped. */
export const normaliseTitle = (text: string) => text.replace(/\s+/g, '').replace(/[*＊]+$/, '');

/** Spreadsheet column letters: 1 → A, 26 → Z, 27 → AA (spec §9 splits export sheets beyond Z). */
export function columnLetter(n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`column number must be a positive integer, got ${n}`);
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}
