import { Button } from 'antd';
import { useState } from 'react';
import type { PaperActionProps } from '../../../components/paper-actions.tsx';
import { CreateOnlineExamDialog } from './create-online-exam-dialog.tsx';

/** 建在线考试 on a 我的试卷 row: the same dialog as the 在线考试 page, the paper chosen. */
export function OnlineExamFromPaper({ paper }: PaperActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type="link" onClick={() => setOpen(true)}>
        建在线考试
      </Button>
      {open ? (
        <CreateOnlineExamDialog paperId={paper.paperId} paperTitle={paper.title} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
