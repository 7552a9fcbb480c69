import { ImportOutlined } from '@ant-design/icons';
import type { CurriculumImportKind } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { saveDownload } from '../../../lib/download.ts';
import { commitImport, downloadTemplate, IMPORT_TITLES, previewImport, useCurriculumContext } from '../api.ts';

/** 批量导入 of courses, majors or one major's plan: the shared import dialog (same steps and error UX as base data). */
export function CurriculumImport({ kind, majorId }: { kind: CurriculumImportKind; majorId?: string }) {
  const [open, setOpen] = useState(false);
  const { schoolId } = useCurriculumContext();
  const client = useQueryClient();
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        {kind === 'plans' ? '导入教学计划' : '批量导入'}
      </Button>
      <ImportDialog
        open={open}
        title={IMPORT_TITLES[kind]}
        onClose={() => setOpen(false)}
        onDownloadTemplate={async () => saveDownload(await downloadTemplate(schoolId, kind))}
        onPreview={(file, onProgress) => previewImport(schoolId, kind, majorId, file, onProgress)}
        onConfirm={async (rows) => {
          const result = await commitImport(schoolId, kind, majorId, rows);
          await client.invalidateQueries({ queryKey: ['curriculum'] });
          return result;
        }}
      />
    </>
  );
}
