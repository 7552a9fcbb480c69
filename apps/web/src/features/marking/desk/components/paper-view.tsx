import { splitAnswerPhotos } from '@huikao/contracts';
import { Button, Empty, Image, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

/**
 * The paper's crop (zoom, rotate, full screen) or an online answer's text and photos. `onShown`
 * runs once the crop is decoded and painted (the desk's timing of Enter → next paper).
 */
export function PaperView({
  url,
  text,
  photos = [],
  onShown,
}: {
  url: string | null;
  text: string | null;
  photos?: string[];
  onShown?: () => void;
}) {
  const [zoom, setZoom] = useState(1);
  const [turn, setTurn] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const crop = useRef<HTMLImageElement>(null);
  const shown = useRef(onShown);
  shown.current = onShown;
  useEffect(() => {
    let live = true;
    // After the frame that paints it: decode() settles, the next animation frame paints, the task after it runs.
    const painted = () => requestAnimationFrame(() => setTimeout(() => live && shown.current?.(), 0));
    const image = crop.current;
    if (image) image.decode().then(painted, painted);
    else painted();
    return () => {
      live = false;
    };
  }, []);
  if (text !== null && url === null) {
    return (
      <section
        aria-label="作答内容"
        style={{ padding: 16, background: '#fafafa', minHeight: 240, whiteSpace: 'pre-wrap' }}
      >
        <Typography.Text>{splitAnswerPhotos(text).text || (photos.length ? '' : '（未作答）')}</Typography.Text>
        {photos.length > 0 && (
          <Image.PreviewGroup>
            <Space wrap style={{ display: 'flex', marginTop: 12 }}>
              {photos.map((src, i) => (
                <Image key={src} src={src} alt={`作答图片${i + 1}`} width={240} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
      </section>
    );
  }
  if (url === null) return <Empty description="该试卷没有图像" />;
  return (
    <div ref={box} style={{ background: '#fff' }}>
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setZoom((z) => Math.min(3, z + 0.25))}>
          放大
        </Button>
        <Button size="small" onClick={() => setZoom((z) => Math.max(0.5, z - 0.25))}>
          缩小
        </Button>
        <Button size="small" onClick={() => setTurn((t) => (t + 90) % 360)}>
          旋转
        </Button>
        <Button size="small" onClick={() => void box.current?.requestFullscreen?.()}>
          全屏
        </Button>
      </Space>
      <div style={{ overflow: 'auto', maxHeight: '70vh' }}>
        <img
          ref={crop}
          alt="答题图像"
          src={url}
          style={{ transform: `scale(${zoom}) rotate(${turn}deg)`, transformOrigin: 'top left', maxWidth: '100%' }}
        />
      </div>
    </div>
  );
}
