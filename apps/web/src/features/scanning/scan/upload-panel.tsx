import { scanningScansApi as api, type ScanFile } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, List, Progress, Select, Space, Tag, Typography } from 'antd';
import { type DragEvent, useRef, useState } from 'react';
import { call, callUpload } from '../../../lib/api-client.ts';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { roomQueries } from '../rooms/room-queries.ts';
import { filesOfDrop, pickOf, type ScanPick } from './dropped-files.ts';
import { scanKeys, useScanContext } from './scan-queries.ts';
import { percentOf, planUpload } from './upload-plan.ts';

// 上传扫描件 (issue #16 item 1): drop files, a folder or a zip, or choose them; pick the exam room
// (optional, it lets reconciliation count the room's extras); the files go one by one into a new
// batch with a bar for the batch and one per file. What each file became (保存, 重复, 拒收 and
// why) stays listed; recognition progress then shows in the batch list.

interface FileRow {
  path: string;
  size: number;
  sent: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** What the server made of it (a zip: one line per entry). */
  results: ScanFile[];
  message: string | null;
}

export function UploadPanel({ seId, meId }: { seId: string; meId: string }) {
  const { schoolId } = useScanContext();
  const client = useQueryClient();
  const rooms = useQuery(roomQueries.list(schoolId, meId));
  const [room, setRoom] = useState<string | undefined>(undefined);
  const [rows, setRows] = useState<FileRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const update = (index: number, change: Partial<FileRow>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));

  async function upload(picks: ScanPick[]) {
    if (busy || picks.length === 0) return;
    const plan = planUpload(picks);
    const refused: FileRow[] = plan.refused.map(({ file, message }) => ({
      path: file.path,
      size: file.size,
      sent: 0,
      state: 'failed',
      results: [],
      message,
    }));
    const queued: FileRow[] = plan.upload.map((f) => ({
      path: f.path,
      size: f.size,
      sent: 0,
      state: 'waiting',
      results: [],
      message: null,
    }));
    setRows([...queued, ...refused]);
    if (plan.upload.length === 0) {
      notifyWarning('没有可上传的扫描件', refused[0]?.message ?? undefined);
      return;
    }
    setBusy(true);
    try {
      const batch = await call(api.createBatch, { schoolId, seId, room, dpi: 200 });
      await client.invalidateQueries({ queryKey: scanKeys.batches(schoolId, seId) });
      for (const [index, pick] of plan.upload.entries()) {
        update(index, { state: 'uploading' });
        try {
          const answer = await callUpload(api.uploadScanFile, { schoolId, batchId: batch.batchId }, pick.file, {
            silent: true,
            onUploadProgress: (sent) => update(index, { sent }),
          });
          update(index, { state: 'done', sent: pick.size, results: answer.files });
        } catch (error) {
          // One file's failure (too big, the network) leaves the rest of the batch going.
          update(index, { state: 'failed', message: error instanceof Error ? error.message : '上传失败' });
        }
        // The batch list shows recognition starting while later files are still being sent.
        void client.invalidateQueries({ queryKey: scanKeys.all(schoolId, seId) });
      }
      notifySuccess('上传完成', '识别在后台进行，进度见下方批次列表');
    } finally {
      setBusy(false);
    }
  }

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    await upload(await filesOfDrop(event.dataTransfer.items));
  };
  const onChosen = (input: HTMLInputElement | null) => {
    const picks = [...(input?.files ?? [])].map(pickOf);
    if (input) input.value = '';
    void upload(picks);
  };

  const total = rows.filter((r) => r.state !== 'failed' || r.sent > 0).reduce((s, r) => s + r.size, 0);
  const sent = rows.reduce((s, r) => s + r.sent, 0);
  const lines = rows.flatMap((r) => (r.results.length > 0 ? [] : [r]));
  const results = rows.flatMap((r) => r.results);

  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <Typography.Text>考场</Typography.Text>
        <Select
          aria-label="考场"
          allowClear
          placeholder="不指定考场"
          style={{ width: 200 }}
          value={room}
          onChange={setRoom}
          disabled={busy}
          options={(rooms.data?.rooms ?? []).map((r) => ({ value: r.name, label: r.name }))}
        />
        <Button onClick={() => filesInput.current?.click()} disabled={busy}>
          选择文件
        </Button>
        <Button onClick={() => folderInput.current?.click()} disabled={busy}>
          选择文件夹
        </Button>
      </Space>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        aria-label="选择扫描文件"
        accept=".jpg,.jpeg,.png,.tif,.tiff,.pdf,.zip"
        onChange={(e) => onChosen(e.currentTarget)}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        aria-label="选择扫描文件夹"
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(e) => onChosen(e.currentTarget)}
      />
      <section
        aria-label="拖入扫描件"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          border: `2px dashed ${over ? '#1677ff' : '#d9d9d9'}`,
          borderRadius: 8,
          padding: 24,
          textAlign: 'center',
          background: over ? '#f0f7ff' : '#fafafa',
        }}
      >
        <Typography.Text>把扫描件、扫描文件夹或 zip 压缩包拖到这里</Typography.Text>
        <br />
        <Typography.Text type="secondary">
          JPEG、PNG、TIFF（可多页）、PDF；同一文件再次上传会被识别为重复，不会重复保存
        </Typography.Text>
      </section>
      {rows.length > 0 ? (
        <Flex vertical gap={4}>
          <Typography.Text>
            本批上传 {rows.filter((r) => r.state === 'done').length} / {rows.length} 个文件
          </Typography.Text>
          <Progress percent={percentOf(sent, total)} status={busy ? 'active' : 'normal'} aria-label="本批上传进度" />
          <List
            size="small"
            bordered
            style={{ maxHeight: 280, overflow: 'auto' }}
            dataSource={[
              ...lines.map((r) => ({ key: `l:${r.path}`, name: r.path, row: r, result: null })),
              ...results.map((f) => ({
                key: `r:${f.fileId || f.fileName}:${f.archiveName ?? ''}`,
                name: f.archiveName ? `${f.archiveName} › ${f.fileName}` : f.fileName,
                row: null,
                result: f,
              })),
            ]}
            renderItem={(item) => (
              <List.Item>
                <Flex style={{ width: '100%' }} gap={12} align="center">
                  <Typography.Text ellipsis style={{ flex: '0 0 40%' }}>
                    {item.name}
                  </Typography.Text>
                  {item.result ? <ResultLine file={item.result} /> : <FileLine row={item.row!} />}
                </Flex>
              </List.Item>
            )}
          />
        </Flex>
      ) : (
        <Alert
          type="info"
          showIcon
          title="上传后每页在后台识别：定位、页码、考号、客观题和主观题切图；识别不了的进入下方异常处理。"
        />
      )}
    </Flex>
  );
}

function FileLine({ row }: { row: FileRow }) {
  if (row.state === 'failed') return <Typography.Text type="danger">{row.message}</Typography.Text>;
  if (row.state === 'waiting') return <Typography.Text type="secondary">等待上传</Typography.Text>;
  return <Progress style={{ flex: 1, margin: 0 }} size="small" percent={percentOf(row.sent, row.size)} />;
}

function ResultLine({ file }: { file: ScanFile }) {
  if (file.status === 'refused')
    return (
      <Space>
        <Tag color="red">已拒收</Tag>
        <Typography.Text type="danger">{file.message}</Typography.Text>
      </Space>
    );
  if (file.status === 'duplicate')
    return (
      <Space>
        <Tag color="orange">重复文件</Tag>
        <Typography.Text type="secondary">{file.message}</Typography.Text>
      </Space>
    );
  return (
    <Space>
      <Tag color="green">已保存</Tag>
      <Typography.Text type="secondary">{file.pageCount} 页</Typography.Text>
    </Space>
  );
}
