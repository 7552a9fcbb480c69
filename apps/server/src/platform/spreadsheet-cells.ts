import type ExcelJS from 'exceljs';

// Reading a spreadsheet cell as the user sees it, for every Excel import (school base, scores).

/** A cell as the user sees it, trimmed: numbers without float noise, dates as YYYY-MM-DD. */
export function cellText(cell: ExcelJS.Cell): string {
  return valueText(cell.value)
    .replace(/\u3000/g, ' ')
    .trim();
}

function valueText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  // Excel dates carry the wall-clock time as UTC.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return valueText((value as { result?: ExcelJS.CellValue }).result);
  if ('hyperlink' in value) return valueText((value as { text: ExcelJS.CellValue }).text);
  if ('error' in value) return '';
  return String(value);
}

/** 13800000000 stays 13800000000 (not 1.38e10), and 2025.0000000001 becomes 2025. */
function numberText(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 });
  return String(Number(value.toPrecision(15)));
}
