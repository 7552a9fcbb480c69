// The printable account sheet of new 临时阅卷账号: one row per account with its initial password,
// built in the browser from the create answer (the passwords are returned only once).
export async function tempUsersSheet(
  examName: string,
  expiresOn: string,
  accounts: readonly { loginName: string; password: string }[],
): Promise<Blob> {
  const module = await import('exceljs');
  const ExcelJS = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('临时阅卷账号');
  sheet.pageSetup = {
    ...sheet.pageSetup,
    paperSize: 9,
    orientation: 'portrait',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
  };
  sheet.addRow([`${examName} 临时阅卷账号（有效期至 ${expiresOn}）`]);
  sheet.mergeCells(1, 1, 1, 3);
  sheet.addRow(['序号', '账号', '初始密码']);
  for (const [i, a] of accounts.entries()) sheet.addRow([i + 1, a.loginName, a.password]);
  for (const [i, width] of [8, 20, 20].entries()) sheet.getColumn(i + 1).width = width;
  sheet.getRow(1).font = { bold: true, size: 14 };
  sheet.getRow(2).font = { bold: true };
  sheet.pageSetup.printTitlesRow = '2:2';
  const bytes = await workbook.xlsx.writeBuffer();
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
