// tsx bench/floor-files.ts FILE... -> {"pages": n, "seconds": s} on stdout
// The pdf.js floor of these files in this process: each opened, every page's text content and
// operator list read, one file after another; timed from the first file to the end (not start-up).
// pdf.js is loaded as the engine loads it in Node (native built-ins back, its data dirs).
import { readFileSync } from 'node:fs';
import { nodeNativePdfjsLoader } from '../src/cli/node-raster.ts';

const pdfjs = await nodeNativePdfjsLoader();
let pages = 0;
const t0 = performance.now();
for (const file of process.argv.slice(2)) {
  try {
    const doc = await pdfjs.lib.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0, ...pdfjs.params }).promise;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      await page.getTextContent();
      await page.getOperatorList();
      page.cleanup();
      pages++;
    }
    await doc.destroy();
  } catch {
    // An unreadable or encrypted file: no pages to read, as for the engine (which answers 400).
  }
}
process.stdout.write(JSON.stringify({ pages, seconds: (performance.now() - t0) / 1000 }) + '\n');
