import { useCallback, useEffect, useState } from 'react';

/** Spec §1 fullscreen toggle, kept in step with Esc and the browser's own controls. */
export function useFullscreen(): { isFullscreen: boolean; toggle: () => void } {
  const [isFullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = useCallback(() => {
    // Refusals (e.g. no user gesture, iframe without permission) change nothing worth telling the user.
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    else document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return { isFullscreen, toggle };
}
