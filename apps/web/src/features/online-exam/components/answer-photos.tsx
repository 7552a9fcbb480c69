import { onlineExamApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Image } from 'antd';
import { useRef, useState } from 'react';
import { call, callUpload } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';

// Photos of a subjective answer (issue #18): taken with the phone's camera or chosen from the
// device, checked again by the server (JPEG/PNG, ≤ 8 MB), shown as thumbnails through the
// student's own signed links. The keys go with the answer through the same versioned save.

const MAX_BYTES = 8 * 1024 * 1024;

export function AnswerPhotos({
  onlineExamId,
  photos,
  disabled,
  onChange,
}: {
  onlineExamId: string;
  photos: string[];
  disabled: boolean;
  onChange: (photos: string[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const links = useQuery({
    queryKey: ['online-exam', 'photos', onlineExamId, photos],
    enabled: photos.length > 0,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => call(onlineExamApi.findMyOnlinePhotos, { onlineExamId, photoKeys: photos }, { signal }),
  });
  const urls = new Map((links.data ?? []).map((p) => [p.photoKey, p.url]));

  async function picked(file: File | undefined) {
    if (!file) return;
    if (!/^image\/(jpeg|png)$/.test(file.type)) return notifyError('只能上传 JPG 或 PNG 格式的图片');
    if (file.size > MAX_BYTES) return notifyError('图片不能超过 8 MB');
    setBusy(true);
    try {
      const stored = await callUpload(onlineExamApi.uploadOnlinePhoto, { onlineExamId }, file);
      onChange([...photos, stored.photoKey]);
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Flex vertical gap={8}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label="作答图片"
        style={{ display: 'none' }}
        onChange={(e) => void picked(e.target.files?.[0])}
      />
      <Flex gap={8} wrap>
        {photos.map((key, i) => (
          <Flex key={key} vertical gap={4} align="center">
            <Image width={96} height={96} style={{ objectFit: 'cover' }} src={urls.get(key)} alt={`作答图片${i + 1}`} />
            {disabled ? null : (
              <Button size="small" danger onClick={() => onChange(photos.filter((k) => k !== key))}>
                移除
              </Button>
            )}
          </Flex>
        ))}
      </Flex>
      {disabled ? null : (
        <Button loading={busy} onClick={() => input.current?.click()} style={{ alignSelf: 'start' }}>
          拍照/上传图片
        </Button>
      )}
    </Flex>
  );
}
