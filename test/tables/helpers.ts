import { installNodePdfEnvironment } from '../../src/cli/node-raster.ts';
import { parseOptions } from '../../src/core/contract/index.ts';
import type { ResolvedOptions } from '../../src/core/contract/options.ts';
import { openDocument } from '../../src/core/pdf/index.ts';
import type { PageContent } from '../../src/core/pdf/types.ts';
import type { Region } from '../../src/core/stage.ts';
import { tablesOfPage } from '../../src/core/tables/index.ts';
import { buildPdf, type DocDesc } from '../fixtures/build-pdf.ts';

installNodePdfEnvironment();

export function options(raw: unknown = {}): ResolvedOptions {
  const parsed = parseOptions(raw);
  if (!parsed.ok) throw parsed.error;
  return parsed.options;
}

export interface PageTables {
  page: PageContent;
  regions: Region[];
}

/** Every page's table regions, as the tables stage produces them, plus the status lines. */
export async function tablesOfBytes(bytes: Uint8Array, raw: unknown = {}): Promise<{ pages: PageTables[]; status: string[] }> {
  const opts = options(raw);
  const status: string[] = [];
  const doc = await openDocument(bytes);
  try {
    const pages: PageTables[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.readPage(p);
      pages.push({ page, regions: tablesOfPage(page, { options: opts, status: (m) => status.push(m), doc }) });
    }
    return { pages, status };
  } finally {
    await doc.close();
  }
}

export async function tablesOf(desc: DocDesc, raw: unknown = {}) {
  const { bytes, truth } = await buildPdf(desc);
  return { ...(await tablesOfBytes(bytes, raw)), truth };
}

/** The table as a dense grid of cell texts (a spanning cell's text in its first slot). */
export function grid(region: Region): string[][] {
  const t = region.table!;
  const g = Array.from({ length: t.num_rows }, () => Array<string>(t.num_cols).fill(''));
  for (const c of t.cells) g[c.rows[0]!]![c.cols[0]!] = c.content;
  return g;
}
