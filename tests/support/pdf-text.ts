import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF as a person reads it, through Mozilla's PDF.js (the reader Firefox uses): each
 * page's text items grouped into rows by their baseline, each row's cells left to right. Tests read
 * back the documents the server draws, so they check what is printed, not what was meant.
 */
export async function pdfRows(pdf: Uint8Array): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const rows: string[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const byLine = new Map<number, Array<{ x: number; text: string }>>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      byLine.set(y, [...(byLine.get(y) ?? []), { x: item.transform[4] as number, text: item.str.trim() }]);
    }
    // PDF's y grows upwards: the top row has the largest.
    for (const [, cells] of [...byLine.entries()].sort(([a], [b]) => b - a)) rows.push(cells.sort((a, b) => a.x - b.x).map((cell) => cell.text));
  }
  await document.destroy();
  return rows;
}
