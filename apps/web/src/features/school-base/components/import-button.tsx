import { ImportOutlined } from '@ant-design/icons';
import type { ImportKind } from '@huikao/contracts';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { downloadTemplate, IMPORT_TITLES, previewImport, TERM_KINDS } from '../excel.ts';
import { useCommitImport } from '../mutations.ts';
import { useSchoolContext } from '../school-context.ts';

export interface ImportButtonProps {
  kind: ImportKind;
  /** The current term: class names in the file are read in it. */
  termId?: string;
  /** Said above the steps, e.g. the term the rows go into. */
  scope?: ReactNode;
}

/** 批量导入 of one kind: the shared import dialog bound to the school base calls. */
export function ImportButton({ kind, termId, scope }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  const { schoolId } = useSchoolContext();
  const needsTerm = TERM_KINDS.has(kind);
  const importTermId = needsTerm ? termId : undefined;
  const commit = useCommitImport(kind, importTermId);
  return (
    <>
      <Button icon={<ImportOutlined />} disabled={needsTerm && !termId} onClick={() => setOpen(true)}>
        批量导入
      </Button>
      <ImportDialog
        open={open}
        title={IMPORT_TITLES[kind]}
        scope={scope}
        onClose={() => setOpen(false)}
        onDownloadTemplate={() => downloadTemplate(schoolId, kind)}
        onPreview={(file, onProgress) => previewImport(schoolId, kind, importTermId, file, onProgress)}
        onConfirm={(rows) => commit.mutateAsync(rows)}
      />
    </>
  );
}
