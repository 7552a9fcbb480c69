import { CameraOutlined } from '@ant-design/icons';
import { documentsToolsApi, TOOL_UPLOAD_LIMITS } from '@huikao/contracts';
import { Button, Upload } from 'antd';
import { type ClipboardEvent, useState } from 'react';
import { callUpload } from '../lib/api-client.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

// Tools of the question editor's text boxes (issue #19): a picture pasted from the clipboard is
// uploaded (file/imgStreamUploaded) and its {{图:…}} token inserted where the cursor is, and
// 拍照识题 reads a photo of a printed question into text (file/iiilookOCR).

/** The first picture on the clipboard, or null (plain text pastes as usual). */
export function clipboardPicture(data: DataTransfer | null): File | null {
  for (const item of Array.from(data?.items ?? [])) {
    if (item.kind === 'file' && item.type.startsWith('image/')) return item.getAsFile();
  }
  return null;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * An onPaste handler for a textarea: a pasted picture is uploaded for `schoolId` and `onText` gets
 * the text with the picture's token put at the cursor. Without a school (not loaded yet) it does nothing.
 */
export function usePastePicture(schoolId: string | undefined, onText: (text: string) => void) {
  const [uploading, setUploading] = useState(false);
  async function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const picture = clipboardPicture(event.clipboardData);
    if (!picture || !schoolId) return;
    event.preventDefault();
    const box = event.currentTarget;
    const { selectionStart, selectionEnd, value } = box;
    if (picture.size > TOOL_UPLOAD_LIMITS.image.maxBytes) {
      notifyError('错误', `图片过大：最大 ${TOOL_UPLOAD_LIMITS.image.label}`);
      return;
    }
    setUploading(true);
    try {
      const named = new File([picture], `粘贴图片.${EXTENSIONS[picture.type] ?? 'png'}`, { type: picture.type });
      const stored = await callUpload(documentsToolsApi.imgStreamUploaded, { schoolId }, named);
      const token = stored.pictureToken ?? '';
      onText(`${value.slice(0, selectionStart)}${token}${value.slice(selectionEnd)}`);
    } catch {
      // Shown by the api-client.
    } finally {
      setUploading(false);
    }
  }
  return { onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void onPaste(event), uploading };
}

/** 拍照识题: a photo of a printed question becomes text for the editor. */
export function PhotoQuestionButton({
  schoolId,
  onText,
}: {
  schoolId: string | undefined;
  onText: (text: string) => void;
}) {
  const [reading, setReading] = useState(false);
  return (
    <Upload
      accept="image/png,image/jpeg,image/webp"
      showUploadList={false}
      disabled={!schoolId || reading}
      beforeUpload={(file) => {
        setReading(true);
        callUpload(documentsToolsApi.iiilookOCR, { schoolId: schoolId! }, file)
          .then((result) => {
            onText(result.text);
            notifySuccess('识别完成', '请核对识别出的文字');
          })
          .catch(() => undefined)
          .finally(() => setReading(false));
        return false;
      }}
    >
      <Button size="small" icon={<CameraOutlined />} loading={reading}>
        拍照识题
      </Button>
    </Upload>
  );
}
