/**
 * PDF.js's legacy build (the one Node 20 runs) installs core-js polyfills for the whole process: on
 * Node 20 (no JSON.rawJSON) it replaces JSON.stringify, JSON.parse and Array.prototype.push with
 * versions 2–3 times slower, once for the library and again for its worker. The test process runs
 * the server and Playwright's protocol as well, so every later test paid (decision 127). Both
 * parts are loaded at once, and the engine's own three put back.
 */
const pdfjs = (async () => {
  const natives = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };
  const library = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The worker as PDF.js loads it in Node (its "fake worker"), loaded here so that it happens now.
  // The package types the library only: the worker's name is held in a string.
  const worker = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(worker);
  JSON.stringify = natives.stringify;
  JSON.parse = natives.parse;
  Array.prototype.push = natives.push;
  return library;
})();

/**
 * The text of a PDF as a person reads it, through Mozilla's PDF.js (the reader Firefox uses): each
 * page's text items grouped into rows by their baseline, each row's cells left to right. Tests read
 * back the documents the server draws, so they check what is printed, not what was meant.
 */
export async function pdfRows(pdf: Uint8Array): Promise<string[][]> {
  const { getDocument } = await pdfjs;
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
