import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from '../../../../lib/notify.ts';

/**
 * An unsaved paper: leaving for another screen asks first (离开 / 继续编辑), and the browser asks
 * before a reload or closing the tab. Changing only the query (a saved paper's own address) is not
 * leaving.
 */
export function useUnsavedGuard(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDialog({
      title: '试卷还没有保存',
      content: '离开后，未保存的修改将丢失。确定离开吗？',
      okText: '离开',
      cancelText: '继续编辑',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker]);
}
