import QRCode from 'qrcode';

// The page code as vector squares: the qrcode library's module matrix, each row's runs of dark
// modules merged into one rectangle (a few hundred rectangles instead of a thousand squares), so
// the code prints sharp at any printer resolution and stays small in the PDF.

export interface ModuleRun {
  /** Column and row of the run's first module, and its length in modules. */
  column: number;
  row: number;
  length: number;
}

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  runs: ModuleRun[];
}

/** Error correction M (15 % of the code may be lost to a pencil mark or a fold) or better. */
export const PAGE_CODE_CORRECTION = 'M';

export function qrMatrix(payload: string): QrMatrix {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: PAGE_CODE_CORRECTION });
  const size = modules.size;
  const runs: ModuleRun[] = [];
  for (let row = 0; row < size; row += 1) {
    let start = -1;
    for (let column = 0; column <= size; column += 1) {
      const dark = column < size && modules.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push({ column: start, row, length: column - start });
        start = -1;
      }
    }
  }
  return { size, runs };
}
