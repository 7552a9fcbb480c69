import { questionBankSchoolApi } from '@huikao/contracts';
import { useEffect, useState } from 'react';
import { callFile } from '../lib/api-client.ts';

/**
 * A stored picture of question text (`{{图:<school>/<file>}}`, #22 item 3). The session travels in
 * request headers, not cookies, so an <img src> cannot fetch it: the picture is read through the
 * API client and shown from an object URL, released when the picture leaves the page.
 */
export function QuestionPicture({ schoolId, file }: { schoolId: string; file: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    setFailed(false);
    callFile(questionBankSchoolApi.getQuestionPicture, { schoolId, picture: file }, { silent: true }).then(
      (download) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(download.blob);
        setUrl(objectUrl);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [schoolId, file]);
  if (failed) return <span className="qb-picture-missing">[图片无法显示]</span>;
  if (!url) return <span className="qb-picture-loading">[图片加载中]</span>;
  return <img className="qb-picture" src={url} alt="试题图片" style={{ maxWidth: '100%', verticalAlign: 'middle' }} />;
}
