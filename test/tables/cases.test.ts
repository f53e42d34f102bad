// Table cases drawn directly with pdf-lib (shapes the block builder cannot make: a table nested in a
// cell, a stacked bar chart, a two-page spread, slide-like text boxes), read back through pdf.js and
// the tables stage: what a user gets as table elements.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { partition } from '../../src/core/index.ts';
import { grid, tablesOfBytes } from './helpers.ts';

interface Canvas {
  text(s: string, x: number, y: number, opts?: { bold?: boolean; size?: number }): void;
  /** A 0.75 pt line from (x0, y0) to (x1, y1), top-left frame. */
  line(x0: number, y0: number, x1: number, y1: number): void;
  /** A filled (and, with `stroke`, outlined) rectangle, top-left frame. */
  box(x0: number, y0: number, x1: number, y1: number, opts?: { stroke?: boolean; grey?: number }): void;
}

async function pdfOf(draw: (c: Canvas) => void, size: [number, number] = [595, 842]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page: PDFPage = doc.addPage(size);
  const H = size[1];
  const fonts: Record<string, PDFFont> = { r: await doc.embedFont(StandardFonts.Helvetica), b: await doc.embedFont(StandardFonts.HelveticaBold) };
  draw({
    text: (s, x, y, o = {}) => page.drawText(s, { x, y: H - y - (o.size ?? 10), size: o.size ?? 10, font: o.bold ? fonts.b! : fonts.r! }),
    line: (x0, y0, x1, y1) => page.drawLine({ start: { x: x0, y: H - y0 }, end: { x: x1, y: H - y1 }, thickness: 0.75, color: rgb(0, 0, 0) }),
    box: (x0, y0, x1, y1, o = {}) =>
      page.drawRectangle({
        x: x0,
        y: H - y1,
        width: x1 - x0,
        height: y1 - y0,
        color: rgb(o.grey ?? 0.6, o.grey ?? 0.6, o.grey ?? 0.6),
        ...(o.stroke ? { borderColor: rgb(0, 0, 0), borderWidth: 0.5 } : {}),
      }),
  });
  return doc.save();
}

/** A ruled grid: lines at the given xs and ys (top-left frame). */
function rules(c: Canvas, xs: number[], ys: number[]): void {
  for (const y of ys) c.line(xs[0]!, y, xs[xs.length - 1]!, y);
  for (const x of xs) c.line(x, ys[0]!, x, ys[ys.length - 1]!);
}

describe('a table nested in a cell', () => {
  it('comes out as a table of its own, beside the outer table that keeps the cell whole', async () => {
    const bytes = await pdfOf((c) => {
      // Outer: 2 x 2, rows at 100-130-220; the nested 2 x 3 table sits in the lower right cell,
      // its bottom on the cell's bottom border.
      rules(c, [80, 250, 520], [100, 130, 220]);
      c.text('Column A', 90, 110);
      c.text('Column B', 260, 110);
      c.text('Simple cell', 90, 140);
      c.text('Rich cell', 260, 140);
      rules(c, [260, 345, 430, 515], [180, 200, 220]);
      for (const [i, s] of ['A', 'B', 'C'].entries()) c.text(s, 265 + 85 * i, 185);
      for (const [i, s] of ['Cell 1', 'Cell 2', 'Cell 3'].entries()) c.text(s, 265 + 85 * i, 205);
    });
    const { pages } = await tablesOfBytes(bytes);
    const regions = pages[0]!.regions;
    expect(regions).toHaveLength(2);
    const [outer, inner] = regions[0]!.properties!.nested ? [regions[1]!, regions[0]!] : [regions[0]!, regions[1]!];
    expect(grid(outer)).toEqual([
      ['Column A', 'Column B'],
      ['Simple cell', 'Rich cell A B C Cell 1 Cell 2 Cell 3'],
    ]);
    expect(inner.properties).toMatchObject({ nested: true, rows: 2, columns: 3 });
    expect(grid(inner)).toEqual([
      ['A', 'B', 'C'],
      ['Cell 1', 'Cell 2', 'Cell 3'],
    ]);
  });
});

describe('things drawn like tables that are not tables', () => {
  it('a stacked bar chart with gridlines and data labels gives no table; a table with shaded rows still does', async () => {
    const chart = await pdfOf((c) => {
      for (let x = 110; x <= 490; x += 38) c.line(x, 100, x, 240);
      c.box(110, 100, 490, 240, { grey: 1, stroke: true });
      const shares = [
        [30, 49, 21],
        [29, 48, 23],
        [28, 46, 26],
        [27, 45, 28],
        [26, 41, 33],
      ];
      shares.forEach((row, r) => {
        let x = 110;
        const y = 110 + 26 * r;
        c.text(String(2001 + 5 * r), 80, y + 1);
        for (const [k, v] of row.entries()) {
          const w = (380 * v) / 100;
          c.box(x, y, x + w, y + 12, { stroke: true, grey: 0.3 + 0.2 * k });
          c.text(v.toFixed(1), x + w / 2 - 8, y + 1);
          x += w;
        }
      });
      for (let k = 0; k <= 10; k++) c.text(`${k * 10}%`, 102 + 38 * k, 248);
    });
    expect((await tablesOfBytes(chart)).pages[0]!.regions).toEqual([]);

    const shaded = await pdfOf((c) => {
      const ys = [100, 120, 140, 160, 180, 200];
      for (let r = 1; r < ys.length; r += 2) c.box(80, ys[r]!, 400, ys[r + 1] ?? 200, { grey: 0.9 });
      rules(c, [80, 200, 300, 400], ys);
      const rows = [
        ['Year', 'Men', 'Women'],
        ['2001', '11.0', '6.6'],
        ['2002', '10.5', '6.1'],
        ['2003', '9.5', '5.3'],
        ['2004', '8.9', '4.8'],
      ];
      rows.forEach((row, r) => row.forEach((s, k) => c.text(s, 90 + [0, 120, 220][k]!, ys[r]! + 5)));
    });
    const regions = (await tablesOfBytes(shaded)).pages[0]!.regions;
    expect(regions).toHaveLength(1);
    expect(grid(regions[0]!)[4]).toEqual(['2004', '8.9', '4.8']);
  });

  it('a framed banner of one row (a page masthead) gives no table', async () => {
    const bytes = await pdfOf((c) => {
      rules(c, [40, 300, 555], [40, 90]);
      c.text('Annual report of the commodity exchange', 50, 60, { bold: true });
      c.text('Iran Mercantile Exchange', 320, 60, { bold: true });
      c.text('The body text of the page follows the masthead and runs across the whole width of the page.', 40, 120);
    });
    expect((await tablesOfBytes(bytes)).pages[0]!.regions).toEqual([]);
  });

  it('bulleted lists set side by side (a slide) give no table', async () => {
    const bytes = await pdfOf((c) => {
      const cols = [['• Item one', '• Item two', '• Item three'], ['1. First step', '2. Second step', '3. Third step'], ['• Apples', '• Pears', '• Plums']];
      cols.forEach((col, k) => col.forEach((s, r) => c.text(s, 60 + 170 * k, 200 + 30 * r, { size: 16 })));
    });
    expect((await tablesOfBytes(bytes)).pages[0]!.regions).toEqual([]);
  });
});

describe('a two-page spread', () => {
  it('a table on the right-hand page does not take in the answers listed on the left-hand page', async () => {
    const bytes = await pdfOf(
      (c) => {
        c.line(612, 0, 612, 792);
        const answers = ['Question 25 asks whether it has providers for children?', 'Yes, at the national level', 'Yes, at regional level', 'Yes, at the local level', 'No'];
        answers.forEach((s, r) => c.text(s, 150, 300 + 18 * r));
        c.text('State funded', 1000, 300);
        c.text('CSOs', 1120, 300);
        const groups = ['Persons with disabilities', 'Children', 'Women', 'The elderly', 'Migrants'];
        groups.forEach((s, r) => {
          c.text(s, 800, 318 + 18 * r);
          c.text('yes', 1020, 318 + 18 * r);
          c.text('no', 1125, 318 + 18 * r);
        });
      },
      [1224, 792],
    );
    const regions = (await tablesOfBytes(bytes)).pages[0]!.regions;
    expect(regions).toHaveLength(1);
    const g = grid(regions[0]!);
    expect(g[0]).toEqual(['', 'State funded', 'CSOs']);
    expect(g.map((r) => r[0])).toEqual(['', 'Persons with disabilities', 'Children', 'Women', 'The elderly', 'Migrants']);
    expect(regions[0]!.rect.x0).toBeGreaterThan(612);
  });
});

describe('what a table element says about itself', () => {
  it('its title: the bold line or the "Table N" caption right above it', async () => {
    const table = (c: Canvas, y: number): void => {
      rules(c, [80, 250, 400], [y, y + 20, y + 40, y + 60]);
      for (const [r, row] of [['Year', 'Ducks'], ['2019', '120'], ['2020', '135']].entries()) row.forEach((s, k) => c.text(s, 90 + 170 * k, y + 5 + 20 * r));
    };
    const bytes = await pdfOf((c) => {
      c.text('Number of freshwater ducks per year', 80, 80, { bold: true });
      table(c, 100);
      c.text('The ducks were counted every spring on the same stretch of the river by the same two people.', 80, 190);
      c.text('Table 2: Ducks counted on the lake', 80, 300);
      table(c, 320);
      c.text('The lake was counted in the same way as the river, with the same two people in the same weeks.', 80, 420);
    });
    const regions = (await tablesOfBytes(bytes)).pages[0]!.regions;
    expect(regions.map((r) => r.properties!.title)).toEqual(['Number of freshwater ducks per year', 'Table 2: Ducks counted on the lake']);
  });

  it('a wrapped cell of a borderless table stays in its row, however many lines it takes', async () => {
    const bytes = await pdfOf((c) => {
      const lines: Array<[string, string]> = [
        ['SELECT', 'function_id,'],
        ['', 'user_name,'],
        ['', 'usage,'],
        ['', 'user_type'],
        ['FROM', 'function_usage'],
        ['WHERE', "function_id='QIBM_DB_SECADM'"],
        ['ORDER BY', 'user_name;'],
      ];
      lines.forEach(([a, b], r) => {
        if (a) c.text(a, 80, 200 + 12 * r);
        c.text(b, 150, 200 + 12 * r);
      });
    });
    const regions = (await tablesOfBytes(bytes, { text_extraction_options: { remove_line_breaks: true } })).pages[0]!.regions;
    expect(regions).toHaveLength(1);
    expect(grid(regions[0]!)).toEqual([
      ['SELECT', 'function_id, user_name, usage, user_type'],
      ['FROM', 'function_usage'],
      ['WHERE', "function_id='QIBM_DB_SECADM'"],
      ['ORDER BY', 'user_name;'],
    ]);
  });

  it('a lone bullet before a cell value is dropped; bullets before several items stay', async () => {
    const bytes = await pdfOf((c) => {
      rules(c, [80, 200, 400], [100, 120, 140, 175]);
      c.text('• R1', 90, 105);
      c.text('• True', 210, 105);
      c.text('• R2', 90, 125);
      c.text('• False', 210, 125);
      c.text('• R3', 90, 145);
      c.text('• First item', 210, 145);
      c.text('• Second item', 210, 160);
    });
    const regions = (await tablesOfBytes(bytes, { text_extraction_options: { remove_line_breaks: true } })).pages[0]!.regions;
    expect(grid(regions[0]!)).toEqual([
      ['R1', 'True'],
      ['R2', 'False'],
      ['R3', '• First item • Second item'],
    ]);
  });
});

describe('a table continued on the next page', () => {
  it('keeps the first page header when only the second page is processed (selected_pages, pages split over threads)', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const draw = (page: PDFPage, rows: string[][], top: number): void => {
      const ys = rows.map((_, r) => top + 20 * r).concat(top + 20 * rows.length);
      const H = 842;
      for (const y of ys) page.drawLine({ start: { x: 80, y: H - y }, end: { x: 400, y: H - y }, thickness: 0.75 });
      for (const x of [80, 200, 300, 400]) page.drawLine({ start: { x, y: H - ys[0]! }, end: { x, y: H - ys[ys.length - 1]! }, thickness: 0.75 });
      rows.forEach((row, r) => row.forEach((s, k) => page.drawText(s, { x: 90 + [0, 120, 220][k]!, y: H - ys[r]! - 15, size: 10, font })));
    };
    const p1 = doc.addPage([595, 842]);
    p1.drawText('Releases by region and year, in tonnes, as reported by the member states.', { x: 80, y: 842 - 600, size: 10, font });
    draw(p1, [['Region', 'Air', 'Water'], ['North', '10', '20'], ['South', '30', '40'], ['East', '50', '60']], 660);
    draw(doc.addPage([595, 842]), [['West', '70', '80'], ['Centre', '90', '100'], ['Islands', '5', '6']], 80);
    const response = await partition({ file: await doc.save(), options: { selected_pages: [2] } });
    const table = response.elements!.find((e) => e.type === 'table')!;
    expect(table.properties.page_number).toBe(2);
    expect(table.properties.continued_from).toEqual({ page_number: 1, column_headers: ['Region', 'Air', 'Water'] });
    expect(table.table!.column_headers).toEqual(['Region', 'Air', 'Water']);
    expect(table.table!.cells.filter((c) => c.is_header)).toEqual([]);
  });
});

describe('a page laid out in ruled boxes of paragraphs', () => {
  it('is not a table, while a ruled table of short cells still is', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    // Two boxes side by side (a cover's main text and its sidebar), each holding a paragraph.
    // Under them a strip with the document number and the series name.
    for (const y of [700, 400, 370]) page.drawLine({ start: { x: 20, y }, end: { x: 592, y }, thickness: 1 });
    for (const x of [20, 330, 592]) page.drawLine({ start: { x, y: 370 }, end: { x, y: 700 }, thickness: 1 });
    page.drawText('REDP-5110-00', { x: 30, y: 380, size: 9, font });
    page.drawText('Redpaper', { x: 340, y: 380, size: 9, font });
    const sentence = 'This publication explains how to protect data with row permissions and column masks';
    // (Set at different leading, as a cover's main text and its sidebar are.)
    for (const [x, lead, lines] of [[30, 14, 12], [340, 11.5, 15]] as const)
      for (let i = 0; i < lines; i++) page.drawText(sentence.slice(0, 48), { x, y: 680 - i * lead, size: 9, font });
    // A real table below: 3 x 3 ruled cells of short values.
    for (const y of [300, 270, 240, 210]) page.drawLine({ start: { x: 100, y }, end: { x: 400, y }, thickness: 1 });
    for (const x of [100, 200, 300, 400]) page.drawLine({ start: { x, y: 210 }, end: { x, y: 300 }, thickness: 1 });
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) page.drawText(r === 0 ? `Col ${c}` : `${r * 10 + c}`, { x: 110 + c * 100, y: 280 - r * 30, size: 9, font });
    const { pages } = await tablesOfBytes(await pdf.save());
    const tables = pages[0]!.regions.filter((r) => r.type === 'table');
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)[0]).toEqual(['Col 0', 'Col 1', 'Col 2']);
  });
});
