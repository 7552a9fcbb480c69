// The designer draws a card page from the template's own geometry (millimetres from the page's
// top-left corner) at whatever width the screen gives it. These pure functions turn screen pixels
// into millimetres and a drag of a box's bottom edge into the box's new height.

/** The server refuses boxes outside these heights (packages/answer-card: MIN_BOX_HEIGHT, MAX_BOX_HEIGHT). */
export const MIN_BOX_HEIGHT_MM = 15;
export const MAX_BOX_HEIGHT_MM = 2000;
/** Heights move in whole millimetres: finer than that no printer or eye tells apart. */
export const HEIGHT_STEP_MM = 1;

/** How many screen pixels one millimetre of the page takes, for a page drawn `drawnWidthPx` wide. */
export function pxPerMm(drawnWidthPx: number, pageWidthMm: number): number {
  if (!(drawnWidthPx > 0) || !(pageWidthMm > 0)) return 1;
  return drawnWidthPx / pageWidthMm;
}

export const mmToPx = (mm: number, scale: number) => mm * scale;
export const pxToMm = (px: number, scale: number) => px / scale;

/**
 * The box's height after its bottom edge was dragged `deltaPx` pixels down (negative: up):
 * whole millimetres, never below the smallest box nor above the largest one.
 */
export function heightAfterDrag(startHeightMm: number, deltaPx: number, scale: number): number {
  const raw = startHeightMm + pxToMm(deltaPx, scale);
  const stepped = Math.round(raw / HEIGHT_STEP_MM) * HEIGHT_STEP_MM;
  return Math.min(MAX_BOX_HEIGHT_MM, Math.max(MIN_BOX_HEIGHT_MM, stepped));
}

/**
 * What the page view shows while a piece of a box is being dragged: the piece's frame grows or
 * shrinks by the change of the whole box's height (a linked piece carries the rest of the box,
 * so only the dragged piece moves on screen until the server lays the card out again).
 */
export function draggedPieceHeight(pieceHeightMm: number, startHeightMm: number, nextHeightMm: number): number {
  return Math.max(1, pieceHeightMm + (nextHeightMm - startHeightMm));
}
