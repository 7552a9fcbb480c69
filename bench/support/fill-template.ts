import ExcelJS from 'exceljs';
import { QUESTIONS, random } from './score-exam.ts';

/** Fills every score cell of a template: about 2% absent, choices and scores by ability. */
export async function fillTemplate(template: Buffer): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ExcelJS.Buffer);
  const next = random(20261121);
  for (const sheet of workbook.worksheets) {
    if (sheet.state !== 'visible' || sheet.name === '填写说明') continue;
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      if (next() < 0.02) {
        row.getCell(4).value = '是';
        continue;
      }
      const ability = next();
      QUESTIONS.forEach((q, i) => {
        const cell = row.getCell(5 + i);
        if (q.kind === 2) cell.value = Math.round(q.fullMark * Math.min(1, ability + next() * 0.4) * 2) / 2;
        else if (next() < ability + 0.3)
          cell.value = q.objectiveType === 3 ? (q.answer === 'T' ? '对' : '错') : q.answer!;
        else cell.value = q.objectiveType === 3 ? 'T' : q.objectiveType === 2 ? 'A' : 'D';
      });
      row.commit();
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
