/** Keys that zoom the page together with ctrl or meta. */
const ZOOM_KEYS = new Set(['+', '-', '=', '_']);

/**
 * Spec §2: browser zoom by ctrl/meta plus the mouse wheel is blocked (the layouts and answer-card
 * measurements assume 100 %); the keyboard shortcuts too, for the same reason.
 * The wheel listener must be non-passive, otherwise preventDefault is ignored.
 */
export function installZoomBlock(target: Window = window): () => void {
  const onWheel = (event: WheelEvent) => {
    if (event.ctrlKey || event.metaKey) event.preventDefault();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && ZOOM_KEYS.has(event.key)) event.preventDefault();
  };
  target.addEventListener('wheel', onWheel, { passive: false });
  target.addEventListener('keydown', onKeyDown);
  return () => {
    target.removeEventListener('wheel', onWheel);
    target.removeEventListener('keydown', onKeyDown);
  };
}
