// Tables in generated PDFs with known content: ruled, booktabs and borderless tables come out with
// their rows, columns, header and cell boxes; prose and lists do not become tables, a dot-leader
// table of contents becomes one of entry and page; table_mode and model_selection behave as the
// contract says.
import { describe, expect, it } from 'vitest';
import { tablesOf, grid } from './helpers.ts';

const ROWS = [
  ['Country', 'Population', 'Area km2', 'Capital'],
  ['France', '68 042 591', '551 695', 'Paris'],
  ['Germany', '84 358 845', '357 588', 'Berlin'],
  ['Italy', '58 850 717', '301 340', 'Rome'],
  ['Spain', '48 059 777', '505 990', 'Madrid'],
];

const intro = { kind: 'paragraph' as const, text: 'The table below lists four countries of the European Union with their population, area and capital city as of the latest census.' };
const outro = { kind: 'paragraph' as const, text: 'Figures are rounded and come from the national statistics offices of each member state, collected in the last available year.' };

describe.each(['ruled', 'booktabs', 'borderless'] as const)('a %s table', (style) => {
  it('is found once, with every row and column and its text in the right cells', async () => {
    const { pages, truth } = await tablesOf({ pages: [{ blocks: [intro, { kind: 'table', rows: ROWS, style }, outro] }] });
    const regions = pages[0]!.regions;
    expect(regions).toHaveLength(1);
    const region = regions[0]!;
    expect(grid(region)).toEqual(ROWS);
    const t = region.table!;
    expect(t.num_rows).toBe(5);
    expect(t.num_cols).toBe(4);
    expect(t.column_headers).toEqual(ROWS[0]);
    expect(t.cells.filter((c) => c.is_header).map((c) => c.content)).toEqual(ROWS[0]);
    // The region sits on the drawn table (within a few points), not on the paragraphs around it.
    const block = truth.pages[0]!.blocks.find((b) => b.kind === 'table')!;
    expect(Math.abs(region.rect.y0 - block.rect.y0)).toBeLessThan(8);
    expect(Math.abs(region.rect.y1 - block.rect.y1)).toBeLessThan(8);
    // Each cell's box holds its text's truth box.
    const page = pages[0]!.page;
    for (const cell of t.cells) {
      const line = block.lines.find((l) => l.text === cell.content)!;
      expect(line, cell.content).toBeDefined();
      const cx = (line.rect.x0 + line.rect.x1) / 2 / page.width;
      const cy = (line.rect.y0 + line.rect.y1) / 2 / page.height;
      expect(cx).toBeGreaterThan(cell.bbox.x1);
      expect(cx).toBeLessThan(cell.bbox.x2);
      expect(cy).toBeGreaterThan(cell.bbox.y1);
      expect(cy).toBeLessThan(cell.bbox.y2);
    }
    expect(region.text).toBe(ROWS.map((r) => r.join(',')).join('\n') + '\n');
    expect(region.properties).toMatchObject({ columns: 4, rows: 5, table_engine: expect.stringMatching(/^tessera-hybrid\//) });
  });
});

describe('things that are not tables', () => {
  it('two columns of prose and bulleted and numbered lists give no table', async () => {
    const prose =
      'Tables are where document engines fail people most: merged cells lost, rows dropped, borderless tables missed and headers lost. This paragraph is running text set in a column.';
    const { pages } = await tablesOf({
      pages: [
        { columns: 2, blocks: [prose, prose, prose, prose, prose, prose].map((text) => ({ kind: 'paragraph' as const, text })) },
        {
          blocks: [
            { kind: 'list', items: ['First item of the list', 'Second item that is a little longer', 'Third item', 'Fourth and last item'] },
            { kind: 'list', numbered: true, items: ['Open the file', 'Read every page', 'Find the tables', 'Write the output'] },
          ],
        },
      ],
    });
    expect(pages.map((p) => p.regions.length)).toEqual([0, 0]);
  });
});

describe('a table of contents', () => {
  it('is a table of entry and page number, without its leader dots', async () => {
    const entries = ['Introduction . . . . . . . . . . . . 1', 'Related work . . . . . . . . . . . . 4', 'Method . . . . . . . . . . . . . . . 9', 'Results . . . . . . . . . . . . . . 15'];
    const { pages } = await tablesOf({ pages: [{ blocks: entries.map((text) => ({ kind: 'paragraph' as const, text })) }] });
    expect(pages[0]!.regions).toHaveLength(1);
    expect(grid(pages[0]!.regions[0]!)).toEqual([
      ['Introduction', '1'],
      ['Related work', '4'],
      ['Method', '9'],
      ['Results', '15'],
    ]);
  });
});

describe('options', () => {
  const doc = { pages: [{ blocks: [intro, { kind: 'table' as const, rows: ROWS }, outro] }] };

  it('table_mode none still returns the table, with its text but without cells', async () => {
    const { pages } = await tablesOf(doc, { table_mode: 'none' });
    const region = pages[0]!.regions[0]!;
    expect(region.type).toBe('table');
    expect(region.table).toBeUndefined();
    expect(region.text).toContain('Germany');
    expect(region.text).toContain('Madrid');
  });

  it('deprecated extract_table_structure false behaves as table_mode none', async () => {
    const { pages } = await tablesOf(doc, { extract_table_structure: false });
    expect(pages[0]!.regions[0]!.table).toBeUndefined();
  });

  it('custom: model_selection picks the model per table; a model that is not installed is said so and the built-in engine runs', async () => {
    const small = await tablesOf(doc, { table_mode: 'custom', table_extraction_options: { model_selection: 'pixels > 5000 -> deformable_detr; table_transformer' } });
    const r = small.pages[0]!.regions[0]!;
    expect(r.properties).toMatchObject({ table_model: 'table_transformer', table_engine: expect.stringMatching(/^tessera-hybrid\//) });
    expect(grid(r)).toEqual(ROWS);
    expect(small.status.some((s) => /table_transformer is not installed/.test(s))).toBe(true);

    const byChars = await tablesOf(doc, { table_mode: 'custom', table_extraction_options: { model_selection: 'chars > 20 -> deformable_detr' } });
    expect(byChars.pages[0]!.regions[0]!.properties!.table_model).toBe('deformable_detr');
    expect(byChars.status.some((s) => /deformable_detr is not installed/.test(s))).toBe(true);
  });

  it('standard mode names no model and adds no status line', async () => {
    const { pages, status } = await tablesOf(doc);
    expect(pages[0]!.regions[0]!.properties!.table_model).toBeUndefined();
    expect(status.filter((s) => /not installed/.test(s))).toEqual([]);
  });
});
