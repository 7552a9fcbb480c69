import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from './page-code-mark.ts';

describe('qrMatrix', () => {
  it('covers exactly the dark modules of the qrcode library, at correction level M', () => {
    const payload = 'HK1:20261126:3:4:2';
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const matrix = qrMatrix(payload);
    expect(matrix.size).toBe(modules.size);
    const painted = new Set<string>();
    for (const run of matrix.runs) {
      for (let column = run.column; column < run.column + run.length; column++) painted.add(`${run.row},${column}`);
    }
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        expect(painted.has(`${row},${column}`)).toBe(Boolean(modules.get(row, column)));
      }
    }
    // Runs, not squares: far fewer rectangles than dark modules.
    expect(matrix.runs.length).toBeLessThan(painted.size / 1.5);
  });
});
