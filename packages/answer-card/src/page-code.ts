import type { CardProblem, Side } from './types.ts';

// The QR payload printed on every page, so that recognition never depends on the order of the
// stack: `HK1:<template id>:<version>:<page>:<side>`. "HK" names the card, "1" the format
// version (a later format gets "HK2" and this decoder refuses it clearly instead of misreading).
// The id is URI-encoded so it may hold any character, ":" included.

export interface PageCode {
  templateId: string;
  templateVersion: number;
  page: number;
  side: Side;
}

const PREFIX = 'HK';
const FORMAT_VERSION = 1;
const SEPARATOR = ':';

export function encodePageCode(code: PageCode): string {
  if (code.templateId === '') throw new RangeError('页码缺少答题卡模板编号');
  for (const [name, value] of [
    ['模板版本', code.templateVersion],
    ['页号', code.page],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`页码的${name}须为正整数，当前为 ${value}`);
  }
  if (code.side !== 1 && code.side !== 2)
    throw new RangeError(`页码的面须为 1（正面）或 2（背面），当前为 ${code.side}`);
  return [
    `${PREFIX}${FORMAT_VERSION}`,
    encodeURIComponent(code.templateId),
    String(code.templateVersion),
    String(code.page),
    String(code.side),
  ].join(SEPARATOR);
}

export type PageCodeReading = { ok: true; code: PageCode } | { ok: false; problem: CardProblem };

function refuse(message: string): PageCodeReading {
  return { ok: false, problem: { code: 'PAGE_CODE_UNREADABLE', message } };
}

/** Reads a scanned QR payload; anything that is not exactly a card page code is refused, never guessed. */
export function decodePageCode(payload: string): PageCodeReading {
  const fields = payload.split(SEPARATOR);
  const head = fields[0] ?? '';
  if (!head.startsWith(PREFIX)) return refuse('不是本系统答题卡的页码');
  if (head !== `${PREFIX}${FORMAT_VERSION}`) return refuse(`页码格式版本“${head.slice(PREFIX.length)}”不受支持`);
  if (fields.length !== 5) return refuse(`页码应有 5 段，实际为 ${fields.length} 段`);
  const [, rawId = '', rawVersion = '', rawPage = '', rawSide = ''] = fields;
  let templateId: string;
  try {
    templateId = decodeURIComponent(rawId);
  } catch {
    return refuse('页码中的模板编号无法解码');
  }
  if (templateId === '') return refuse('页码缺少答题卡模板编号');
  const templateVersion = positiveInteger(rawVersion);
  if (templateVersion === null) return refuse(`页码中的模板版本“${rawVersion}”不是正整数`);
  const page = positiveInteger(rawPage);
  if (page === null) return refuse(`页码中的页号“${rawPage}”不是正整数`);
  if (rawSide !== '1' && rawSide !== '2') return refuse(`页码中的面“${rawSide}”应为 1 或 2`);
  return { ok: true, code: { templateId, templateVersion, page, side: rawSide === '1' ? 1 : 2 } };
}

function positiveInteger(text: string): number | null {
  // Digits only, no leading zero: one number has exactly one spelling, so payloads compare as text.
  if (!/^[1-9]\d{0,8}$/.test(text)) return null;
  return Number(text);
}
