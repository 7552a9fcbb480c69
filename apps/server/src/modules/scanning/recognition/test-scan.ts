import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, ruleBroken } from '../../../platform/errors.ts';
import { ownSingleExam } from '../../exams/index.ts';
import { formatOf } from '../scans/scan-intake.ts';
import { recogniseOffThread } from './recognition-pool.ts';
import { cardVersionsOf } from './recognition-repo.ts';

// A test scan checked before a batch (the tool service's file/locateImage, issue #19): one image of
// an answer card read exactly as a batch's page would be (locators, page code, skew, resolution),
// in the recognition threads, and nothing stored. It tells the school whether the scanner's
// settings (resolution, orientation, grey mode) give pages the recognition can read.

export interface TestScan {
  found: boolean;
  /** The card page the page code names (1-based); null when not found. */
  page: number | null;
  templateVersion: number | null;
  skewDegrees: number | null;
  dpi: number | null;
  turned: boolean;
  /** What was wrong, in Chinese; null when found. */
  message: string | null;
}

const REFUSALS: Record<string, string> = {
  undecodable: '图像无法解码',
  'locators-missing': '没有找到答题卡的定位点',
  'layout-mismatch': '定位点位置与答题卡不符',
  'unknown-page': '页码二维码无法识别',
  'other-exam': '不是本科目答题卡的页面',
};

export async function locateTestScan(
  db: Db,
  actor: Actor,
  p: { schoolId: string; seId: string; dpi: number },
  bytes: Buffer,
): Promise<TestScan> {
  const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
  const format = formatOf(bytes);
  if (!format || format === 'zip') {
    throw badInput('只能上传 JPG、PNG、TIFF 或 PDF 格式的扫描图像', { field: 'file' });
  }
  const templates = await cardVersionsOf(db, single.id);
  if (templates.length === 0) throw ruleBroken('该科目还没有答题卡，请先在“我的答题卡”中制作答题卡');
  const read = await recogniseOffThread({ bytes, format, dpi: p.dpi, templates, keepImage: false });
  if (read.outcome === 'read') {
    return {
      found: true,
      page: read.pageNo,
      templateVersion: read.templateVersion,
      skewDegrees: Math.round(read.skewDegrees * 100) / 100,
      dpi: Math.round(read.measuredDpi),
      turned: read.turned,
      message: null,
    };
  }
  return {
    found: false,
    page: null,
    templateVersion: null,
    skewDegrees: null,
    dpi: null,
    turned: read.turned,
    message: `${REFUSALS[read.outcome] ?? '无法识别'}：${read.detail}`,
  };
}
