// A table-structure re-run (core/tables/restructure.ts) over a finished run's kept pages gives the
// same elements as a fresh full run with the new table options, and leaves every other element alone.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Element } from '../../src/core/contract/types.ts';
import { assemble, parseOptions, partition, restructureTables, type PartitionEvent, type TablePage } from '../../src/core/index.ts';
import { layoutStage } from '../../src/core/layout/index.ts';
import type { OpenedDocument, PageContent, RasterImage } from '../../src/core/pdf/types.ts';
import type { PageState, StageContext } from '../../src/core/stage.ts';
import { RULING_DPI, tablesStage } from '../../src/core/tables/index.ts';
import { tablePageOf } from '../../src/core/tables/restructure.ts';
import { buildPdf, type DocDesc } from '../fixtures/build-pdf.ts';
import { ocrRun } from '../fixtures/runs.ts';

const PARA = 'Tessera splits documents into typed layout elements with boxes and scores so that people can search them.';

const doc: DocDesc = {
  pages: [
    {
      blocks: [
        { kind: 'heading', level: 1, text: 'Quarterly Figures' },
        { kind: 'paragraph', text: `${PARA} The table below lists the regions.` },
        {
          kind: 'table',
          rows: [
            ['Region', 'Units', 'Revenue'],
            ['North', '120', '4,300'],
            ['South', '95', '3,150'],
            ['East', '143', '5,020'],
          ],
        },
        { kind: 'paragraph', text: `After the table. ${PARA}` },
      ],
    },
    { blocks: [{ kind: 'heading', level: 2, text: '2 Notes' }, { kind: 'paragraph', text: `${PARA} ${PARA}` }] },
    {
      blocks: [
        { kind: 'paragraph', text: PARA },
        {
          kind: 'table',
          rows: [
            ['Item', 'Q1', 'Q2', 'Q3'],
            ['Paper', '12', '14', '11'],
            ['Ink', '3', '4', '6'],
          ],
        },
      ],
    },
  ],
};

interface Run {
  /** Page elements, as the 'page' events streamed them (before the document stages). */
  pageElements: Element[];
  /** The response's elements (after the document stages). */
  elements: Element[];
  kept: TablePage[];
  pagesRead: number;
}

let bytes: Uint8Array;

async function fullRun(options: Record<string, unknown>): Promise<Run> {
  const events: PartitionEvent[] = [];
  const kept: TablePage[] = [];
  const response = await partition({ file: bytes.slice(), options, onEvent: (e) => events.push(e), onTablePage: (p) => kept.push(p) });
  expect(response.status_code, response.error).toBe(200);
  const pageElements = events.flatMap((e) => (e.kind === 'page' ? e.elements : []));
  const pagesRead = events.filter((e) => e.kind === 'stage' && e.stage === 'read').length;
  return { pageElements, elements: response.elements!, kept, pagesRead };
}

const tables = (els: readonly Element[]) => els.filter((e) => e.type === 'table');
const others = (els: readonly Element[]) => els.filter((e) => e.type !== 'table');

async function documentElements(pageElements: Element[], options: Record<string, unknown>): Promise<Element[]> {
  const parsed = parseOptions(options);
  if (!parsed.ok) throw parsed.error;
  return (await assemble(pageElements, { options: parsed.options, status: () => {} }, 'doc')).elements!;
}

describe('table structure re-run', () => {
  let none: Run;
  let standard: Run;
  beforeAll(async () => {
    bytes = (await buildPdf(doc)).bytes;
    none = await fullRun({ table_mode: 'none' });
    standard = await fullRun({});
  });

  it('keeps only the pages that have tables, and detection does not depend on table_mode', () => {
    expect(none.kept.map((p) => p.content.pageNumber)).toEqual([1, 3]);
    expect(tables(none.pageElements)).toHaveLength(2);
    expect(tables(none.pageElements).every((t) => t.table === undefined)).toBe(true);
    expect(tables(standard.pageElements).map((t) => t.bbox)).toEqual(tables(none.pageElements).map((t) => t.bbox));
    expect(tables(standard.pageElements)[0]!.table).toMatchObject({ num_rows: 4, num_cols: 3, column_headers: ['Region', 'Units', 'Revenue'] });
  });

  it('none then standard gives the elements of a fresh standard run, other elements untouched', async () => {
    const status: string[] = [];
    // The kept pages cross a worker boundary in the app: they must survive a structured clone.
    const rerun = await restructureTables({
      pages: structuredClone(none.kept),
      elements: none.pageElements,
      runOptions: { table_mode: 'none' },
      options: { table_mode: 'standard' },
      onEvent: (e) => status.push(e.line),
    });
    expect(rerun.status_code, rerun.error).toBe(200);
    expect(rerun.tables).toBe(2);
    expect(rerun.elements).toEqual(standard.pageElements);
    // Not a single other element changed: the very same objects come back.
    const before = others(none.pageElements);
    others(rerun.elements!).forEach((e, i) => expect(e).toBe(before[i]));
    // The cells are back, with the run's boxes.
    const [first] = tables(rerun.elements!);
    expect(first!.table!.cells.filter((c) => c.is_header).map((c) => c.content)).toEqual(['Region', 'Units', 'Revenue']);
    expect(first!.text_representation).toBe('Region,Units,Revenue\nNorth,120,"4,300"\nSouth,95,"3,150"\nEast,143,"5,020"\n');
    expect(first!.properties.table_engine).toMatch(/^tessera-hybrid\//);
    // After the document stages too, the same output as the fresh run.
    expect(await documentElements(rerun.elements!, {})).toEqual(standard.elements);
    expect(status[0]).toMatch(/^T\+ +\d+\.\d\d: Table structure only \(table_mode standard\): 2 pages with tables/);
    expect(status.filter((l) => l.includes('Completed table structure on page'))).toHaveLength(2);
  });

  it('standard then none drops the cells again, like a fresh none run', async () => {
    const rerun = await restructureTables({ pages: standard.kept, elements: standard.pageElements, runOptions: {}, options: { table_mode: 'none' } });
    expect(rerun.status_code, rerun.error).toBe(200);
    expect(rerun.elements).toEqual(none.pageElements);
    expect(tables(rerun.elements!).every((t) => t.table === undefined && t.properties.table_engine === null)).toBe(true);
  });

  it('custom mode and include_additional_text give what a fresh run with them gives', async () => {
    const custom = { table_mode: 'custom', table_extraction_options: { model_selection: 'chars > 40 -> deformable_detr; table_transformer', include_additional_text: false } };
    const fresh = await fullRun(custom);
    const status: string[] = [];
    const rerun = await restructureTables({ pages: none.kept, elements: none.pageElements, runOptions: { table_mode: 'none' }, options: custom, onEvent: (e) => status.push(e.line) });
    expect(rerun.status_code, rerun.error).toBe(200);
    expect(rerun.elements).toEqual(fresh.pageElements);
    expect(tables(rerun.elements!).map((t) => t.properties.table_model)).toEqual(['deformable_detr', 'table_transformer']);
    // A model that is not installed is said once per model, as in a full run.
    const fallbacks = status.filter((l) => /Table model \w+ is not installed/.test(l));
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(new Set(fallbacks.map((l) => l.replace(/^T\+ +\d+\.\d\d: /, ''))).size).toBe(fallbacks.length);
  });

  it('keeps the candidates of a threshold-0 run (the app) in step with a fresh threshold-0 run', async () => {
    const zeroNone = await fullRun({ table_mode: 'none', threshold: 0 });
    const zeroStandard = await fullRun({ threshold: 0 });
    const rerun = await restructureTables({ pages: zeroNone.kept, elements: zeroNone.pageElements, runOptions: { table_mode: 'none', threshold: 0 }, options: { threshold: 0 } });
    expect(rerun.elements).toEqual(zeroStandard.pageElements);
  });

  it('refuses clearly what it cannot do alone', async () => {
    const otherText = await restructureTables({
      pages: none.kept,
      elements: none.pageElements,
      runOptions: { table_mode: 'none' },
      options: { text_extraction_options: { remove_line_breaks: false } },
    });
    expect(otherText.status_code).toBe(400);
    expect(otherText.error).toMatch(/changes only the table options; text_extraction_options changed too: run the whole document again/);

    const gone = await restructureTables({ pages: none.kept.slice(0, 1), elements: none.pageElements, runOptions: { table_mode: 'none' }, options: {} });
    expect(gone.status_code).toBe(400);
    expect(gone.error).toMatch(/content of page 3 is no longer kept/);

    const bad = await restructureTables({ pages: none.kept, elements: none.pageElements, runOptions: { table_mode: 'none' }, options: { table_mode: 'sideways' } });
    expect(bad.status_code).toBe(400);
    expect(bad.error).toMatch(/table_mode/);

    const controller = new AbortController();
    controller.abort();
    const cancelled = await restructureTables({ pages: none.kept, elements: none.pageElements, runOptions: { table_mode: 'none' }, options: {}, signal: controller.signal });
    expect(cancelled.status_code).toBe(499);
    expect(cancelled.elements).toBeUndefined();
  });
});

describe('table structure re-run on a scanned page', () => {
  const px = (pt: number): number => Math.round((pt * RULING_DPI) / 72);
  /** A 3 x 2 ruled grid as pixels (x 100..300, y 100..160 pt): its rules exist only in the raster. */
  function scan(): RasterImage {
    const width = px(595);
    const height = px(842);
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    const ink = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data.fill(20, (y * width + x) * 4, (y * width + x) * 4 + 3);
    };
    for (const y of [100, 120, 140, 160]) ink(px(100), px(y), px(300) + 1, px(y) + 2);
    for (const x of [100, 200, 300]) ink(px(x), px(100), px(x) + 2, px(160) + 1);
    return { width, height, data };
  }
  const content: PageContent = {
    pageNumber: 1,
    width: 595,
    height: 842,
    rotate: 0,
    textRuns: [ocrRun('Name', 105, 104), ocrRun('Count', 205, 104), ocrRun('Alpha', 105, 124), ocrRun('12', 205, 124), ocrRun('Beta', 105, 144), ocrRun('34', 205, 144)],
    paths: [],
    images: [],
  };

  async function pageRun(raw: Record<string, unknown>): Promise<{ state: PageState; renders: number }> {
    let renders = 0;
    const doc = {
      rasterize: async () => {
        renders++;
        return scan();
      },
    } as unknown as OpenedDocument;
    const parsed = parseOptions(raw);
    if (!parsed.ok) throw parsed.error;
    const ctx: StageContext = { doc, options: parsed.options, status: () => {} };
    const tabled = await tablesStage.run({ content, regions: [], elements: [] }, ctx);
    return { state: await layoutStage.run(tabled, ctx), renders };
  }

  it('uses the rulings the run found in the pixels instead of rendering the page again', async () => {
    const none = await pageRun({ table_mode: 'none' });
    const standard = await pageRun({});
    expect(none.renders).toBe(1);
    const kept = tablePageOf(none.state)!;
    expect(kept.rulings.length).toBeGreaterThanOrEqual(7);
    // Nothing here could render a page: the re-run has the kept content and rulings only.
    const rerun = await restructureTables({ pages: [structuredClone(kept)], elements: none.state.elements, runOptions: { table_mode: 'none' }, options: {} });
    expect(rerun.status_code, rerun.error).toBe(200);
    expect(rerun.elements).toEqual(standard.state.elements);
    expect(tables(rerun.elements!)[0]!.table).toMatchObject({ num_rows: 3, num_cols: 2, column_headers: ['Name', 'Count'] });
  });
});
