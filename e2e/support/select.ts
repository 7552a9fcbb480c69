import type { Locator, Page } from 'playwright-core';

const SELECT = 'xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]';

/**
 * Picks an option of an antd Select. With `confirm`, waits until the Select shows the option and,
 * if it does not, picks again: under load a click can land while the dropdown is still sliding in
 * and antd drops it (CI once lost 八年级 this way in the 新增班级 dialog).
 */
export async function pickOption(
  p: Page,
  field: Locator,
  option: string | RegExp,
  { confirm = false }: { confirm?: boolean } = {},
): Promise<void> {
  const item = p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first();
  if (!confirm) {
    await field.click();
    await item.click();
    return;
  }
  if (typeof option !== 'string') throw new Error('pickOption: confirm needs the option text');
  const shown = field.locator(SELECT).getByTitle(option).first();
  for (let attempt = 1; ; attempt += 1) {
    // On a retry a dropdown the last try left open is used as it is: clicking the field would close it.
    if (attempt === 1 || (await field.getAttribute('aria-expanded')) !== 'true') await field.click();
    await item.click({ timeout: 15_000 });
    try {
      await shown.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}
