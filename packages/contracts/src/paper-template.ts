import { z } from 'zod';
import { idSchema } from './common.ts';
import { storedToolFileSchema, TOOL_FILE_KEY } from './documents-tools.ts';
import { endpoint } from './endpoint.ts';

// The school's paper template (spec §7 tool/api template/saveTemplate, file/templateFileCopy,
// word/wordBGExport; issue #19 part 1): title lines, 密封线, fonts, 注意事项 and a watermark or a
// background picture, saved once per school (and optionally per school year or exam) and applied
// to the Word export of a paper.

export const TEMPLATE_FONTS = ['宋体', '黑体', '楷体', '仿宋'] as const;
/** Chinese font sizes in points: 二号 22 … 小五 9. */
export const TEMPLATE_SIZES = [22, 18, 16, 15, 14, 12, 10.5, 9] as const;
export const SEAL_FIELDS = ['学校', '班级', '姓名', '考号'] as const;
/** Placeholders a title line may hold, filled at export. */
export const TITLE_PLACEHOLDERS = ['{学校名称}', '{考试名称}'] as const;
/** The largest background picture kept with a template. */
export const TEMPLATE_BACKGROUND_MAX = { bytes: 2 * 1024 * 1024, label: '2 MB' } as const;

/** '' the school's own template; `year:2026` a school year's; `exam:<multi exam id>` an exam's. */
export const templateScopeSchema = z
  .string({ error: '模板范围不正确' })
  .trim()
  .regex(/^(|year:\d{4}|exam:\d{1,15})$/, '模板范围不正确：应为空（全校）、year:学年 或 exam:考试编号')
  .default('');

const font = z.enum(TEMPLATE_FONTS, { error: `字体只能是${TEMPLATE_FONTS.join('、')}` });
const size = z.union(
  TEMPLATE_SIZES.map((s) => z.literal(s)),
  { error: `字号只能是${TEMPLATE_SIZES.join('、')}磅` },
);

export const paperTemplateSchema = z.object({
  titleLines: z
    .array(z.string({ error: '标题行不正确' }).trim().min(1, '标题行不能为空').max(40, '标题行最多40个字符'), {
      error: '标题行不正确',
    })
    .min(1, '至少要有一行标题')
    .max(3, '标题最多3行'),
  sealLine: z.enum(['none', 'left'], { error: '密封线样式只能是无或左侧装订线' }),
  sealFields: z.array(z.enum(SEAL_FIELDS, { error: `密封线栏目只能是${SEAL_FIELDS.join('、')}` })).max(4),
  titleFont: font,
  titleSize: size,
  bodyFont: font,
  bodySize: size,
  notes: z.string({ error: '注意事项不正确' }).max(500, '注意事项最多500个字符').default(''),
  watermark: z.string({ error: '水印文字不正确' }).trim().max(20, '水印文字最多20个字符').default(''),
  /** An uploaded picture (file/fileUploaded) printed behind every page; null: none. */
  backgroundFileKey: z
    .string({ error: '背景图片编号不正确' })
    .regex(TOOL_FILE_KEY, '背景图片编号不正确，请重新上传')
    .nullable()
    .default(null),
});
export type PaperTemplate = z.infer<typeof paperTemplateSchema>;

/** What a school without a saved template prints. */
export const DEFAULT_PAPER_TEMPLATE: PaperTemplate = {
  titleLines: ['{学校名称}', '{考试名称}'],
  sealLine: 'left',
  sealFields: ['学校', '班级', '姓名', '考号'],
  titleFont: '黑体',
  titleSize: 16,
  bodyFont: '宋体',
  bodySize: 10.5,
  notes: '',
  watermark: '',
  backgroundFileKey: null,
};

export const savedPaperTemplateSchema = z.object({
  schoolId: z.string(),
  scope: z.string(),
  /** False: nothing saved for the scope yet; `template` is the school's or the default. */
  saved: z.boolean(),
  template: paperTemplateSchema,
  backgroundUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SavedPaperTemplate = z.infer<typeof savedPaperTemplateSchema>;

const schoolId = idSchema('学校');
const json = <P extends z.ZodType, R extends z.ZodType>(name: string, params: P, response: R) =>
  endpoint('tool', name, { kind: 'json', access: 'session', params, response, loading: true });

export const paperTemplateApi = {
  /** The template of a scope (falling back to the school's, then the default). */
  getTemplate: json(
    'template/getTemplate',
    z.object({ schoolId, scope: templateScopeSchema }),
    savedPaperTemplateSchema,
  ),
  /** Saves the template of a scope (school administrators). */
  saveTemplate: json(
    'template/saveTemplate',
    z.object({ schoolId, scope: templateScopeSchema, template: paperTemplateSchema }),
    savedPaperTemplateSchema,
  ),
  /** Copies another scope's saved template (another exam or school year) into this one. */
  templateFileCopy: json(
    'file/templateFileCopy',
    z.object({ schoolId, fromScope: templateScopeSchema, toScope: templateScopeSchema }),
    savedPaperTemplateSchema,
  ),
  /**
   * A sample paper printed with a template (the form's, not yet saved) and kept as a tool Word
   * file, for word/preview to show page by page.
   */
  previewTemplate: json(
    'template/previewTemplate',
    z.object({ schoolId, template: paperTemplateSchema }),
    storedToolFileSchema,
  ),
  /** A user paper as Word with the template applied (the file itself). */
  wordBGExport: json(
    'word/wordBGExport',
    z.object({
      schoolId,
      userPaperId: idSchema('试卷'),
      scope: templateScopeSchema,
      version: z.enum(['student', 'teacher'], { error: '版本只能是学生版或教师版' }).default('student'),
    }),
    z.unknown(),
  ),
};
