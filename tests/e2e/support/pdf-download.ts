import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { pdfRows } from '../../support/pdf-text';

/** Clicks a download button and reads the PDF the browser saved: its name, its text and its Total row. */
export async function downloadedPdf(page: Page, press: () => Promise<void>): Promise<{ name: string; text: string; total: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), press()]) as [Download, void];
  const rows = await pdfRows(new Uint8Array(await readFile((await download.path())!)));
  return { name: download.suggestedFilename(), text: rows.map((row) => row.join(' ')).join('\n'), total: rows.find((row) => /^Total/.test(row[0]!))! };
}
