import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CardTemplate, Endpoint, StoredUser } from '@huikao/contracts';
import { scanningCardsApi } from '@huikao/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from '../support/browser.ts';

// What the answer-card flows share: the marking service's JSON calls from the test process (as a
// second device of the same user would make them), and a downloaded PDF read by poppler's pdfinfo.

/** A `json` call of the marking service that must succeed; its data. */
export async function markCall<T>(endpoint: Endpoint, params: unknown, session: StoredUser): Promise<T> {
  const response = await fetch(baseURL() + endpoint.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', loginName: session.loginName, jwtToken: session.jwtToken },
    body: JSON.stringify(params),
  });
  const answer = (await response.json()) as { status: number; message: string; data: T };
  if (response.status !== 200 || answer.status !== 200) {
    throw new Error(`${endpoint.path}: HTTP ${response.status}, status ${answer.status}, ${answer.message}`);
  }
  return answer.data;
}

export const cardOf = (session: StoredUser, seId: string) =>
  markCall<CardTemplate | null>(scanningCardsApi.getExamTemplate, { schoolId: session.schoolId, seId }, session);

export interface PdfFacts {
  pages: number;
  /** "1190.55 x 841.89 pts" for A3 landscape, as pdfinfo prints it. */
  pageSize: string;
}

/** Page count and size of a PDF, read by pdfinfo (poppler-utils). */
export function pdfFacts(bytes: Buffer): PdfFacts {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'huikao-card-')), 'card.pdf');
  writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const pageSize = /^Page size:\s+([\d.]+ x [\d.]+ pts)/m.exec(info)?.[1] ?? '';
  return { pages, pageSize };
}

/** Millimetres as PDF points, as pdfinfo rounds them. */
export const pointsOf = (mm: number) => (Math.round((mm / 25.4) * 72 * 100) / 100).toFixed(2);

/** Drags a box's handle `mm` millimetres down the page (up when negative), as a user does with the mouse. */
export async function dragHandle(page: Page, svg: Locator, handle: Locator, pageWidthMm: number, mm: number) {
  const drawn = await svg.boundingBox();
  const box = await handle.boundingBox();
  if (!drawn || !box) throw new Error('the page or the handle is not on screen');
  const pxPerMm = drawn.width / pageWidthMm;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + (mm * pxPerMm) / 2, { steps: 5 });
  await page.mouse.move(x, y + mm * pxPerMm, { steps: 5 });
  await page.mouse.up();
}
