// Runs only the tables stage over a PDF (every page, default options): what the table metrics
// measure when layout is not involved.
import { readFileSync } from 'node:fs';
import { installNodePdfEnvironment } from '../src/cli/node-raster.ts';
import { parseOptions } from '../src/core/contract/index.ts';
import { normalizeRect } from '../src/core/geometry.ts';
import { openDocument } from '../src/core/pdf/index.ts';
import { tablesOfPage } from '../src/core/tables/index.ts';
import type { PredictedTable } from './icdar.ts';

let installed = false;

export async function runTablesStage(pdf: string, rawOptions: unknown = {}): Promise<PredictedTable[]> {
  if (!installed) {
    installNodePdfEnvironment();
    installed = true;
  }
  const parsed = parseOptions(rawOptions);
  if (!parsed.ok) throw parsed.error;
  const doc = await openDocument(new Uint8Array(readFileSync(pdf)));
  const out: PredictedTable[] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.readPage(p);
      const regions = tablesOfPage(page, { options: parsed.options, status: () => {}, doc });
      for (const r of regions) out.push({ page: p, bbox: normalizeRect(r.rect, page.width, page.height), ...(r.table ? { table: r.table } : {}) });
    }
  } finally {
    await doc.close();
  }
  return out;
}
