import path from 'node:path';
import { type StoredToolFile, schoolOfToolFile, TOOL_LINK_SECONDS, TOOL_UPLOAD_LIMITS } from '@huikao/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { Actor } from '../../../platform/auth-context.ts';
import { badInput, forbidden, notFound } from '../../../platform/errors.ts';
import type { Upload, UploadRule } from '../../../platform/files.ts';
import { contentTypeOfKey, type FileStorage } from '../../../platform/storage.ts';
import { schoolOf } from '../../../platform/tenancy.ts';
import { createQuestionPictures } from '../../question-bank/index.ts';

// Files of the tool service (file/fileUploaded, file/imgStreamUploaded, word/upload): kept in
// platform storage under the school's own folder `tools-<schoolId>`, so a key names its school
// and another school's key is refused without a lookup. The type is checked by the file's first
// bytes (file-type), not by its name: a renamed program or a text file called .png is refused.

/** What each kind of upload takes: the extensions the name may have and the types its bytes may be. */
const KINDS = {
  file: {
    rule: {
      maxBytes: TOOL_UPLOAD_LIMITS.file.maxBytes,
      extensions: ['.docx', '.xlsx', '.pdf', '.png', '.jpg', '.jpeg', '.gif', '.webp'],
      typeMessage: '只能上传 Word(.docx)、Excel(.xlsx)、PDF 或图片(PNG/JPG/GIF/WebP) 文件',
    },
    types: ['docx', 'xlsx', 'pdf', 'png', 'jpg', 'gif', 'webp'],
  },
  image: {
    rule: {
      maxBytes: TOOL_UPLOAD_LIMITS.image.maxBytes,
      extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
      typeMessage: '只能粘贴或上传 PNG、JPG、GIF 或 WebP 图片',
    },
    types: ['png', 'jpg', 'gif', 'webp'],
  },
  photo: {
    rule: {
      maxBytes: TOOL_UPLOAD_LIMITS.image.maxBytes,
      extensions: ['.png', '.jpg', '.jpeg', '.webp'],
      typeMessage: '只能上传 PNG、JPG 或 WebP 照片',
    },
    types: ['png', 'jpg', 'webp'],
  },
  word: {
    rule: {
      maxBytes: TOOL_UPLOAD_LIMITS.file.maxBytes,
      extensions: ['.docx'],
      typeMessage: '只能上传 .docx 格式的 Word 文件（.doc 请先在 Word 中另存为 .docx）',
    },
    types: ['docx'],
  },
} as const satisfies Record<string, { rule: UploadRule; types: readonly string[] }>;
export type ToolUploadKind = keyof typeof KINDS;

export const TOOL_UPLOADS: Record<ToolUploadKind | 'scan', UploadRule> = {
  /** A test scan (file/locateImage): what a scanning batch takes; its bytes are checked by scanning. */
  scan: {
    maxBytes: TOOL_UPLOAD_LIMITS.file.maxBytes,
    extensions: ['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.pdf'],
    typeMessage: '只能上传 JPG、PNG、TIFF 或 PDF 格式的扫描图像',
  },
  file: KINDS.file.rule,
  image: KINDS.image.rule,
  photo: KINDS.photo.rule,
  word: KINDS.word.rule,
};

/** The type the bytes really are (file-type's extension), refused when it is not one `kind` takes. */
export async function checkedType(kind: ToolUploadKind, upload: Upload): Promise<string> {
  const { rule, types } = KINDS[kind];
  if (upload.buffer.length === 0) throw badInput('上传的文件是空的', { field: 'file' });
  const detected = await fileTypeFromBuffer(upload.buffer).catch(() => undefined);
  if (!detected || !(types as readonly string[]).includes(detected.ext)) {
    throw badInput(`文件内容与类型不符或文件已损坏：${rule.typeMessage}`, { field: 'file' });
  }
  return detected.ext;
}

export function createToolFiles(storage: FileStorage) {
  const pictures = createQuestionPictures(storage);
  async function link(key: string) {
    const expiresAt = Date.now() + TOOL_LINK_SECONDS * 1000;
    return { url: await storage.signedUrl(key, TOOL_LINK_SECONDS), expiresAt };
  }

  /** The school's stored file; another school's key 403, a missing one 404. */
  async function read(actor: Actor, schoolId: string, fileKey: string): Promise<Buffer> {
    schoolOf(actor, schoolId);
    if (schoolOfToolFile(fileKey) !== schoolId) throw forbidden('无权访问其他学校的文件');
    try {
      return await storage.get(fileKey);
    } catch {
      throw notFound('文件不存在或已过期，请重新上传');
    }
  }

  return {
    link,
    read,
    async store(actor: Actor, schoolId: string, kind: ToolUploadKind, upload: Upload): Promise<StoredToolFile> {
      const school = schoolOf(actor, schoolId);
      const ext = await checkedType(kind, upload);
      let fileKey: string;
      let pictureToken: string | null = null;
      if (kind === 'image') {
        // Kept with the question pictures, so the editor's text shows it and the Word export embeds it.
        const pasted = await pictures.paste(school, upload.buffer);
        if ('refused' in pasted) throw badInput(`图片无法使用：${pasted.refused}`, { field: 'file' });
        fileKey = pasted.key;
        pictureToken = pasted.token;
      } else {
        const stem = path.basename(upload.fileName, path.extname(upload.fileName));
        fileKey = await storage.put(`tools-${school}`, `${stem}.${ext}`, upload.buffer);
      }
      return {
        fileKey,
        pictureToken,
        fileName: upload.fileName,
        size: upload.buffer.length,
        contentType: contentTypeOfKey(fileKey),
        ...(await link(fileKey)),
      };
    },
    async uri(actor: Actor, schoolId: string, fileKey: string) {
      await read(actor, schoolId, fileKey);
      return link(fileKey);
    },
  };
}
export type ToolFiles = ReturnType<typeof createToolFiles>;
